// The session in the browser (SPEC §4): the token and user info, kept in
// localStorage encrypted with a fixed scheme (AES-GCM under a key derived
// from a constant, via WebCrypto), with an expiry of 20 days after saving.
// This keeps the token out of casual view of storage dumps and extensions
// reading plain keys; it is not a secret from code running in the page.
// Browser only: nothing here runs during render. The encryption is
// lib/sessionStore.ts, fetched after hydration: every page's first load
// carries this module.

export const TOKEN_LIFE_MS = 1728000000; // 20 days
export const SESSION_KEY = "souk.session";
const KEY = SESSION_KEY;

export interface Profile {
  userUid: string;
  userName: string;
  userType: number;
  title?: string;
  brief?: string;
  avatarUrl: string;
  backgroundUrl?: string;
  shoppingQuantity: number;
  email?: string;
  staffRole?: string; // reviewer or admin: the back office shows its queues
}

export interface Session { token: string; expiresAt: number; user: Profile }

// emptyProfile is the signed-out profile (SPEC §3 reset rules).
export function emptyProfile(): Profile {
  return { userUid: "", userName: "", userType: 0, avatarUrl: "", shoppingQuantity: 0 };
}

// acceptProfile applies SPEC §3: empty info or userUid "0" resets; info is
// kept only when userUid has at least 3 characters.
export function acceptProfile(info: Partial<Profile> | null | undefined): Profile | null {
  if (!info || info.userUid === "0" || !info.userUid) return emptyProfile();
  if (info.userUid.length < 3) return null;
  return { ...emptyProfile(), ...info, userType: info.userType ?? 0, shoppingQuantity: info.shoppingQuantity ?? 0 } as Profile;
}

let current: Session | null = null;

// currentSession is the session loaded into memory (null when signed out).
export function currentSession(): Session | null {
  if (current && Date.now() > current.expiresAt) current = null;
  return current;
}

export function currentToken(): string {
  return currentSession()?.token ?? "";
}

// remember holds s as the session in memory (lib/sessionStore.ts reads and
// writes the stored one).
export function remember(s: Session | null) {
  current = s;
}

export function clearStoredSession() {
  current = null;
  // The chat's unsent messages go with the session (lib/chatOutbox.ts).
  try { localStorage.removeItem(KEY); localStorage.removeItem("souk.chat.outbox"); } catch { /* nothing to clear */ }
}
