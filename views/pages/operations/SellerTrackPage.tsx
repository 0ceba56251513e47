import { useT, useData } from "../../stores/context";
import { StatusBadge, Timeline } from "../order/OrderParts";
import { BackToList, NotYours, SellerFrame, useSellerOrder } from "./SellerParts";
import { TrackForm } from "./SellerForms";
import { sellerOrderPath } from "./sellerOrders";

// SellerTrackPage is operations/showtrack/{uid}: the order's timeline,
// newest first, with the form that adds a tracking event once shipped.
export function SellerTrackPage() {
  const t = useT();
  const { lang } = useData();
  const { uid, order: o, setOrder, error } = useSellerOrder();
  return (
    <SellerFrame title={t("ShippingInfo")}>
      {o === "missing" ? <NotYours /> : (
        <>
          <p className="small"><BackToList /></p>
          <h1>{t("ShippingInfo")}</h1>
          {error ? <p className="pay-error" role="alert">{error}</p> : !o ? <p className="muted">{t("Loading")}</p> : (
            <div className="track-layout" data-testid="seller-track-page">
              <section className="panel">
                <div className="panel-head">
                  <a href={sellerOrderPath(lang, uid)} data-testid="seller-order-link">{t("OrderTitle", { n: uid })}</a>
                  <StatusBadge status={o.status} />
                </div>
                <dl className="kv">
                  <dt>{t("Carrier")}</dt><dd><bdi>{o.carrier || t("NotShippedYet")}</bdi></dd>
                  <dt>{t("TrackingNumber")}</dt><dd>{o.trackingNumber ? <bdi dir="ltr">{o.trackingNumber}</bdi> : "—"}</dd>
                </dl>
              </section>
              {o.sellerActions.track ? <section className="panel"><TrackForm order={o} onDone={setOrder} /></section>
                : <p className="muted small" data-testid="track-later">{t("TrackNotShipped")}</p>}
              <section className="panel">
                <h2>{t("OrderHistory")}</h2>
                <Timeline events={o.events} />
              </section>
            </div>
          )}
        </>
      )}
    </SellerFrame>
  );
}
