import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { AuthFrame } from "../auth/AuthFrame";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { requireLogin } from "../../lib/auth";
import { withLang } from "../../lib/paths";
import { picture } from "../../components/Picture";

// UserPage is a user's public profile (user?userUid=…).
export function UserPage() {
  const t = useT();
  const p = useData().data.profile!;
  return (
    <Layout>
      <Seo title={t("UserPageTitle", { name: p.userName })} description={p.brief || t("UserPageTitle", { name: p.userName })} type="profile" />
      <header className="identity-head user-head" style={p.backgroundUrl ? { backgroundImage: `url(${p.backgroundUrl})` } : undefined}>
        <span className="avatar big">{p.avatarUrl ? picture({ src: p.avatarUrl, width: 72, height: 72, lcp: true }) : p.userName.slice(0, 1)}</span>
        <div><h1 data-testid="user-name">{p.userName}</h1>{p.title ? <p className="identity-title">{p.title}</p> : null}{p.brief ? <p>{p.brief}</p> : null}</div>
      </header>
    </Layout>
  );
}

// BlockPage is shown after error 126.
export function BlockPage() {
  const t = useT();
  const { lang, data } = useData();
  return (
    <Layout>
      <Seo title={t("BlockTitle") + " | Souk"} description={t("BlockTitle")} noindex />
      <div className="empty-state" data-testid="block-page">
        <p className="big-code" aria-hidden="true">{data.param}</p>
        <h1>{t("BlockTitle")}</h1>
        <p>{t("BlockText", { code: data.param ?? "" })}</p>
        <a className="btn primary" href={withLang(lang, "/")}>{t("GoHome")}</a>
      </div>
    </Layout>
  );
}

// DeclarePage shows the privacy and security declaration.
export function DeclarePage() {
  const t = useT();
  return (
    <AuthFrame title={t("PrivacyPolicyTitle")}>
      <div className="prose">{t("PrivacyPolicyText").split("\n\n").map((x, i) => <p key={i}>{x}</p>)}</div>
      <h2>{t("CookiePolicyTitle")}</h2>
      <div className="prose">{t("CookiePolicyText").split("\n\n").map((x, i) => <p key={i}>{x}</p>)}</div>
    </AuthFrame>
  );
}

// QrLoginPage is what a signed-in phone opens from a QR code: it marks the
// code scanned, then asks to confirm the login on the other screen.
export function QrLoginPage() {
  const t = useT();
  const { lang, data } = useData();
  const api = useApi();
  const user = useShop((s) => s.user);
  const loaded = useShop((s) => s.sessionLoaded);
  const [state, setState] = useState<"scanning" | "ask" | "done" | "failed">("scanning");
  useEffect(() => {
    if (!loaded) return;
    if (!requireLogin(lang)) return;
    api("auth/qr/scan", { ticket: data.param }).then(() => setState("ask")).catch(() => setState("failed"));
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps
  const confirm = async () => {
    try {
      await api("auth/qr/confirm", { ticket: data.param });
      setState("done");
    } catch { setState("failed"); }
  };
  return (
    <AuthFrame title={t("QrConfirmTitle")}>
      {state === "ask" ? (
        <>
          <p>{t("QrConfirmText", { name: user.userName })}</p>
          <div className="row-actions">
            <a className="btn" href={withLang(lang, "/")}>{t("Cancel")}</a>
            <button type="button" className="btn primary" onClick={confirm} data-testid="qr-confirm">{t("QrConfirm")}</button>
          </div>
        </>
      ) : state === "done" ? <p className="ok" data-testid="qr-done">{t("QrDone")}</p>
        : state === "failed" ? <p className="hint error">{t("QrExpired")}</p> : <p className="muted">{t("LoadingAccount")}</p>}
    </AuthFrame>
  );
}
