import { useEffect } from "react";
import { useData, useShop, useT } from "../stores/context";
import { acceptProfile, loadSession, SESSION_KEY } from "../lib/session";
import { onBroadcast } from "../lib/broadcast";
import { call, setApiHooks, setEnvelopeKey } from "../api/client";
import { expireSession } from "../lib/auth";
import { withLang } from "../lib/paths";

// SessionSync loads the stored session after hydration, follows logins and
// expiries announced by other tabs, and installs the API's reactions to the
// error catalogue (SPEC §8). It renders nothing.
export function SessionSync({ loginRequired }: { loginRequired: boolean }) {
  const t = useT();
  const { lang, ek, region, currency } = useData();
  const setCartQty = useShop((s) => s.setCartQty);
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  const openDialog = useShop((s) => s.openDialog);
  useEffect(() => {
    setEnvelopeKey(ek);
    const load = () => loadSession().then((s) => {
      // SPEC §3: empty info or userUid "0" resets; short uids are not stored.
      setUser(s ? acceptProfile(s.user) : null);
      // The badge shows the cart as the server has it (another device may have added).
      if (s) call<{ lines: { quantity: number }[] }[]>({ lang, region, currency, t }, "shoppingCartList", {}, { silent: true })
        .then((gs) => setCartQty(gs.reduce((n, g) => n + g.lines.reduce((m, l) => m + l.quantity, 0), 0)))
        .catch(() => { /* the badge waits for the next page */ });
      if (!s && loginRequired) expireSession(lang, true, false);
    });
    void load();
    setApiHooks({
      // A dead session sends the visitor to login only from a page that
      // needs one; a public page just shows them signed out, telling them
      // only when something they asked for failed because of it.
      expired: (quiet) => {
        setUser(null);
        if (loginRequired || !quiet) showToast(t("SessionExpired"));
        expireSession(lang, loginRequired);
      },
      blocked: (msg) => { if (msg) showToast(msg); location.assign(withLang(lang, "/block/126")); },
      region: (msg) => { showToast(msg); openDialog("region"); },
      toast: showToast,
    });
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
    return () => { off(); window.removeEventListener("storage", onStorage); setApiHooks(null); };
  }, [lang, ek, region, currency, loginRequired, setUser, setCartQty, showToast, openDialog, t]);
  return null;
}
