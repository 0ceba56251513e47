// Browser facts, read only after hydration (never during render).
export function isEmbeddedApp(): boolean {
  return typeof navigator !== "undefined" && /SoukApp\//.test(navigator.userAgent);
}

// Platform is what kind of device a page is on, for the app download pages:
// the embedded app, an Android or iOS phone or tablet, or anything else.
export type Platform = "app" | "android" | "ios" | "desktop";

// platformOf reads a user agent (an iPad asking for the desktop site says
// "Macintosh" but has a touch screen).
export function platformOf(ua: string, touchPoints = 0): Platform {
  if (/SoukApp\//.test(ua)) return "app";
  if (/Android/i.test(ua)) return "android";
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)) return "ios";
  return "desktop";
}

// lockZoomInApp keeps the spec's "no zoom" inside the embedded app only,
// where the native shell owns gestures; browsers keep zoom (WCAG 1.4.4).
export function lockZoomInApp() {
  if (!isEmbeddedApp()) return;
  document.querySelector('meta[name="viewport"]')?.setAttribute("content",
    "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover");
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
