import { useEffect, useRef, useState } from "react";
import { AuthFrame } from "./AuthFrame";
import { QrPanel } from "./QrPanel";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton } from "../../components/CodeButton";
import { ChoiceDialog } from "../../components/TextDialog";
import { useData, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { type Profile } from "../../lib/session";
import { emailError, normalizeEmail, transformPassword } from "../../lib/credentials";
import { completeLogin } from "../../lib/signin";
import { useThrottle } from "../../lib/throttle";
import { opensNewTab } from "../../lib/env";
import { withLang } from "../../lib/paths";

interface LoginResult { token: string; user: Profile; useOvReLogin?: boolean }

export function LoginPage() {
  const t = useT();
  const { lang, query } = useData();
  const api = useApi();
  const throttle = useThrottle(1000); // login submit (SPEC §5)
  const [tab, setTab] = useState<"email" | "qr">("email");
  const [qrShown, setQrShown] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  // The first field takes the focus only when the shopper comes back to it:
  // on arrival the skip link stays the page's first Tab stop.
  const cameBack = useRef(false);
  if (step !== 1) cameBack.current = true;
  const [useCode, setUseCode] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The QR tab is for screens a phone can scan: desktops, not phones or the app.
  useEffect(() => setQrShown(opensNewTab()), []);
  const addr = normalizeEmail(email);

  const next = (e: React.FormEvent) => {
    e.preventDefault();
    const err = emailError(email, true);
    setError(err ? { email: err } : {});
    if (!err) setStep(2);
  };
  const finish = async (res: LoginResult) => completeLogin(res.token, res.user, lang);
  const handle = (err: unknown) => {
    if (err instanceof ApiError && err.code === 127) setMissing(true);
  };
  const loginPassword = async (ov = false): Promise<void> => {
    const res = await api<LoginResult>("loginByPwd", { name: addr, password: await transformPassword(addr, password), ov }, { sealed: true });
    if (res.useOvReLogin && !ov) return loginPassword(true); // the server asks to confirm taking a session slot
    await finish(res);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (useCode && code.trim().length < 6) return setError({ code: "IncorrectEntry" });
    if (!useCode && password.length < 6) return setError({ password: "WeakPassword" });
    setError({});
    throttle(async () => { // only what reaches the server is throttled
      setBusy(true);
      try {
        if (useCode) await finish(await api<LoginResult>("loginByEmailCode", { email: addr, verifyCode: code.trim() }, { sealed: true }));
        else await loginPassword();
      } catch (err) {
        handle(err);
      } finally {
        setBusy(false);
      }
    });
  };
  const register = withLang(lang, "/register") + query;
  return (
    <AuthFrame title={t("LoginTitle")}>
      {qrShown ? (
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === "email"} onClick={() => setTab("email")}>{t("EmailTab")}</button>
          <button type="button" role="tab" aria-selected={tab === "qr"} onClick={() => setTab("qr")} data-testid="qr-tab">{t("QrTab")}</button>
        </div>
      ) : null}
      {tab === "qr" ? <QrPanel /> : step === 1 ? (
        <form onSubmit={next} noValidate data-testid="login-step1">
          <Field label={t("Email")} name="email" type="email" autoComplete="username" inputMode="email" value={email}
            placeholder={t("EmailPlaceholder")} onChange={(e) => setEmail(e.target.value)} error={error.email} autoFocus={cameBack.current} />
          <Submit className="btn primary wide">{t("Next")}</Submit>
        </form>
      ) : (
        <form onSubmit={submit} noValidate data-testid="login-step2">
          {/* for password managers: which account this password belongs to */}
          <input type="email" name="username" autoComplete="username" value={addr} readOnly hidden />
          <p className="muted">{addr} · <button type="button" className="linklike" onClick={() => setStep(1)}>{t("ChangeAddress")}</button></p>
          {useCode ? (
            <div className="code-row">
              <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code}
                onChange={(e) => setCode(e.target.value)} error={error.code} />
              <CodeButton purpose="login" email={addr} send={async () => {
                try {
                  return (await api<{ cooldown: number }>("get/loginByEmail/verifycode", { email: addr })).cooldown;
                } catch (err) { handle(err); throw err; }
              }} />
            </div>
          ) : (
            <Field label={t("Password")} name="password" type="password" autoComplete="current-password" value={password}
              hint={t("PasswordHintLogin")} onChange={(e) => setPassword(e.target.value)} error={error.password} autoFocus />
          )}
          <Submit className="btn primary wide" busy={busy} testid="login-submit">{t("Login")}</Submit>
          <button type="button" className="linklike" onClick={() => { setUseCode(!useCode); setError({}); }} data-testid="toggle-code">
            {useCode ? t("UsePassword") : t("UseEmailCode")}
          </button>
        </form>
      )}
      <p className="auth-links">
        <a href={withLang(lang, "/forgetPwd")}>{t("ForgotPassword")}</a>
        <span>{t("NoAccountYet")} <a href={register} data-testid="go-register">{t("Register")}</a></span>
      </p>
      {missing ? (
        <ChoiceDialog title={t("AccountMissingTitle")} text={t("AccountMissingText", { email: addr })} onClose={() => setMissing(false)}>
          <button type="button" className="btn" onClick={() => { setMissing(false); setStep(1); }}>{t("TryAgain2")}</button>
          <a className="btn primary" href={register}>{t("GoRegister")}</a>
        </ChoiceDialog>
      ) : null}
    </AuthFrame>
  );
}
