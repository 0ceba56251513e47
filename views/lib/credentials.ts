// What the sign-in, registration and address-change forms do with an email
// and a password before sending them. Not part of lib/session.ts, which
// every page's first load carries.

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
