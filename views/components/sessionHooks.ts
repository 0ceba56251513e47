// The session's reactions after hydration (components/SessionSync.tsx): a
// chunk of its own, so the stored session's decryption and the cross-tab
// follow-up are not part of every page's first-load script.
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk
import { acceptProfile, SESSION_KEY, type Profile } from "../lib/session";
import { loadSession } from "../lib/sessionStore";
import { onBroadcast } from "../lib/broadcast";
import { call, type CallContext } from "../api/client";
import { expireSession } from "../lib/auth";

export interface SessionArgs extends CallContext {
  loginRequired: boolean;
  setUser(u: Profile | null): void;
  setCartQty(n: number): void;
}

// startSessionSync loads the stored session, and again whenever another tab
// signs in; it returns the function that stops following.
export function startSessionSync(a: SessionArgs): () => void {
  const { lang, loginRequired, setUser, setCartQty } = a;
  const load = () => loadSession().then((s) => {
    // SPEC §3: empty info or userUid "0" resets; short uids are not stored.
    setUser(s ? acceptProfile(s.user) : null);
    // The badge shows the cart as the server has it (another device may have added).
    if (s) call<{ lines: { quantity: number }[] }[]>(a, "shoppingCartList", {}, { silent: true })
      .then((gs) => setCartQty(gs.reduce((n, g) => n + g.lines.reduce((m, l) => m + l.quantity, 0), 0)))
      .catch(() => { /* the badge waits for the next page */ });
    if (!s && loginRequired) expireSession(lang, true, false);
  });
  void load();
  const off = onBroadcast((type) => {
    if (type === "LoginSuccessMsg") void load();
    if (type === "SessionExpireMsg") {
      setUser(null);
      if (loginRequired) expireSession(lang, true, false);
    }
  });
  // The broadcast can arrive before another tab's localStorage write is
  // visible here (Chrome propagates storage between processes later);
  // the storage event fires once it is.
  const onStorage = (e: StorageEvent) => { if (e.key === SESSION_KEY) void load(); };
  window.addEventListener("storage", onStorage);
  return () => { off(); window.removeEventListener("storage", onStorage); };
}
