// Wire shapes of the address book API and what its two pages share: the
// redirect rule, country names from Intl, and the form's checks (the same
// rules the server enforces, from the table address/countries sends).
import { useCallback, useEffect, useState } from "react";
import { safeRedirect } from "../../lib/redirect";

export interface Address {
  id: string; name: string; phone: string; country: string; region: string; city: string;
  line1: string; line2: string; postalCode: string; isDefault: boolean;
}
export type AddressForm = Omit<Address, "id">;

export interface Country {
  code: string; postalRequired: boolean; postalExample?: string; postalPattern?: string; noPostal?: boolean;
  regionRequired: boolean; regions?: string[];
}

// safeRedirect keeps a redirect only when it is a path on this site: the
// one rule every page that follows ?redirect= uses.
export { safeRedirect };

// readRedirect reads ?redirect= (in effects only, never in render).
export function readRedirect(): string {
  return safeRedirect(new URLSearchParams(window.location.search).get("redirect"));
}

// withAddress is where to go back to with an address chosen: the redirect
// with addressId set, which checkout reads.
export function withAddress(redirect: string, id: string): string {
  const u = new URL(redirect, window.location.origin);
  u.searchParams.set("addressId", id);
  return u.pathname + u.search + u.hash;
}

type DisplayNamesCtor = new (locales: string[], opts: { type: "region" }) => { of(code: string): string | undefined };

// useCountryNames names countries in the page's language. Intl runs only in
// the browser, after hydration: until then (and on the server) codes show.
export function useCountryNames(lang: string): (code: string) => string {
  const [names, setNames] = useState<{ of(code: string): string | undefined } | null>(null);
  useEffect(() => {
    const DN = (Intl as unknown as { DisplayNames?: DisplayNamesCtor }).DisplayNames;
    if (!DN) return;
    try { setNames(new DN([lang, "en"], { type: "region" })); } catch { /* an unknown tag: codes stay */ }
  }, [lang]);
  return useCallback((code: string) => {
    try { return names?.of(code) ?? code; } catch { return code; }
  }, [names]);
}

const bytes = (s: string) => new TextEncoder().encode(s).length;
const tooLong = (s: string, n: number) => [...s].length > n || bytes(s) > n;
const clean = (s: string) => s.trim().replace(/\s+/g, " ");
const genericPostal = /^[A-Z0-9](?:[A-Z0-9 -]{0,14}[A-Z0-9])?$/;

// checkForm finds each field's first problem as a catalog key, like the
// server does; the server checks again.
export function checkForm(f: AddressForm, c: Country | undefined): Record<string, string> {
  const e: Record<string, string> = {};
  const name = clean(f.name), phone = clean(f.phone), city = clean(f.city), region = clean(f.region);
  const line1 = clean(f.line1), line2 = clean(f.line2), postal = clean(f.postalCode).toUpperCase();
  if (!name) e.name = "AddressNameRequired";
  else if (tooLong(name, 100)) e.name = "AddressNameTooLong";
  const digits = phone.replace(/\D/g, "").length;
  if (phone.length < 5 || phone.length > 32 || !/^[0-9 +\-()]+$/.test(phone) || digits < 5) e.phone = "AddressPhoneInvalid";
  if (!c) {
    e.country = "AddressCountryInvalid";
    return e;
  }
  if (c.regions?.length) {
    if (!c.regions.includes(region.toUpperCase())) e.region = "AddressRegionChoose";
  } else if (c.regionRequired && !region) e.region = "AddressRegionRequired";
  else if (tooLong(region, 100)) e.region = "AddressRegionTooLong";
  if (!city) e.city = "AddressCityRequired";
  else if (tooLong(city, 100)) e.city = "AddressCityTooLong";
  if (!line1) e.line1 = "AddressLine1Required";
  else if (tooLong(line1, 200)) e.line1 = "AddressLineTooLong";
  if (tooLong(line2, 200)) e.line2 = "AddressLineTooLong";
  if (c.noPostal) return e;
  const compact = postal.replace(/[ -]/g, "");
  if (c.postalPattern) {
    if (!compact) { if (c.postalRequired) e.postalCode = "AddressPostalRequired"; }
    else if (!new RegExp(c.postalPattern).test(compact)) e.postalCode = "AddressPostalFormat";
  } else if (postal && !genericPostal.test(postal)) e.postalCode = "AddressPostalInvalid";
  return e;
}
