import { useEffect, useRef, useState } from "react";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError, call } from "../../api/client";
import { withLang } from "../../lib/paths";
import { newRequestId } from "../../lib/cart";
import { AddressView, DeliveryView, Lines, OrderFrame, Totals } from "./OrderParts";
import { PayForm, usePayFlow } from "./PayForm";
import { queryParam, type Made, type PayChoice, type PreOrder } from "./orders";

// MakeOrderPage is checkout: address, the selected cart lines by seller,
// totals, and payment. Placing the order and paying are two steps: the order
// exists once makeOrderData answers (one requestId per checkout attempt, so
// a double click or a retry makes one order); paying again after a decline
// reuses its payUid.
export function MakeOrderPage() {
  const t = useT();
  const price = usePrice();
  const { lang, region, currency } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const setCartQty = useShop((s) => s.setCartQty);
  const [pre, setPre] = useState<PreOrder | null>(null);
  const [loadError, setLoadError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const requestId = useRef("");
  const flow = usePayFlow();

  const load = async (addressId: string) => {
    try {
      setPre(await api<PreOrder>("order/preOrderData", addressId ? { addressId } : {}, { silent: true }));
    } catch (e) {
      setLoadError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
    }
  };
  useEffect(() => { if (signedIn) void load(queryParam("addressId")); }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const here = withLang(lang, "/makeorder");
  const back = encodeURIComponent(here);
  const refreshBadge = () => call<{ lines: { quantity: number }[] }[]>({ lang, region, currency, t }, "shoppingCartList", {}, { silent: true })
    .then((gs) => setCartQty(gs.reduce((n, g) => n + g.lines.reduce((m, l) => m + l.quantity, 0), 0))).catch(() => {});

  const place = async (choice: PayChoice) => {
    if (busy || !pre?.address) return;
    setBusy(true);
    setNotice("");
    try {
      let m = made;
      if (!m) {
        requestId.current ||= newRequestId();
        try {
          m = await api<Made>("order/makeOrderData", { requestId: requestId.current, addressId: pre.address.id, total: pre.total.amount }, { silent: true });
        } catch (e) {
          if (e instanceof ApiError && e.code === 109) {
            // Prices moved: show the new ones; the next attempt is a new one.
            requestId.current = "";
            setNotice(e.message || t("PricesChanged"));
            await load(pre.address.id);
          } else {
            flow.setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
          }
          return;
        }
        setMade(m);
        await refreshBadge(); // before paying: paying may leave the page
      }
      await flow.pay(m.payUid, choice, m.orderNumbers);
    } finally {
      setBusy(false);
    }
  };

  return (
    <OrderFrame title={t("Checkout")} wide>
      {loadError ? (
        <div className="empty-state" data-testid="checkout-error">
          <p>{loadError}</p>
          <a className="btn" href={withLang(lang, "/cart")}>{t("BackToCart")}</a>
        </div>
      ) : !pre ? <p className="muted">{t("Loading")}</p> : (
        <div className="checkout" data-testid="checkout-page">
          <div className="checkout-main">
            <section className="panel" aria-labelledby="h-addr">
              <div className="panel-head">
                <h2 id="h-addr">{t("DeliveryAddress")}</h2>
                {pre.address && !made ? <a href={withLang(lang, "/addressmanagement") + "?redirect=" + back} data-testid="change-address">{t("ChangeAddress")}</a> : null}
              </div>
              {pre.address ? <AddressView a={pre.address} /> : (
                <div className="addr-empty" data-testid="no-address">
                  <p className="muted">{t("NoAddressYet")}</p>
                  <a className="btn primary" href={withLang(lang, "/addressedit/new") + "?redirect=" + back} data-testid="add-address">{t("AddAddress")}</a>
                </div>
              )}
            </section>
            {notice ? <p className="notice" role="status" data-testid="price-notice">{notice}</p> : null}
            {pre.problems?.length ? (
              <ul className="check-problems" role="alert">
                {pre.problems.map((p, i) => <li key={i} data-testid="check-problem">{p.name ? p.name + ": " : ""}{p.message}</li>)}
              </ul>
            ) : null}
            {pre.groups.map((g) => (
              <section key={g.sellerUid} className="panel" data-testid="checkout-group">
                <h2>{g.sellerName}</h2>
                <Lines lines={g.lines} />
                {g.delivery ? <DeliveryView d={g.delivery} lines={g.lines} /> : null}
                <dl className="totals sub">
                  <dt>{t("Shipping")}</dt><dd dir="ltr">{g.shipping.amount === 0 ? t("ShippingFree") : price(g.shipping)}</dd>
                  <dt>{t("SellerTotal")}</dt><dd dir="ltr">{price(g.total)}</dd>
                </dl>
              </section>
            ))}
          </div>
          <aside className="checkout-side">
            <section className="panel">
              <h2>{t("OrderSummary")}</h2>
              <Totals goods={pre.goodsTotal} shipping={pre.shipping} total={pre.total} testid="checkout-total" />
            </section>
            <section className="panel">
              {made ? <p className="notice ok-notice" data-testid="order-placed">{t("OrderPlacedPayNow", { n: made.orderNumbers.join(", ") })}</p> : null}
              <PayForm methods={pre.payMethods} busy={busy || !pre.address} label={made ? t("PayAgain") : t("PlaceOrder")} testid="place-order" onPay={(c) => void place(c)}>
                {flow.errorView}
                {!pre.address ? <p className="hint error">{t("AddressRequired")}</p> : null}
              </PayForm>
            </section>
          </aside>
        </div>
      )}
      {flow.dialog}
    </OrderFrame>
  );
}
