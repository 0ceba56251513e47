// The stored session (lib/session.ts): read and written encrypted with
// AES-GCM under a key derived from a constant. A chunk of its own, fetched
// after hydration (components/sessionHooks.ts) or by the pages that sign in.
import "./shell"; // every chunk reaches the shell: it stays one chunk
import { clearStoredSession, remember, TOKEN_LIFE_MS, SESSION_KEY as KEY, type Profile, type Session } from "./session";

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

// loadSession reads and decrypts the stored session; an expired, missing or
// unreadable one clears token and user.
export async function loadSession(): Promise<Session | null> {
  remember(null);
  let raw: string | null = null;
  try { raw = localStorage.getItem(KEY); } catch { return null; }
  if (!raw) return null;
  try {
    const bytes = unb64(raw);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await key(), bytes.slice(12));
    const s = JSON.parse(new TextDecoder().decode(plain)) as Session;
    if (!s.token || !s.expiresAt || Date.now() > s.expiresAt) throw new Error("expired");
    remember(s);
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
  remember(s);
  return s;
}
