import { useId, useState, type FormEvent } from "react";
import { useData, usePrice, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { Trail } from "./ReviewDetail";
import { payMethodKey } from "../order/orders";
import type { SellerOrder } from "./sellerOrders";

// AdminPanel is what an admin sees on an order beyond its seller's view:
// the buyer, the payment, refund (paid) or cancel (unpaid) with a reason,
// and the operators' decisions on it.
export function AdminPanel({ order: o, onDone }: { order: SellerOrder; onDone: (o: SellerOrder) => void }) {
  const t = useT();
  const price = usePrice();
  const api = useApi();
  const { lang } = useData();
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const a = o.admin;
  if (!a) return null;
  const act = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      onDone(await api<SellerOrder>(a.refund ? "operations/order/refund" : "operations/order/cancel", { uid: o.orderNumber, reason }, { silent: true }));
      setReason("");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("ErrorOccurs"));
    } finally {
      setBusy(false);
    }
  };
  const p = a.payment;
  return (
    <section className="panel" data-testid="admin-panel">
      <h2>{t("OpsAdmin")}</h2>
      <dl className="kv ops-kv small">
        <dt>{t("OpsBuyer")}</dt><dd data-testid="admin-buyer"><bdi dir="ltr">{a.buyer}</bdi></dd>
        {p ? <>
          <dt>{t("OpsPayment")}</dt><dd data-testid="admin-payment"><bdi dir="ltr">{p.uid}</bdi> · {t(payMethodKey(p.method))} · {p.status} · <bdi dir="ltr">{price(p.amount)}</bdi></dd>
          {p.providerRef ? <><dt>{t("OpsProviderRef")}</dt><dd><bdi dir="ltr">{p.providerRef}</bdi></dd></> : null}
          {p.paidAt ? <><dt>{t("PaidAt")}</dt><dd>{formatDate(Date.parse(p.paidAt), lang, true, true)}</dd></> : null}
        </> : null}
      </dl>
      {a.refund || a.cancel ? (
        <form className="ops-reject" onSubmit={(e) => void act(e)} data-testid="admin-act">
          <label htmlFor={id}>{t(a.refund ? "OpsRefundReason" : "OpsCancelReason")}</label>
          <textarea id={id} rows={2} maxLength={500} required value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-reason" />
          <div className="ops-actions">
            <button type="submit" className="btn danger" disabled={busy || !reason.trim()} data-testid={a.refund ? "admin-refund" : "admin-cancel"}>
              {t(a.refund ? "OpsRefund" : "OpsCancelOrder")}
            </button>
          </div>
        </form>
      ) : null}
      {error ? <p className="pay-error" role="alert">{error}</p> : null}
      <h3>{t("OpsTrail")}</h3>
      <Trail rows={a.audit} lang={lang} />
      <h3>{t("OpsEvents")}</h3>
      <ol className="ops-trail small" data-testid="admin-events">
        {o.events.map((e, i) => (
          <li key={i}><span className="nowrap">{formatDate(Date.parse(String(e.at)), lang, true, true)}</span> · <bdi>{e.note}</bdi></li>
        ))}
      </ol>
    </section>
  );
}
