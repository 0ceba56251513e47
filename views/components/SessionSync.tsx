import { useEffect } from "react";
import { useData, useShop, useT } from "../stores/context";
import { setApiHooks, setEnvelopeKey } from "../api/client";
import { expireSession } from "../lib/auth";
import { withLang } from "../lib/paths";

// SessionSync installs the API's reactions to the error catalogue (SPEC §8)
// at hydration, then loads the stored session and follows logins and
// expiries announced by other tabs: that code (sessionHooks.ts) is a chunk
// fetched after hydration. It renders nothing.
export function SessionSync({ loginRequired }: { loginRequired: boolean }) {
  const t = useT();
  const { lang, ek, region, currency } = useData();
  const setCartQty = useShop((s) => s.setCartQty);
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  const openDialog = useShop((s) => s.openDialog);
  useEffect(() => {
    setEnvelopeKey(ek);
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
    let stop = () => {};
    let dead = false;
    import("./sessionHooks").then((h) => {
      if (!dead) stop = h.startSessionSync({ lang, region, currency, t, loginRequired, setUser, setCartQty });
    }, () => undefined);
    return () => { dead = true; stop(); setApiHooks(null); };
  }, [lang, ek, region, currency, loginRequired, setUser, setCartQty, showToast, openDialog, t]);
  return null;
}
