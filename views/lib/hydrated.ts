import { useShop } from "../stores/context";

// useHydrated is false during the server render and the hydrating render,
// true afterwards: browser-only formatting (Intl dates) waits for it so the
// first client render matches the server's HTML.
export function useHydrated(): boolean {
  return useShop((s) => s.hydrated);
}

// formatDate prints a timestamp for lang: a neutral ISO form on the server
// and while hydrating, the language's long form afterwards.
export function formatDate(ms: number | undefined, lang: string, hydrated: boolean, withTime = false): string {
  if (!ms) return "…";
  const d = new Date(ms);
  if (!hydrated) return d.toISOString().slice(0, withTime ? 16 : 10).replace("T", " ");
  try {
    return new Intl.DateTimeFormat(lang, withTime ? { dateStyle: "long", timeStyle: "short" } : { dateStyle: "long" }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

// relativeTime follows SPEC §9: under 30 minutes, time from now; under a
// day, the time of day; otherwise the long date and time.
export function relativeTime(ms: number | undefined, now: number, lang: string, hydrated: boolean): string {
  if (!ms) return "…";
  if (!hydrated) return formatDate(ms, lang, false, true);
  const diff = now - ms;
  try {
    if (diff >= 0 && diff < 30 * 60e3) return new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(-Math.round(diff / 60e3), "minute");
    if (diff >= 0 && diff < 24 * 3600e3) return new Intl.DateTimeFormat(lang, { timeStyle: "short" }).format(new Date(ms));
  } catch { /* fall through to the long form */ }
  return formatDate(ms, lang, true, true);
}
