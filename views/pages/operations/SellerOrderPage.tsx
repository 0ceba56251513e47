import { useT, useData } from "../../stores/context";
import { formatDate } from "../../lib/hydrated";
import { AddressView, DeliveryView, Lines, StatusBadge, Totals } from "../order/OrderParts";
import { ms } from "../order/orders";
import { BackToList, NotYours, SellerFrame, useSellerOrder } from "./SellerParts";
import { MakeLineAnswer, ProduceButton, ShipForm } from "./SellerForms";
import { ALL, sellerTrackPath } from "./sellerOrders";
import { SellerOrdersList } from "./SellerOrdersPage";
import { AdminPanel } from "./AdminOrder";

// SellerOrderPage is operations/showorder/{uid}: one order as its seller
// sees it, with what can be done now (in production, ship); uid "all" is
// the seller's order list.
export function SellerOrderPage() {
  const { data } = useData();
  return data.param === ALL ? <SellerOrdersList /> : <SellerOrder />;
}

function SellerOrder() {
  const t = useT();
  const { lang } = useData();
  const { uid, order: o, setOrder, error } = useSellerOrder();
  return (
    <SellerFrame title={t("OrderTitle", { n: uid })}>
      {o === "missing" ? <NotYours /> : (
        <>
          <p className="small"><BackToList /></p>
          <h1>{t("OrderTitle", { n: uid })}</h1>
          {error ? <p className="pay-error" role="alert">{error}</p> : !o ? <p className="muted">{t("Loading")}</p> : (
            <div className="checkout" data-testid="seller-order-page">
              <div className="checkout-main">
                <section className="panel order-head">
                  <div className="panel-head">
                    <StatusBadge status={o.status} />
                    <span className="muted small">{formatDate(ms(o.createdAt), lang, true, true)}</span>
                  </div>
                  {o.madeToMeasure ? <p className="small" data-testid="made-to-measure">{t(o.makeLine ? "MakeLineOrder" : "MadeToMeasureOrder")}</p> : null}
                  {o.sellerActions.accept ? <MakeLineAnswer order={o} onDone={setOrder} /> : null}
                  <div className="row-actions start">
                    {o.sellerActions.produce ? <ProduceButton order={o} onDone={setOrder} /> : null}
                    <a className="btn" href={sellerTrackPath(lang, o.orderNumber)} data-testid="seller-track-link">{t("ShippingInfo")}</a>
                  </div>
                </section>
                {o.sellerActions.ship ? <section className="panel"><ShipForm order={o} onDone={setOrder} /></section> : null}
                <section className="panel">
                  <h2>{t("OrderLines")}</h2>
                  <Lines lines={o.lines} />
                  {o.delivery ? <DeliveryView d={o.delivery} lines={o.lines} /> : null}
                  {o.note ? <p className="small"><strong>{t("OrderNoteLabel")}:</strong> <bdi>{o.note}</bdi></p> : null}
                </section>
                <section className="panel">
                  <h2>{t("DeliveryAddress")}</h2>
                  <AddressView a={o.address} />
                </section>
              </div>
              <aside className="checkout-side">
                <section className="panel">
                  <h2>{t("OrderSummary")}</h2>
                  <Totals goods={o.goodsTotal} shipping={o.shipping} total={o.total} />
                  <dl className="kv small">
                    <dt>{t("OrderNumber")}</dt><dd><bdi dir="ltr">{o.orderNumber}</bdi></dd>
                    <dt>{t("SoldAs")}</dt><dd><bdi>{o.sellerName}</bdi></dd>
                    {o.paidAt ? <><dt>{t("PaidAt")}</dt><dd>{formatDate(ms(o.paidAt), lang, true, true)}</dd></> : null}
                    {o.carrier ? <><dt>{t("Carrier")}</dt><dd data-testid="seller-carrier"><bdi>{o.carrier}</bdi></dd></> : null}
                    {o.trackingNumber ? <><dt>{t("TrackingNumber")}</dt><dd data-testid="seller-tracking"><bdi dir="ltr">{o.trackingNumber}</bdi></dd></> : null}
                  </dl>
                </section>
                <AdminPanel order={o} onDone={setOrder} />
              </aside>
            </div>
          )}
        </>
      )}
    </SellerFrame>
  );
}
