// Browser facts, read only after hydration (never during render).
export function isEmbeddedApp(): boolean {
  return typeof navigator !== "undefined" && /SoukApp\//.test(navigator.userAgent);
}

// Desktop opens goods in a new tab; phones and the embedded app stay in the
// same tab (SPEC §2). "Desktop" = a fine pointer and a window of 50em or more.
export function opensNewTab(): boolean {
  if (typeof window === "undefined" || isEmbeddedApp()) return false;
  return window.matchMedia("(pointer: fine) and (min-width: 50em)").matches;
}

export function setCookie(name: string, value: string) {
  document.cookie = name + "=" + encodeURIComponent(value) + "; Path=/; Max-Age=31536000; SameSite=Lax";
}
