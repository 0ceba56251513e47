// Signing in in the browser: what the sign-in pages do once the server has
// said yes. Not part of lib/auth.ts, which every page's first load carries.
import { broadcast } from "./broadcast";
import { type Profile } from "./session";
import { saveSession } from "./sessionStore";
import { withLang } from "./paths";
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
