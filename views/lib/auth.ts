// Signing in and out in the browser, and the login-required rule.
import { broadcast, signalNative } from "./broadcast";
import { clearStoredSession, currentToken, saveSession, type Profile } from "./session";
import { isEmbeddedApp } from "./env";
import { loginPath, withLang } from "./paths";
import { decodedForms, safeRedirect } from "./redirect";

// afterLoginTarget follows the redirect parameter unless it leads off our
// own site (see redirect.ts) or to login or register (SPEC §2).
export function afterLoginTarget(redirect: string | null, lang: string): string {
  const safe = safeRedirect(redirect);
  if (safe && !decodedForms(safe).some((f) => /login|register/i.test(f))) return safe;
  return withLang(lang, "/");
}

// completeLogin stores the session, tells the other tabs, and goes on.
export async function completeLogin(token: string, user: Profile, lang: string): Promise<void> {
  await saveSession(token, user);
  broadcast("LoginSuccessMsg");
  const redirect = new URLSearchParams(location.search).get("redirect");
  location.assign(afterLoginTarget(redirect, lang));
}

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
