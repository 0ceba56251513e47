import { useState } from "react";
import { AuthFrame } from "./AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton } from "../../components/CodeButton";
import { ChoiceDialog } from "../../components/TextDialog";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { emailError, normalizeEmail, transformPassword } from "../../lib/credentials";
import { withLang } from "../../lib/paths";

// ForgetPwdPage: the address, a code mailed to it, and a new password.
export function ForgetPwdPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const addr = normalizeEmail(email);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const ee = emailError(email, false);
    if (ee) errs.email = ee;
    if (code.trim().length < 6) errs.code = "IncorrectEntry";
    if (password.length < 8) errs.password = "WeakPassword";
    setError(errs);
    if (Object.keys(errs).length || busy) return;
    setBusy(true);
    try {
      await api("auth/forgetPasswordThenResetPassword", { email: addr, verifyCode: code.trim(), password: await transformPassword(addr, password) }, { sealed: true });
      showToast(t("PasswordChanged"));
      setTimeout(() => location.assign(withLang(lang, "/login")), 800);
    } catch { /* shown */ } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame title={t("ForgetPwdTitle")}>
      <p className="muted">{t("ForgetPwdHelp")}</p>
      <form onSubmit={submit} noValidate data-testid="forget-form">
        <Field label={t("Email")} name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={error.email} />
        <div className="code-row">
          <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error.code} />
          <CodeButton purpose="forgetPassword" email={addr} disabled={!!emailError(email, false)} send={async () => {
            try {
              return (await api<{ cooldown: number }>("get/forgetPassword/verifycode", { email: addr })).cooldown;
            } catch (err) {
              if (err instanceof ApiError && err.code === 127) setMissing(true);
              throw err;
            }
          }} />
        </div>
        <Field label={t("NewPassword")} name="password" type="password" autoComplete="new-password" value={password}
          hint={t("PasswordHintRegister")} onChange={(e) => setPassword(e.target.value)} error={error.password} />
        <Submit className="btn primary wide" busy={busy} testid="forget-submit">{t("Save")}</Submit>
      </form>
      {missing ? (
        <ChoiceDialog title={t("AccountMissingTitle")} text={t("AccountMissingText", { email: addr })} onClose={() => setMissing(false)}>
          <button type="button" className="btn" onClick={() => setMissing(false)}>{t("TryAgain2")}</button>
          <a className="btn primary" href={withLang(lang, "/register")}>{t("GoRegister")}</a>
        </ChoiceDialog>
      ) : null}
    </AuthFrame>
  );
}
