// The main-tab election of SPEC §4: one tab per browser holds the socket.
// The main tab keeps {id, at} in localStorage fresh every 2 s; a tab finding
// the stamp older than 5 s (or gone) claims it and announces AppIsMain; a
// tab hearing that announcement gives up. Browser only.
export const MAIN_KEY = "souk.main";
export const MAIN_CHECK_MS = 2000;
export const MAIN_STALE_MS = 5000;

interface Stamp { id: string; at: number }

function read(): Stamp | null {
  try {
    const v = JSON.parse(localStorage.getItem(MAIN_KEY) ?? "null") as Stamp | null;
    return v && typeof v.id === "string" && typeof v.at === "number" ? v : null;
  } catch {
    return null;
  }
}

function write(s: Stamp) {
  try { localStorage.setItem(MAIN_KEY, JSON.stringify(s)); } catch { /* storage off: every tab is its own main */ }
}

// checkMain answers whether tab id is (now) main: it refreshes its own stamp
// or claims a stale one.
export function checkMain(id: string, now = Date.now()): boolean {
  const cur = read();
  if (cur && cur.id !== id && now - cur.at <= MAIN_STALE_MS) return false;
  write({ id, at: now });
  return true;
}

// releaseMain drops the stamp when the main tab goes away, so another takes
// over at its next check (≤ 2 s) instead of waiting out the 5 s.
export function releaseMain(id: string) {
  if (read()?.id !== id) return;
  try { localStorage.removeItem(MAIN_KEY); } catch { /* nothing to drop */ }
}
