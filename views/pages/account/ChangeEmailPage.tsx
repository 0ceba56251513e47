import { useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton } from "../../components/CodeButton";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { currentSession, type Profile } from "../../lib/session";
import { saveSession } from "../../lib/sessionStore";
import { emailError, normalizeEmail, transformPassword } from "../../lib/credentials";
import { withLang } from "../../lib/paths";

// ChangeEmailPage: the new address gets a code; the code and the current
// password move the account. The browser sends passwords derived from the
// email (lib/session.ts), so it sends the password derived with the current
// address (checked) and with the new one (stored): the same password then
// logs in with the new address.
export function ChangeEmailPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<Record<string, string>>({});
  const addr = normalizeEmail(email);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const ee = emailError(email, false);
    if (ee) errs.email = ee;
    if (code.trim().length < 6) errs.code = "IncorrectEntry";
    if (password.length < 6) errs.password = "WeakPassword";
    setError(errs);
    if (Object.keys(errs).length) return;
    try {
      const me = await api<Profile>("my/getMyInfo"); // the current address, as the server has it
      const p = await api<Profile>("auth/resetEmail", {
        email: addr, verifyCode: code.trim(),
        password: await transformPassword(me.email ?? "", password),
        newPassword: await transformPassword(addr, password),
      }, { sealed: true });
      setUser(p);
      const s = currentSession();
      if (s) await saveSession(s.token, p);
      showToast(t("EmailChanged"));
      setTimeout(() => location.assign(withLang(lang, "/mysafes")), 800);
    } catch { /* shown */ }
  };
  return (
    <AuthFrame title={t("ChangeEmailTitle")} loginRequired>
      <p className="muted">{t("ChangeEmailHelp")}</p>
      <form onSubmit={submit} noValidate data-testid="change-email-form">
        <Field label={t("Email")} name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error.email} />
        <div className="code-row">
          <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error.code} />
          <CodeButton purpose="changeEmail" email={addr} disabled={!!emailError(email, false)}
            send={async () => (await api<{ cooldown: number }>("get/changeEmail/verifycode", { email: addr })).cooldown} />
        </div>
        <Field label={t("CurrentPassword")} name="password" type="password" autoComplete="current-password" value={password}
          hint={t("ChangeEmailPasswordHint")} onChange={(e) => setPassword(e.target.value)} error={error.password} />
        <Submit className="btn primary wide" testid="change-email-submit">{t("Save")}</Submit>
      </form>
    </AuthFrame>
  );
}
