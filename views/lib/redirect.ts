// The one rule for following a ?redirect= value (login, register, code and
// QR login, the address book): only a path on this site. Browsers are lenient
// with what they get: they drop tabs and newlines anywhere in a URL, read a
// backslash as a slash, and take "//host" or "/\host" as another site, so
// "/\evil.example" or "/%09/evil.example" (a tab once decoded) would leave
// the site. Rather than predict every leniency, a target must be plain
// printable ASCII (what location.pathname + location.search always is) and
// must stay a same-site path however many times it is percent-decoded: a
// server or proxy further on might decode it once more.
// Pure: no window, no document; node tests import it (views/e2e/redirect.test.mjs).

// Characters that look like or act as slashes and backslashes once a URL is
// normalised or shown: DIVISION SLASH, SET MINUS, FRACTION SLASH, BIG
// SOLIDUS, BIG REVERSE SOLIDUS, REVERSE SOLIDUS OPERATOR, SMALL REVERSE
// SOLIDUS, FULLWIDTH SOLIDUS and REVERSE SOLIDUS, BOX DRAWINGS DIAGONALS.
const SLASHLIKE = /[\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c\u2571\u2572]/;
// C0 and C1 controls (tab, newline and carriage return among them, which
// browsers delete anywhere in a URL), DEL, and invisible format characters
// that normalisers delete. Plain spaces are harmless inside a decoded path
// (the raw form admits none).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const ESCAPE = /%[0-9a-fA-F]{2}/; // a lone "%" decodes to nothing else, anywhere
const BASE = "https://souk.invalid"; // any origin: only sameness matters

// safeRedirect returns r when it is a path on this site, else "".
export function safeRedirect(r: string | null | undefined): string {
  if (!r || r.length > 2048 || !PRINTABLE_ASCII.test(r)) return "";
  let form = r;
  for (let round = 0; ; round++) {
    if (!sitePath(form)) return "";
    if (!ESCAPE.test(form)) break;
    if (round === 3) return ""; // still encoded after three decodings: not a link we make
    try { form = decodeURIComponent(form); } catch { return ""; } // escapes that are not UTF-8
  }
  try {
    const u = new URL(r, BASE);
    if (u.origin !== BASE) return "";
  } catch { return ""; }
  return r;
}

// sitePath: starts with one slash, followed by neither a slash nor a
// backslash, with nothing slash-like or invisible anywhere.
function sitePath(s: string): boolean {
  return s.startsWith("/") && !s.startsWith("//") && !SLASHLIKE.test(s) && !CONTROL.test(s);
}

// decodedForms is r and what it percent-decodes to, for rules about the
// words a target contains (SPEC §2: no going back to login or register).
export function decodedForms(r: string): string[] {
  const out = [r];
  for (let i = 0; i < 3 && ESCAPE.test(out[out.length - 1]); i++) {
    try { out.push(decodeURIComponent(out[out.length - 1])); } catch { break; }
  }
  return out;
}
