import { useEffect } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { withLang } from "../../lib/paths";
import { identityTypeOf, typeName } from "./shared";

// IdentityMePage (/biger/{type}/me) opens the signed-in user's own identity
// page of that type once it is approved, and its application otherwise.
export function IdentityMePage() {
  const t = useT();
  const { lang, data } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const type = identityTypeOf(data.param);
  useEffect(() => {
    if (!signedIn || !type) return;
    const name = typeName(type);
    void api<{ uid: string; public: boolean } | null>("myIdentity/getInfo/" + type).then((it) => {
      location.replace(withLang(lang, it?.public ? "/biger/" + name + "/" + encodeURIComponent(it.uid) : "/editbigerprofile/" + name));
    }).catch(() => { /* the toast said why */ });
  }, [signedIn, type]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <AuthFrame title={t(type ? "IdentityViewPage" : "IdentityTypeUnknown")} loginRequired>
      <p className="muted" data-testid="identity-me">{t("Loading")}</p>
    </AuthFrame>
  );
}
