// Signing out in the browser, and the login-required rule (every page's
// first load carries this module: signing in is lib/signin.ts, which only
// the sign-in pages load).
import { broadcast, signalNative } from "./broadcast";
import { clearStoredSession, currentToken } from "./session";
import { isEmbeddedApp } from "./env";
import { loginPath } from "./paths";

let leaving = false; // a page navigates away for its session at most once

// expireSession clears token and user everywhere and asks for a login:
// the embedded app is told natively, a browser goes to /login. A tab that
// heard of the expiry from another tab passes announce=false, so the news
// does not bounce between tabs.
export function expireSession(lang: string, goLogin = true, announce = true) {
  clearStoredSession();
  if (announce) broadcast("SessionExpireMsg");
  if (isEmbeddedApp()) return signalNative("SessionExpire");
  if (goLogin && !leaving) {
    leaving = true;
    location.assign(loginPath(lang, location.pathname + location.search));
  }
}

// requireLogin checks for a local token before a login-needing action;
// without one it sends the visitor to /login (or signals the app).
export function requireLogin(lang: string, target?: string): boolean {
  if (currentToken()) return true;
  if (isEmbeddedApp()) {
    signalNative("SessionExpire");
    return false;
  }
  location.assign(loginPath(lang, target ?? location.pathname + location.search));
  return false;
}
