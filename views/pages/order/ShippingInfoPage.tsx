import { useEffect, useState } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { OrderFrame, StatusBadge, Timeline } from "./OrderParts";
import { orderPath, type Order } from "./orders";

// ShippingInfoPage is an order's carrier, tracking number and its events,
// newest first.
export function ShippingInfoPage() {
  const t = useT();
  const { lang, data } = useData();
  const number = data.param ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!signedIn) return;
    api<Order>("order/detail", { orderNumber: number }, { silent: true })
      .then(setOrder).catch((e) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs")));
  }, [signedIn, number]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <OrderFrame title={t("ShippingInfo")}>
      {error ? (
        <div className="empty-state"><p data-testid="tracking-error">{error}</p><a className="btn" href={withLang(lang, "/myorders")}>{t("MenuMyOrders")}</a></div>
      ) : !order ? <p className="muted">{t("Loading")}</p> : (
        <div data-testid="tracking-page">
          <section className="panel">
            <div className="panel-head">
              <a href={orderPath(lang, order.orderNumber)} data-testid="back-to-order">{t("OrderTitle", { n: order.orderNumber })}</a>
              <StatusBadge status={order.status} />
            </div>
            <dl className="kv">
              <dt>{t("Carrier")}</dt><dd data-testid="carrier">{order.carrier || t("NotShippedYet")}</dd>
              <dt>{t("TrackingNumber")}</dt><dd data-testid="tracking-number">{order.trackingNumber ? <bdi dir="ltr">{order.trackingNumber}</bdi> : "—"}</dd>
            </dl>
          </section>
          <section className="panel">
            <h2>{t("OrderHistory")}</h2>
            <Timeline events={order.events} />
          </section>
        </div>
      )}
    </OrderFrame>
  );
}
