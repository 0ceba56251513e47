import { useId, useState, type FormEvent } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { formatDate } from "../../lib/hydrated";
import { ms } from "../order/orders";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import type { SellerOrder } from "./sellerOrders";

// useSellerCall posts one seller change; the answer is the order as it is
// now. Errors show under the form (role=alert), not as a toast.
function useSellerCall(order: SellerOrder, onDone: (o: SellerOrder) => void) {
  const t = useT();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = async (path: string, body: Record<string, unknown>, done: string) => {
    if (busy) return false;
    setBusy(true);
    setError("");
    try {
      onDone(await api<SellerOrder>(path, { uid: order.orderNumber, ...body }, { silent: true }));
      showToast(t(done));
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

// ProduceButton marks made-to-measure work in production.
export function ProduceButton({ order, onDone }: { order: SellerOrder; onDone(o: SellerOrder): void }) {
  const t = useT();
  const c = useSellerCall(order, onDone);
  return (
    <div>
      <button type="button" className="btn primary" disabled={c.busy} data-testid="mark-production"
        onClick={() => void c.run("operations/order/produce", {}, "MarkedInProduction")}>{t("MarkInProduction")}</button>
      {c.error ? <p className="pay-error" role="alert" data-testid="produce-error">{c.error}</p> : null}
    </div>
  );
}

// MakeLineAnswer is the maker accepting or declining a paid make-line
// order (declining refunds the buyer), before the deadline it shows.
export function MakeLineAnswer({ order, onDone }: { order: SellerOrder; onDone(o: SellerOrder): void }) {
  const t = useT();
  const { lang } = useData();
  const c = useSellerCall(order, onDone);
  const by = order.makeLine?.respondBy;
  return (
    <div data-testid="makeline-answer">
      {by ? <p className="small">{t("MakeLineAnswerBy", { date: formatDate(ms(by), lang, true, true) })}</p> : null}
      <div className="row-actions start">
        <button type="button" className="btn primary" disabled={c.busy} data-testid="makeline-accept"
          onClick={() => void c.run("operations/order/accept", {}, "MakeLineAccepted")}>{t("MakeLineAccept")}</button>
        <button type="button" className="btn danger" disabled={c.busy} data-testid="makeline-decline"
          onClick={() => void c.run("operations/order/decline", {}, "MakeLineDeclined")}>{t("MakeLineDecline")}</button>
      </div>
      {c.error ? <p className="pay-error" role="alert" data-testid="makeline-answer-error">{c.error}</p> : null}
    </div>
  );
}

// ShipForm hands the order to a carrier with a tracking number.
export function ShipForm({ order, onDone }: { order: SellerOrder; onDone(o: SellerOrder): void }) {
  const t = useT();
  const id = useId();
  const c = useSellerCall(order, onDone);
  const [carrier, setCarrier] = useState(order.carriers[0]?.code ?? "");
  const [other, setOther] = useState("");
  const [tracking, setTracking] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void c.run("operations/order/ship", { carrier, carrierName: carrier === "other" ? other : "", trackingNumber: tracking }, "OrderShippedToast");
  };
  return (
    <form className="seller-form" onSubmit={submit} data-testid="ship-form">
      <h2>{t("ShipOrder")}</h2>
      <div className="field">
        <label htmlFor={id + "c"}>{t("Carrier")}</label>
        <select id={id + "c"} value={carrier} onChange={(e) => setCarrier(e.target.value)} data-testid="ship-carrier">
          {order.carriers.map((x) => <option key={x.code} value={x.code}>{x.name || t("CarrierOther")}</option>)}
        </select>
      </div>
      {carrier === "other" ? (
        <div className="field">
          <label htmlFor={id + "o"}>{t("CarrierNameLabel")}</label>
          <input id={id + "o"} type="text" value={other} maxLength={60} required onChange={(e) => setOther(e.target.value)} data-testid="ship-carrier-name" />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={id + "t"}>{t("TrackingNumber")}</label>
        <input id={id + "t"} type="text" dir="ltr" value={tracking} maxLength={60} required autoComplete="off" spellCheck={false}
          onChange={(e) => setTracking(e.target.value)} aria-describedby={id + "h"} data-testid="ship-tracking" />
        <span id={id + "h"} className="muted small">{t("TrackingNumberHint")}</span>
      </div>
      {c.error ? <p className="pay-error" role="alert" data-testid="ship-error">{c.error}</p> : null}
      <button type="submit" className="btn primary" disabled={c.busy} data-testid="ship-submit">{t("ShipOrder")}</button>
    </form>
  );
}

// localMs reads a datetime-local value as the browser's local time.
function localMs(v: string): number {
  const n = v ? new Date(v).getTime() : 0;
  return Number.isNaN(n) ? 0 : n;
}

// TrackForm adds a tracking event: what happened, where, a note, when.
export function TrackForm({ order, onDone }: { order: SellerOrder; onDone(o: SellerOrder): void }) {
  const t = useT();
  const id = useId();
  const c = useSellerCall(order, onDone);
  const [key, setKey] = useState(order.trackKeys[0] ?? "");
  const [place, setPlace] = useState("");
  const [remark, setRemark] = useState("");
  const [at, setAt] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await c.run("operations/order/track", { key, place, remark, at: localMs(at) }, "TrackingAdded")) {
      setPlace("");
      setRemark("");
      setAt("");
    }
  };
  return (
    <form className="seller-form" onSubmit={(e) => void submit(e)} data-testid="track-form">
      <h2>{t("AddTrackingEvent")}</h2>
      <div className="field">
        <label htmlFor={id + "k"}>{t("TrackWhat")}</label>
        <select id={id + "k"} value={key} onChange={(e) => setKey(e.target.value)} data-testid="track-key">
          {order.trackKeys.map((k) => <option key={k} value={k}>{t(k)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id + "p"}>{t("TrackPlace")} <span className="muted">({t("Optional")})</span></label>
        <input id={id + "p"} type="text" value={place} maxLength={100} onChange={(e) => setPlace(e.target.value)} data-testid="track-place" />
      </div>
      <div className="field">
        <label htmlFor={id + "a"}>{t("TrackTime")} <span className="muted">({t("TrackTimeNow")})</span></label>
        <input id={id + "a"} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="track-at" />
      </div>
      <div className="field">
        <label htmlFor={id + "r"}>{t("TrackRemark")} <span className="muted">({t("Optional")})</span></label>
        <textarea id={id + "r"} value={remark} maxLength={500} rows={3} onChange={(e) => setRemark(e.target.value)} data-testid="track-remark" />
      </div>
      {c.error ? <p className="pay-error" role="alert" data-testid="track-error">{c.error}</p> : null}
      <button type="submit" className="btn primary" disabled={c.busy} data-testid="track-submit">{t("AddTrackingEvent")}</button>
    </form>
  );
}
