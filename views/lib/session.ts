// The session in the browser (SPEC §4): the token and user info, kept in
// localStorage encrypted with a fixed scheme (AES-GCM under a key derived
// from a constant, via WebCrypto), with an expiry of 20 days after saving.
// This keeps the token out of casual view of storage dumps and extensions
// reading plain keys; it is not a secret from code running in the page.
// Browser only: nothing here runs during render.

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

let cryptoKey: Promise<CryptoKey> | null = null;
function key(): Promise<CryptoKey> {
  cryptoKey ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode("souk local storage v1"))
    .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  return cryptoKey;
}

function b64(buf: Uint8Array): string {
  let s = "";
  buf.forEach((b) => (s += String.fromCharCode(b)));
  return btoa(s);
}

function unb64(s: string): Uint8Array {
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
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

// loadSession reads and decrypts the stored session; an expired, missing or
// unreadable one clears token and user.
export async function loadSession(): Promise<Session | null> {
  current = null;
  let raw: string | null = null;
  try { raw = localStorage.getItem(KEY); } catch { return null; }
  if (!raw) return null;
  try {
    const bytes = unb64(raw);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await key(), bytes.slice(12));
    const s = JSON.parse(new TextDecoder().decode(plain)) as Session;
    if (!s.token || !s.expiresAt || Date.now() > s.expiresAt) throw new Error("expired");
    current = s;
    return s;
  } catch {
    clearStoredSession();
    return null;
  }
}

// saveSession stores a session that expires 20 days from now.
export async function saveSession(token: string, user: Profile): Promise<Session> {
  const s: Session = { token, user, expiresAt: Date.now() + TOKEN_LIFE_MS };
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key(), new TextEncoder().encode(JSON.stringify(s))));
  const out = new Uint8Array(12 + sealed.length);
  out.set(iv);
  out.set(sealed, 12);
  try { localStorage.setItem(KEY, b64(out)); } catch { /* storage full or disabled: the session lives in memory */ }
  current = s;
  return s;
}

export function clearStoredSession() {
  current = null;
  // The chat's unsent messages go with the session (lib/chatOutbox.ts).
  try { localStorage.removeItem(KEY); localStorage.removeItem("souk.chat.outbox"); } catch { /* nothing to clear */ }
}

// transformPassword is what the browser sends instead of the password:
// hex(SHA-256("souk|" + normalised email + "|" + password)). See
// app/account/validate.go for why.
export async function transformPassword(email: string, password: string): Promise<string> {
  const data = new TextEncoder().encode("souk|" + normalizeEmail(email) + "|" + password);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// normalizeEmail removes white space and lowercases (SPEC §5).
export function normalizeEmail(s: string): string {
  return s.replace(/\s+/g, "").toLowerCase();
}

// emailError returns the message key for a bad address, or "".
export function emailError(raw: string, forLogin: boolean): string {
  const e = normalizeEmail(raw);
  if (forLogin && e.length < 3) return "IncorrectEntry";
  if (!/^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test(e)) return "EmailFormatError";
  return "";
}
