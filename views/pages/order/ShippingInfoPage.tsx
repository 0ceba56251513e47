import { useEffect, useState } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { OrderFrame, StatusBadge } from "./OrderParts";
import { orderPath, statusKey, type Order } from "./orders";

// when prints an event's time in the page's language (the data arrives
// after hydration, so Intl is safe here).
function when(at: string, lang: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return "…";
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(d);
  } catch {
    return d.toISOString().slice(0, 16).replace("T", " ");
  }
}

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
  const events = order ? [...order.events].reverse() : [];
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
            <ol className="timeline">
              {events.map((e, i) => (
                <li key={i} className={i === 0 ? "now" : undefined} data-testid="timeline-event">
                  <strong>{t(statusKey(e.status))}</strong>
                  <time dateTime={e.at}>{when(e.at, lang)}</time>
                  {e.note ? <p className="muted small">{e.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </OrderFrame>
  );
}
