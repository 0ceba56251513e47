import { useRef, useState } from "react";
import { AuthFrame } from "./AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CodeButton, useCodeSent } from "../../components/CodeButton";
import { ChoiceDialog, TextDialog } from "../../components/TextDialog";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { type Profile } from "../../lib/session";
import { emailError, normalizeEmail, transformPassword } from "../../lib/credentials";
import { completeLogin } from "../../lib/signin";
import { useThrottle } from "../../lib/throttle";
import { withLang } from "../../lib/paths";
import { usernameError } from "../../lib/username";

// Consent renders "I accept the {link}" with the link opening its policy.
function Consent({ text, link, checked, onChange, onOpen, testid }: { text: string; link: string; checked: boolean; onChange(v: boolean): void; onOpen(): void; testid: string }) {
  const [before, after] = text.split("{link}");
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testid} />
      <span>{before}<button type="button" className="linklike inline" onClick={onOpen}>{link}</button>{after}</span>
    </label>
  );
}

// RegisterPage: 1 email, 2 password, 3 consent to both policies, 4 code.
export function RegisterPage() {
  const t = useT();
  const { lang, query } = useData();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const throttle = useThrottle(200); // register submit (SPEC §5)
  const [step, setStep] = useState(1);
  // The first field takes the focus only when the shopper comes back to it:
  // on arrival the skip link stays the page's first Tab stop.
  const cameBack = useRef(false);
  if (step !== 1) cameBack.current = true;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [username, setUsername] = useState("");
  const [cookie, setCookie] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<Record<string, string>>({});
  const [policy, setPolicy] = useState<"" | "cookie" | "privacy">("");
  const [exists, setExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const addr = normalizeEmail(email);
  const [sent, markSent] = useCodeSent("register", addr);
  const go = (n: number, check: () => Record<string, string | undefined>) => (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    for (const [k, v] of Object.entries(check())) if (v) errs[k] = v;
    setError(errs);
    if (!Object.keys(errs).length) setStep(n);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const c = code.trim(); // the server's rule: 6 to 12 characters
    if (c.length < 6 || c.length > 12) return setError({ code: "IncorrectEntry" });
    setError({});
    throttle(async () => { // only what reaches the server is throttled
      setBusy(true);
      try {
        const res = await api<{ token: string; user: Profile }>("registerByEmail",
          { email: addr, password: await transformPassword(addr, password), username: username.trim(), verifyCode: code.trim() }, { sealed: true, silent: true });
        showToast(t("RegisterSuccess"));
        await completeLogin(res.token, res.user, lang);
      } catch (err) {
        // The refusal stays next to the code field, not in a passing toast.
        if (err instanceof ApiError && err.code === 128) setExists(true);
        else setError({ form: err instanceof Error && err.message ? err.message : t("ErrorOccurs") });
      } finally {
        setBusy(false);
      }
    });
  };
  const login = withLang(lang, "/login") + query;
  return (
    <AuthFrame title={t("RegisterTitle")}>
      <ol className="steps-bar" aria-label={t("RegisterTitle")}>{[1, 2, 3, 4].map((n) => <li key={n} className={n <= step ? "on" : ""} aria-current={n === step ? "step" : undefined}>{n}</li>)}</ol>
      {step === 1 ? (
        <form onSubmit={go(2, () => ({ email: emailError(email, false) || (addr.length > 254 ? "EmailFormatError" : "") }))} noValidate data-testid="register-step1">
          <Field label={t("Email")} name="email" type="email" autoComplete="email" inputMode="email" value={email}
            placeholder={t("EmailPlaceholder")} onChange={(e) => setEmail(e.target.value)} error={error.email} autoFocus={cameBack.current} />
          <Submit className="btn primary wide">{t("Next")}</Submit>
        </form>
      ) : step === 2 ? (
        <form onSubmit={go(3, () => ({ password: password.length < 8 ? "WeakPassword" : "", username: usernameError(username, true) }))} noValidate data-testid="register-step2">
          <input type="email" name="username" autoComplete="username" value={addr} readOnly hidden />
          <Field label={t("Password")} name="password" type="password" autoComplete="new-password" value={password}
            hint={t("PasswordHintRegister")} onChange={(e) => setPassword(e.target.value)} error={error.password} autoFocus />
          <Field label={t("Username")} name="username" autoComplete="nickname" value={username} error={error.username}
            onChange={(e) => { const v = e.target.value; setUsername(v); if (error.username) setError((x) => ({ ...x, username: usernameError(v, true) })); }}
            onBlur={() => { const bad = usernameError(username, true); if (bad) setError((x) => ({ ...x, username: bad })); }} />
          <Submit className="btn primary wide">{t("Next")}</Submit>
        </form>
      ) : step === 3 ? (
        <form onSubmit={go(4, () => (cookie && privacy ? {} : { consent: "ConsentRequired" }))} noValidate data-testid="register-step3">
          <h2>{t("ConsentTitle")}</h2>
          <Consent text={t("ConsentCookie")} link={t("CookiePolicy")} checked={cookie} onChange={setCookie} onOpen={() => setPolicy("cookie")} testid="consent-cookie" />
          <Consent text={t("ConsentPrivacy")} link={t("PrivacyPolicy")} checked={privacy} onChange={setPrivacy} onOpen={() => setPolicy("privacy")} testid="consent-privacy" />
          {error.consent ? <p className="hint error" role="alert">{t(error.consent)}</p> : null}
          <Submit className="btn primary wide">{t("Next")}</Submit>
        </form>
      ) : (
        <form onSubmit={submit} noValidate data-testid="register-step4">
          <p className="muted" aria-live="polite" data-testid="code-status">{sent ? t("CodeSent", { email: addr }) : t("CodeSendPrompt", { email: addr, button: t("SendCode") })}</p>
          <div className="code-row">
            <Field label={t("VerifyCode")} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error.code} />
            <CodeButton purpose="register" email={addr} onSent={markSent} send={async () => {
              try {
                return (await api<{ cooldown: number }>("get/registerByEmail/verifycode", { email: addr })).cooldown;
              } catch (err) {
                if (err instanceof ApiError && err.code === 128) setExists(true);
                throw err;
              }
            }} />
          </div>
          {error.form ? <p className="hint error" role="alert" data-testid="register-error">{error.form}</p> : null}
          <Submit className="btn primary wide" busy={busy} testid="register-submit">{t("Register")}</Submit>
        </form>
      )}
      {step > 1 ? <button type="button" className="linklike" onClick={() => setStep(step - 1)}>{t("Back")}</button> : null}
      <p className="auth-links"><span>{t("HaveAccount")} <a href={login}>{t("Login")}</a></span></p>
      {policy ? <TextDialog title={t(policy === "cookie" ? "CookiePolicyTitle" : "PrivacyPolicyTitle")} text={t(policy === "cookie" ? "CookiePolicyText" : "PrivacyPolicyText")} onClose={() => setPolicy("")} /> : null}
      {exists ? (
        <ChoiceDialog title={t("AccountExistsTitle")} text={t("AccountExistsText", { email: addr })} onClose={() => setExists(false)}>
          <button type="button" className="btn" onClick={() => { setExists(false); setStep(1); }}>{t("TryAgain2")}</button>
          <a className="btn primary" href={login}>{t("GoLogin")}</a>
        </ChoiceDialog>
      ) : null}
    </AuthFrame>
  );
}
