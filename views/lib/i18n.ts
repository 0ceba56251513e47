import type { NumberFormat, Price, Txt } from "./types";

// t looks a key up in the catalog and fills {name} placeholders. A key
// missing from the catalog shows as itself, so a gap is visible, not blank.
export function translate(catalog: Record<string, string>, key: string, args?: Record<string, string | number>): string {
  let s = catalog[key] ?? key;
  if (args) for (const k of Object.keys(args)) s = s.split("{" + k + "}").join(String(args[k]));
  return s;
}

// formatNumber is deterministic (no Intl), so the server in goja and the
// browser print the same digits and hydration matches.
export function formatNumber(n: number, f: NumberFormat, decimals = 2): string {
  const neg = n < 0;
  const fixed = Math.abs(n).toFixed(decimals);
  const [int, frac] = fixed.split(".");
  let grouped = int.length > 3 ? "" : int; // most prices need no group separator
  for (let i = 0; int.length > 3 && i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += f.group;
    grouped += int[i];
  }
  return (neg ? "-" : "") + grouped + (frac ? f.dec + frac : "");
}

const zeroDecimal = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "HUF", "IDR", "UGX", "XOF", "XAF"]);

// formatPrice prints a price; whole is for round figures (a price filter's
// bounds), printed without decimals.
export function formatPrice(p: Price | undefined, f: NumberFormat, whole = false): string {
  if (!p) return "";
  const decimals = whole || zeroDecimal.has(p.currency.c) ? 0 : 2;
  const num = formatNumber(p.amount, f, decimals);
  const sym = p.currency.s || p.currency.c;
  if (f.symbolAfter) return num + "\u00a0" + sym;
  return endsInLetter(sym) ? sym + "\u00a0" + num : sym + num;
}

// endsInLetter: a symbol ending in a letter (CHF, SEK, ر.س) is kept apart
// from the digits, as CLDR does. goja has no \p{L}: cased letters are told
// by their case, Arabic script by its block.
function endsInLetter(sym: string): boolean {
  const code = sym.charCodeAt(sym.length - 1);
  // ASCII (most symbols) without the case calls and the regexp, which a
  // home page's fifty prices pay in goja.
  if (code < 0x80) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  const c = sym.slice(-1);
  return c.toLowerCase() !== c.toUpperCase() || /[\u0600-\u06ff]/.test(c);
}

// txtLang returns the lang attribute a text needs when it is shown in a
// language other than the page's (an untranslated name, say).
export function txtLang(t: Txt | undefined, pageLang: string): string | undefined {
  return t?.lan && t.lan !== pageLang ? t.lan : undefined;
}
