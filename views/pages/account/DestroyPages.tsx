import { useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton, useCodeSent } from "../../components/CodeButton";
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
        const cooldown = await sendDestroyCode(api);
        setTimeout(() => location.assign(withLang(lang, "/destroymyaccountb")), 300);
        return cooldown;
      }} />
    </AuthFrame>
  );
}

// sendDestroyCode asks for the code that confirms closing the account.
const sendDestroyCode = async (api: ReturnType<typeof useApi>) => (await api<{ cooldown: number }>("get/destroyAccount/verifycode", {})).cooldown;

// DestroyBPage takes the code and closes the account. It says a code was
// sent only when this browser sent one (page A, or its own button here):
// opened directly, it offers to send one instead.
export function DestroyBPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const email = useShop((s) => s.user.email ?? "");
  const showToast = useShop((s) => s.showToast);
  const [sent, markSent] = useCodeSent("destroyAccount", email);
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
      <p className="muted" aria-live="polite" data-testid="code-status">{sent && email ? t("DestroyConfirmHelp", { email }) : t("CodeSendPrompt", { email, button: t("SendCode") })}</p>
      <form onSubmit={submit} noValidate>
        <div className="code-row">
          <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
          <CodeButton purpose="destroyAccount" email={email} disabled={!email} onSent={markSent} send={() => sendDestroyCode(api)} />
        </div>
        <Submit className="btn danger wide" busy={busy} testid="destroy-submit">{t("DestroyConfirm")}</Submit>
      </form>
    </AuthFrame>
  );
}
