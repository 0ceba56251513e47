import { APP_UA, MAX_INSET } from "./boot";

// Browser facts, read only after hydration (never during render).
export function isEmbeddedApp(): boolean {
  return typeof navigator !== "undefined" && APP_UA.test(navigator.userAgent);
}

// followAppInsets keeps --inset-top on the native top inset the app passes
// (window.SoukAppInsets = {top: px}; the boot script read it before the
// first paint). The app may change it later, then dispatch a
// "soukappinsets" event on window; a rotation's resize reads it too.
// Without a value, --inset-top stays env(safe-area-inset-top) (styles.css).
export function followAppInsets(): () => void {
  if (!isEmbeddedApp()) return () => {};
  const apply = () => {
    const t = Number((window as { SoukAppInsets?: { top?: unknown } }).SoukAppInsets?.top);
    const s = document.documentElement.style;
    if (t >= 0 && t <= MAX_INSET) s.setProperty("--inset-top", t + "px");
    else s.removeProperty("--inset-top");
  };
  window.addEventListener("soukappinsets", apply);
  window.addEventListener("resize", apply);
  return () => { window.removeEventListener("soukappinsets", apply); window.removeEventListener("resize", apply); };
}

// Desktop opens goods in a new tab; phones and the embedded app stay in the
// same tab (SPEC §2). "Desktop" = a fine pointer and a window of 50em or more.
export function opensNewTab(): boolean {
  if (typeof window === "undefined" || isEmbeddedApp()) return false;
  return window.matchMedia("(pointer: fine) and (min-width: 50em)").matches;
}

// followLinks is the one click handler for where links open (SPEC §2):
// on desktop a goods card opens in a new tab; in the app every link stays
// in the same tab, those marked target=_blank too (a web view has no other
// tab, and some drop such links silently).
export function followLinks(): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
    if (!a || a.hasAttribute("download")) return;
    if (isEmbeddedApp()) {
      if (a.target && a.target !== "_self") { e.preventDefault(); location.assign(a.href); }
      return;
    }
    if (a.classList.contains("card-link") && opensNewTab()) { e.preventDefault(); window.open(a.href, "_blank", "noopener"); }
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
