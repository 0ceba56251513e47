import { useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { bigchatPath } from "../../lib/chat";
import { emailError, normalizeEmail } from "../../lib/credentials";
import { withLang } from "../../lib/paths";
import { oneLine, runeCount } from "../../lib/text";
import { ChatButton } from "../../components/ChatButton";
import { ContentText } from "./ContentText";

// Limits of app/contact, checked here first so a visitor hears at once,
// counted as the server counts them (code points, names and subjects on
// one line), so what the counter allows the server takes.
const MAX = { name: 80, subject: 150, message: 1800 };

interface Sent { via: "chat" | "mail"; conversationUid?: string; email: string }

// ContactPage is /contact: the text an admin edits (operations/EditForm/contact)
// beside a form that reaches customer service. The page is cached and the
// same for everyone, so whether the form asks for a name and an address is
// decided here after hydration: signed in, the message goes to the
// visitor's chat with customer service; signed out, by mail.
export function ContactPage() {
  const t = useT();
  const { data } = useData();
  const c = data.content!;
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <Layout>
      <Seo title={c.title + " | Souk"} description={c.title} />
      <div className="contact-page" data-testid="contact-page">
        <ContentText className="contact-text" />
        <section className="panel contact-form" aria-labelledby="contact-form-title">
          {sent ? <Confirmation sent={sent} again={() => setSent(null)} /> : <ContactForm onSent={setSent} />}
        </section>
        <OtherWays />
      </div>
    </Layout>
  );
}

// OtherWays are the quicker ways to an answer: the chat (a visitor signs
// in first), the order pages, the dresses FAQ.
function OtherWays() {
  const t = useT();
  const { lang } = useData();
  return (
    <ul className="contact-ways">
      <li>
        <ChatButton args={{ kind: "service" }} label="ChatCustomerService" className="linklike way-title" testid="contact-chat" />
        <p>{t("ContactWayChat")}</p>
      </li>
      <li>
        <a className="way-title" href={withLang(lang, "/myorders")}>{t("Orders")}</a>
        <p>{t("ContactWayOrders")}</p>
      </li>
      <li>
        <a className="way-title" href={withLang(lang, "/dresses/faq/1")}>{t("FaqTitle")}</a>
        <p>{t("ContactWayFaq")}</p>
      </li>
    </ul>
  );
}

function ContactForm({ onSent }: { onSent(s: Sent): void }) {
  const t = useT();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const user = useShop((s) => s.user);
  const [v, setV] = useState({ name: "", email: "", subject: "", message: "", website: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  // One id per message: a double click, or a retry after a lost answer, posts it once.
  const [requestId, setRequestId] = useState("");
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setV({ ...v, [k]: e.target.value });

  const check = (): Record<string, string> => {
    const errs: Record<string, string> = {};
    if (!signedIn) {
      if (!v.name.trim()) errs.name = "ContactNameRequired";
      else if (runeCount(oneLine(v.name)) > MAX.name) errs.name = "ContactNameTooLong";
      if (!v.email.trim()) errs.email = "ContactEmailRequired";
      else if (emailError(v.email, false)) errs.email = "EmailFormatError";
    }
    if (!v.subject.trim()) errs.subject = "ContactSubjectRequired";
    else if (runeCount(oneLine(v.subject)) > MAX.subject) errs.subject = "ContactSubjectTooLong";
    if (!v.message.trim()) errs.message = "ContactMessageRequired";
    else if (runeCount(v.message.trim()) > MAX.message) errs.message = "ContactMessageTooLong";
    return errs;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errs = check();
    setErrors(errs);
    setProblem("");
    if (Object.keys(errs).length) {
      focusFirst(errs);
      return;
    }
    const id = requestId || "c" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
    setRequestId(id);
    setBusy(true);
    try {
      const body = signedIn ? { subject: v.subject, message: v.message, requestId: id }
        : { name: v.name, email: v.email, subject: v.subject, message: v.message, website: v.website, requestId: id };
      const r = await api<{ via: "chat" | "mail"; conversationUid?: string }>("contact/send", body, { silent: true });
      onSent({ ...r, email: normalizeEmail(v.email) });
    } catch (err) {
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).length) {
        setErrors(err.fields);
        focusFirst(err.fields);
      }
      setProblem(err instanceof Error ? err.message : t("ErrorOccurs"));
    } finally {
      setBusy(false);
    }
  };

  const left = MAX.message - runeCount(v.message.trim());
  return (
    <form onSubmit={submit} noValidate data-testid="contact-form" data-signed-in={signedIn ? "1" : "0"}>
      <h2 id="contact-form-title">{t("ContactFormTitle")}</h2>
      <p className="muted small" data-testid="contact-how">
        {signedIn ? t("ContactSignedIn", { name: user.userName }) : t("ContactSignedOut")}
      </p>
      {signedIn ? null : (
        <>
          <Field label={t("ContactName")} name="name" autoComplete="name" maxLength={MAX.name * 2} value={v.name} onChange={set("name")} error={errors.name} />
          <Field label={t("ContactEmail")} name="email" type="email" autoComplete="email" value={v.email} onChange={set("email")} error={errors.email} />
          {/* The honeypot: off screen and out of the tab order, so people never fill it; bots do. */}
          <div className="sr-only" aria-hidden="true">
            <label htmlFor="f-website">{t("ContactTrap")}</label>
            <input id="f-website" name="website" tabIndex={-1} autoComplete="off" value={v.website} onChange={set("website")} />
          </div>
        </>
      )}
      <Field label={t("ContactSubject")} name="subject" maxLength={MAX.subject * 2} value={v.subject} onChange={set("subject")} error={errors.subject} />
      <label className={"field" + (errors.message ? " missing" : "")} htmlFor="f-message">
        <span>{t("ContactMessage")}</span>
        <textarea id="f-message" name="message" dir="auto" rows={6} value={v.message} onChange={set("message")}
          aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? "f-message-err" : "f-message-left"} />
        {errors.message ? <small id="f-message-err" className="hint error" role="alert">{t(errors.message)}</small>
          : <small id="f-message-left" className={"hint " + (left < 0 ? "error" : "muted")}>{t("ContactCharsLeft", { n: left })}</small>}
      </label>
      {problem ? <p className="hint error" role="alert" data-testid="contact-problem">{problem}</p> : null}
      <Submit className="btn primary contact-send" busy={busy} testid="contact-submit">{t("ContactSend")}</Submit>
    </form>
  );
}

// focusFirst puts the focus on the first field the server or the check refused.
function focusFirst(errs: Record<string, string>) {
  for (const k of ["name", "email", "subject", "message"]) {
    if (errs[k]) {
      setTimeout(() => document.getElementById("f-" + k)?.focus(), 0);
      return;
    }
  }
}

function Confirmation({ sent, again }: { sent: Sent; again(): void }) {
  const t = useT();
  const { lang } = useData();
  return (
    <div className="contact-sent" role="status" data-testid="contact-sent" data-via={sent.via}>
      <h2 id="contact-form-title" className="ic icon-check">{t("ContactSentTitle")}</h2>
      {sent.via === "chat" ? (
        <>
          <p>{t("ContactSentChat")}</p>
          <a className="btn primary ic icon-chat" href={bigchatPath(lang, sent.conversationUid)} data-testid="contact-open-chat">{t("ContactOpenChat")}</a>
        </>
      ) : <p>{t("ContactSentMail", { email: sent.email })}</p>}
      <button type="button" className="btn" onClick={again} data-testid="contact-again">{t("ContactAnother")}</button>
    </div>
  );
}
