// The encrypted variant of an API call (api/client.ts, opts.sealed): AES-GCM
// under the envelope key the page carries, the 12-byte IV first, base64.
// A chunk of its own: only the sign-in and account pages seal a call.
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk

let cached: { b64: string; key: Promise<CryptoKey> } | null = null;

function ekey(b64: string): Promise<CryptoKey> {
  if (cached?.b64 !== b64) {
    cached = { b64, key: crypto.subtle.importKey("raw", Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), "AES-GCM", false, ["encrypt", "decrypt"]) };
  }
  return cached.key;
}

export async function seal(plain: string, b64key: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await ekey(b64key), new TextEncoder().encode(plain)));
  const out = new Uint8Array(12 + ct.length);
  out.set(iv);
  out.set(ct, 12);
  let s = "";
  out.forEach((b) => (s += String.fromCharCode(b)));
  return btoa(s);
}

export async function open(b64: string, b64key: string): Promise<string> {
  const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: raw.slice(0, 12) }, await ekey(b64key), raw.slice(12));
  return new TextDecoder().decode(plain);
}
