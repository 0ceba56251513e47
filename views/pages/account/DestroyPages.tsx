import { useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton } from "../../components/CodeButton";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { expireSession } from "../../lib/auth";
import { withLang } from "../../lib/paths";

// DestroyIntroPage says what closing an account means.
export function DestroyIntroPage() {
  const t = useT();
  const { lang } = useData();
  return (
    <AuthFrame title={t("DestroyIntroTitle")} loginRequired>
      <div className="prose">{t("DestroyIntroText").split("\n").map((l, i) => <p key={i}>{l}</p>)}</div>
      <a className="btn danger wide" href={withLang(lang, "/destroymyaccounta")} data-testid="destroy-next">{t("Continue")}</a>
    </AuthFrame>
  );
}

// DestroyAPage asks for the acknowledgement and sends the code.
export function DestroyAPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const email = useShop((s) => s.user.email ?? "");
  const [ok, setOk] = useState(false);
  return (
    <AuthFrame title={t("DestroyIntroTitle")} loginRequired>
      <label className="check"><input type="checkbox" checked={ok} onChange={(e) => setOk(e.target.checked)} data-testid="destroy-understand" /><span>{t("DestroyUnderstand")}</span></label>
      <CodeButton purpose="destroyAccount" email={email} disabled={!ok} send={async () => {
        const r = await api<{ cooldown: number }>("get/destroyAccount/verifycode", {});
        setTimeout(() => location.assign(withLang(lang, "/destroymyaccountb")), 300);
        return r.cooldown;
      }} />
    </AuthFrame>
  );
}

// DestroyBPage takes the code and closes the account.
export function DestroyBPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const email = useShop((s) => s.user.email ?? "");
  const showToast = useShop((s) => s.showToast);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim().length < 6) return setError("IncorrectEntry");
    setError("");
    setBusy(true);
    try {
      await api("my/destroyAccount", { verifyCode: code.trim() }, { sealed: true });
      showToast(t("AccountClosed"));
      expireSession(lang, false);
      setTimeout(() => location.assign(withLang(lang, "/")), 1200);
    } catch { setBusy(false); }
  };
  return (
    <AuthFrame title={t("DestroyConfirmTitle")} loginRequired>
      <p className="muted">{t("DestroyConfirmHelp", { email })}</p>
      <form onSubmit={submit} noValidate>
        <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
        <Submit className="btn danger wide" busy={busy} testid="destroy-submit">{t("DestroyConfirm")}</Submit>
      </form>
    </AuthFrame>
  );
}
