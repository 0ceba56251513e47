import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { Dialog } from "../../components/Dialog";
import { useData, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { PAY_METHODS, dogePath, orderPath, type Card, type PayChoice, type PayResult } from "./orders";

interface CardForm { number: string; exp: string; cvc: string; name: string }
type CardErrors = Partial<Record<keyof CardForm, string>>;

const digits = (s: string) => s.replace(/\D/g, "");

// luhn checks a card number's check digit.
function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

function checkCard(f: CardForm, now: Date): { card?: Card; errors: CardErrors } {
  const errors: CardErrors = {};
  const number = digits(f.number);
  if (number.length < 12 || number.length > 19 || !luhn(number)) errors.number = "CardNumberInvalid";
  const m = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(f.exp.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  const past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
  if (!m || month < 1 || month > 12 || past) errors.exp = "CardExpiryInvalid";
  if (!/^\d{3,4}$/.test(f.cvc)) errors.cvc = "CardCvcInvalid";
  if (!f.name.trim()) errors.name = "CardNameRequired";
  if (Object.keys(errors).length) return { errors };
  return { card: { number, expMonth: month, expYear: year, cvc: f.cvc, name: f.name.trim() }, errors };
}

// groups of four, as printed on the card
const spaced = (s: string) => digits(s).slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");

// expiry keeps MM/YY as typed: "5" becomes "05", the slash comes after the month.
function expiry(s: string): string {
  let d = digits(s).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = "0" + d;
  return d.length > 2 ? d.slice(0, 2) + "/" + d.slice(2) : d;
}

// PayForm is the payment-method choice with the card form; MakeOrderPage and
// the order page's "Pay now" panel share it. It only collects and checks.
export function PayForm({ methods, busy, label, testid, onPay, children }: {
  methods: number[]; busy: boolean; label: string; testid: string; onPay(c: PayChoice): void; children?: ReactNode;
}) {
  const t = useT();
  const offered = PAY_METHODS.filter((m) => methods.includes(m.id));
  const [method, setMethod] = useState(offered[0]?.id ?? 1);
  const [f, setF] = useState<CardForm>({ number: "", exp: "", cvc: "", name: "" });
  const [errors, setErrors] = useState<CardErrors>({});
  const set = (k: keyof CardForm, v: string) => { setF((x) => ({ ...x, [k]: v })); setErrors((e) => ({ ...e, [k]: undefined })); };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (method !== 1) { onPay({ payMethod: method }); return; }
    const r = checkCard(f, new Date());
    setErrors(r.errors);
    if (r.card) onPay({ payMethod: 1, card: r.card });
  };
  return (
    <form className="pay-form" onSubmit={submit} noValidate data-testid="pay-form">
      <TestModeNotice />
      <fieldset className="pay-methods">
        <legend>{t("PaymentMethod")}</legend>
        {offered.map((m) => (
          <label key={m.id} className={"pay-method" + (m.id === method ? " on" : "")}>
            <input type="radio" name="payMethod" value={m.id} checked={m.id === method} onChange={() => setMethod(m.id)} data-testid={"pay-method-" + m.id} />
            <span>{t(m.key)}</span>
          </label>
        ))}
      </fieldset>
      {method === 1 ? (
        <div className="card-form" data-testid="card-form">
          <Field label={t("CardNumber")} name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456"
            value={f.number} onChange={(e) => set("number", spaced(e.target.value))} error={errors.number} maxLength={23} />
          <div className="card-row">
            <Field label={t("CardExpiry")} name="cardExp" inputMode="numeric" autoComplete="cc-exp" placeholder={t("CardExpiryHint")}
              value={f.exp} onChange={(e) => set("exp", expiry(e.target.value))} error={errors.exp} maxLength={5} />
            <Field label={t("CardCvc")} name="cardCvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123"
              value={f.cvc} onChange={(e) => set("cvc", digits(e.target.value).slice(0, 4))} error={errors.cvc} maxLength={4} />
          </div>
          <Field label={t("CardName")} name="cardName" type="text" autoComplete="cc-name" value={f.name} onChange={(e) => set("name", e.target.value)} error={errors.name} />
        </div>
      ) : method === 5 ? <p className="muted small">{t("PayDogeHelp")}</p> : <p className="muted small">{t("PayRedirectHelp")}</p>}
      {children}
      <Submit busy={busy} testid={testid}>{label}</Submit>
    </form>
  );
}

// TestModeNotice says plainly that the embedded test provider takes the
// payment, so nobody mistakes a demo store for a real one.
export function TestModeNotice({ doge = false }: { doge?: boolean }) {
  const t = useT();
  const { testPay } = useData();
  if (!testPay) return null;
  return <p className="test-mode" role="note" data-testid="test-mode">{t(doge ? "DogeTestMode" : "PayTestMode")}</p>;
}

// usePayFlow sends a payment choice for an existing payment (payUid) and
// follows its result: paid → the order page; declined → the message, to pay
// again; needs confirmation → the test bank's dialog; pending → Doge page or
// the order page, which polls. onSettled replaces the navigation on the
// order page itself.
export function usePayFlow(onSettled?: (r: PayResult) => void) {
  const t = useT();
  const api = useApi();
  const { lang } = useData();
  const [error, setError] = useState("");
  const [confirm, setConfirm] = useState<{ payUid: string; orders: string[] } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const follow = (r: PayResult, orders: string[]) => {
    if (r.status === "failed") { setError(r.message || t("PayFailed")); return; }
    if (r.status === "action") { setConfirm({ payUid: r.payUid, orders }); return; }
    if (onSettled) { onSettled(r); return; }
    const first = orders[0];
    if (r.status === "succeeded") location.assign(orderPath(lang, first, "?paid=1"));
    else if (r.dogeUrl) location.assign(dogePath(lang, r.payUid));
    else location.assign(orderPath(lang, first));
  };

  const pay = async (payUid: string, choice: PayChoice, orders: string[]) => {
    setError("");
    try {
      const r = await api<PayResult>("order/payChange", { payUid, payMethod: choice.payMethod, card: choice.card }, { silent: true });
      follow({ ...r, payUid: r.payUid || payUid }, orders);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("PayFailed"));
    }
  };

  const answer = async (approve: boolean) => {
    if (!confirm || confirming) return;
    setConfirming(true);
    try {
      const r = await api<{ status: PayResult["status"]; message?: string }>("payments/test/confirm", { payUid: confirm.payUid, approve }, { silent: true });
      const c = confirm;
      setConfirm(null);
      follow({ status: r.status, message: r.message || (r.status === "failed" ? t("PayDeclinedByYou") : undefined), payUid: c.payUid }, c.orders);
    } catch (e) {
      setConfirm(null);
      setError(e instanceof ApiError ? e.message : t("PayFailed"));
    } finally {
      setConfirming(false);
    }
  };

  // Closing the bank's page is declining; the callback stays the same
  // between renders so the dialog keeps its focus.
  const answerRef = useRef(answer);
  answerRef.current = answer;
  const decline = useCallback(() => void answerRef.current(false), []);
  const dialog = confirm ? (
    <Dialog title={t("ConfirmPaymentTitle")} onClose={decline} footer={
      <div className="row-actions end">
        <button type="button" className="btn" disabled={confirming} onClick={() => void answer(false)} data-testid="confirm-decline">{t("Decline")}</button>
        <button type="button" className="btn primary" disabled={confirming} onClick={() => void answer(true)} data-testid="confirm-approve">{t("Approve")}</button>
      </div>
    }>
      <p>{t("ConfirmPaymentText")}</p>
    </Dialog>
  ) : null;

  const errorView = error ? <p className="pay-error" role="alert" data-testid="pay-error">{error}</p> : null;
  return { pay, error, setError, dialog, errorView };
}
