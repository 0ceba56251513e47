import { useCallback, useEffect, useRef, useState } from "react";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { withLang } from "../../lib/paths";
import { AddressView, Confirm, DeliveryView, Lines, OrderFrame, StatusBadge, Totals } from "./OrderParts";
import { PayForm, usePayFlow } from "./PayForm";
import { ChatButton } from "../../components/ChatButton";
import { PAY_METHODS, S, dogePath, ms, payMethodKey, queryParam, trackingPath, type Order, type PayChoice, type PayResult } from "./orders";

type Ask = "cancel" | "received" | "delete" | null;
const POLL_MS = 2000;
const POLL_FOR_MS = 120_000;

// waiting tells whether the order is about to change by itself: a payment
// being confirmed (500), or a wallet payment not yet confirmed.
function waiting(o: Order, expectPayment: boolean): boolean {
  if (o.status === S.Processing) return true;
  if (o.status !== S.AwaitingPayment) return false;
  if (o.payStatus) return o.payStatus === "pending" || o.payStatus === "processing";
  return expectPayment || (o.payMethod >= 2 && o.payMethod <= 5);
}

// lastTrack is the seller's newest tracking event, if any.
function lastTrack(o: Order) {
  return [...o.events].reverse().find((e) => e.key.startsWith("Track"));
}

// MyOrderPage is one order: status, lines, address, totals, payment, dress
// delivery, and the buyer's actions. It polls while a payment settles.
export function MyOrderPage() {
  const t = useT();
  const price = usePrice();
  const { lang, data } = useData();
  const number = data.param ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState("");
  const [paid, setPaid] = useState(false);
  const [expect, setExpect] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<Ask>(null);
  const pollStart = useRef(0);
  const closeAsk = useCallback(() => setAsk(null), []);

  const load = () => api<Order>("order/detail", { orderNumber: number }, { silent: true });
  useEffect(() => {
    if (!signedIn) return;
    const p = queryParam("paid") === "1";
    setPaid(p);
    setExpect(p);
    load().then(setOrder).catch((e) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs")));
  }, [signedIn, number]); // eslint-disable-line react-hooks/exhaustive-deps

  // Poll every 2 s while the payment settles, for at most 2 minutes.
  const polling = !!order && waiting(order, expect);
  useEffect(() => {
    if (!polling) { pollStart.current = 0; return; }
    if (!pollStart.current) pollStart.current = Date.now();
    if (Date.now() - pollStart.current > POLL_FOR_MS) return;
    const id = setTimeout(() => { load().then(setOrder).catch(() => {}); }, POLL_MS);
    return () => clearTimeout(id);
  }, [polling, order]); // eslint-disable-line react-hooks/exhaustive-deps

  const settled = (r: PayResult) => {
    if (r.dogeUrl) { location.assign(dogePath(lang, r.payUid)); return; }
    setPayOpen(false);
    setExpect(true);
    if (r.status === "succeeded") setPaid(true);
    void load().then(setOrder).catch(() => {});
  };
  const flow = usePayFlow(settled);
  const payNow = async (c: PayChoice) => {
    if (!order || busy) return;
    setBusy(true);
    try { await flow.pay(order.payUid, c, [order.orderNumber]); } finally { setBusy(false); }
  };

  const act = async (path: string, done: string) => {
    if (busy || !order) return;
    setBusy(true);
    try {
      const o = await api<Order | null>(path, { orderNumber: order.orderNumber });
      setAsk(null);
      showToast(t(done));
      if (path === "order/delete") { location.assign(withLang(lang, "/myorders")); return; }
      if (o) setOrder(o);
    } catch {
      setAsk(null);
      void load().then(setOrder).catch(() => {});
    } finally {
      setBusy(false);
    }
  };

  const o = order;
  return (
    <OrderFrame title={t("OrderTitle", { n: number })} wide>
      {error ? (
        <div className="empty-state" data-testid="order-error"><p>{error}</p><a className="btn" href={withLang(lang, "/myorders")}>{t("MenuMyOrders")}</a></div>
      ) : !o ? <p className="muted">{t("Loading")}</p> : (
        <div className="checkout" data-testid="order-page">
          <div className="checkout-main">
            <section className="panel order-head">
              <div className="panel-head">
                <StatusBadge status={o.status} />
                <span className="muted small">{formatDate(ms(o.createdAt), lang, true, true)}</span>
              </div>
              {paid && o.status !== S.AwaitingPayment && o.status !== S.Processing ? <p className="notice ok-notice" data-testid="paid-banner">{t("ThanksPaid")}</p> : null}
              {polling ? <p className="muted small" role="status" data-testid="order-polling">{t("PaymentChecking")}</p> : null}
              {o.status === S.AwaitingPayment && o.payStatus === "failed" && !flow.error ? <p className="pay-error" data-testid="pay-error">{o.payFailure || t("PayFailed")}</p> : null}
              {lastTrack(o) ? <p className="small" data-testid="latest-tracking">{t("LatestTracking")}: <strong>{lastTrack(o)!.note}</strong>{lastTrack(o)!.place ? <> · <bdi>{lastTrack(o)!.place}</bdi></> : null}</p> : null}
              {o.makeLine ? (
                <p className="small" data-testid="makeline-state">
                  {o.makeLine.acceptedAt ? t("MakeLineMakerAccepted", { name: o.sellerName })
                    : o.makeLine.respondBy ? t("MakeLineWaitingMaker", { name: o.sellerName, date: formatDate(ms(o.makeLine.respondBy), lang, true, true) })
                    : t("MakeLineOrder")}
                </p>
              ) : null}
              {o.status === S.AwaitingPayment && o.payBy ? <p className="small">{t("PayBy", { time: formatDate(ms(o.payBy), lang, true, true) })}</p> : null}
              <div className="row-actions start">
                {o.status === S.AwaitingPayment && o.payMethod === 5 && o.payStatus === "pending" ? (
                  <a className="btn primary" href={dogePath(lang, o.payUid)} data-testid="doge-continue">{t("DogeContinue")}</a>
                ) : null}
                {o.actions.pay ? <button type="button" className="btn primary" onClick={() => setPayOpen((x) => !x)} aria-expanded={payOpen} data-testid="pay-now">{t("PayNow")}</button> : null}
                {o.actions.sureReceived ? <button type="button" className="btn primary" onClick={() => setAsk("received")} data-testid="sure-received">{t("ConfirmReceipt")}</button> : null}
                {o.actions.cancel ? <button type="button" className="btn" onClick={() => setAsk("cancel")} data-testid="cancel-order">{t("CancelOrder")}</button> : null}
                {o.actions.delete ? <button type="button" className="btn" onClick={() => setAsk("delete")} data-testid="delete-order">{t("DeleteOrder")}</button> : null}
                <a className="btn" href={trackingPath(lang, o.orderNumber)} data-testid="tracking-link">{t("ShippingInfo")}</a>
                <ChatButton args={{ kind: "service", orderNumber: o.orderNumber }} label="ChatCustomerService" testid="order-service" />
              </div>
            </section>
            {payOpen && o.actions.pay ? (
              <section className="panel" data-testid="pay-panel">
                <h2>{t("PayNow")}</h2>
                <PayForm methods={PAY_METHODS.map((m) => m.id)} busy={busy} label={t("PayAmount", { price: price(o.total) })} testid="pay-submit" onPay={(c) => void payNow(c)}>
                  {flow.errorView}
                </PayForm>
              </section>
            ) : !payOpen && flow.error ? flow.errorView : null}
            <section className="panel">
              <h2>{o.sellerName}</h2>
              <Lines lines={o.lines} />
              {o.delivery ? <DeliveryView d={o.delivery} lines={o.lines} /> : null}
            </section>
            <section className="panel">
              <h2>{t("DeliveryAddress")}</h2>
              <AddressView a={o.address} />
            </section>
          </div>
          <aside className="checkout-side">
            <section className="panel">
              <h2>{t("OrderSummary")}</h2>
              <Totals goods={o.goodsTotal} shipping={o.shipping} total={o.total} testid="order-total" />
              <dl className="kv small">
                <dt>{t("OrderNumber")}</dt><dd><bdi dir="ltr">{o.orderNumber}</bdi></dd>
                <dt>{t("PaymentMethod")}</dt><dd data-testid="order-paymethod">{t(payMethodKey(o.payMethod))}</dd>
                {o.paidAt ? <><dt>{t("PaidAt")}</dt><dd>{formatDate(ms(o.paidAt), lang, true, true)}</dd></> : null}
                {o.carrier ? <><dt>{t("Carrier")}</dt><dd data-testid="order-carrier"><bdi>{o.carrier}</bdi></dd></> : null}
                {o.trackingNumber ? <><dt>{t("TrackingNumber")}</dt><dd data-testid="order-tracking"><bdi dir="ltr">{o.trackingNumber}</bdi></dd></> : null}
              </dl>
            </section>
          </aside>
        </div>
      )}
      {ask === "cancel" ? <Confirm title={t("CancelOrder")} text={t(o?.status === S.Paid ? "CancelPaidConfirm" : "CancelConfirm")} yes={t("CancelOrder")} no={t("KeepOrder")} danger busy={busy}
        onYes={() => void act("order/cancel", "OrderCancelled")} onClose={closeAsk} /> : null}
      {ask === "received" ? <Confirm title={t("ConfirmReceipt")} text={t("ConfirmReceiptText")} yes={t("ConfirmReceipt")} busy={busy}
        onYes={() => void act("order/sureReceived", "ReceiptConfirmed")} onClose={closeAsk} /> : null}
      {ask === "delete" ? <Confirm title={t("DeleteOrder")} text={t("DeleteOrderConfirm")} yes={t("Delete")} danger busy={busy}
        onYes={() => void act("order/delete", "OrderDeleted")} onClose={closeAsk} /> : null}
      {flow.dialog}
    </OrderFrame>
  );
}
