// The kind of device a page is on, for the app download pages (a module of
// its own: lib/env.ts is part of every page's first-load script).
import { APP_UA } from "./boot";

// Platform is what kind of device a page is on, for the app download pages:
// the embedded app, an Android or iOS phone or tablet, or anything else.
export type Platform = "app" | "android" | "ios" | "desktop";

// platformOf reads a user agent (an iPad asking for the desktop site says
// "Macintosh" but has a touch screen).
export function platformOf(ua: string, touchPoints = 0): Platform {
  if (APP_UA.test(ua)) return "app";
  if (/Android/i.test(ua)) return "android";
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)) return "ios";
  return "desktop";
}
