import { useEffect, useState } from "react";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { formatDate } from "../../lib/hydrated";
import { withLang } from "../../lib/paths";
import { OrderFrame, StatusBadge } from "./OrderParts";
import { picture, SIZES } from "../../components/Picture";
import { ORDER_TABS, ms, orderPath, queryParam, type Order } from "./orders";

interface OrderPage { list: Order[]; hasNext: boolean; total: number }
const PAGE_SIZE = 10;

// MyOrdersPage lists the buyer's orders, newest first, filtered by the
// status tabs, with load-more paging.
export function MyOrdersPage() {
  const t = useT();
  const price = usePrice();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const [status, setStatus] = useState<number | null>(null);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = async (st: number, p: number) => {
    setBusy(true);
    try {
      const r = await api<OrderPage>("order/list", { status: st, page: p, pageSize: PAGE_SIZE });
      setOrders((o) => (p === 1 ? r.list : [...(o ?? []), ...r.list]));
      setHasNext(r.hasNext);
      setPage(p);
    } catch {
      setOrders((o) => o ?? []);
    } finally {
      setBusy(false);
    }
  };
  // The tab lives in the query (?status=200) so back and reload keep it.
  useEffect(() => {
    if (!signedIn) return;
    const q = Number(queryParam("status"));
    const st = ORDER_TABS.some((x) => x.status === q) ? q : 0;
    setStatus(st);
    void load(st, 1);
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const pick = (st: number) => {
    if (busy || st === status) return;
    setStatus(st);
    setOrders(null);
    history.replaceState(null, "", withLang(lang, "/myorders") + (st ? "?status=" + st : ""));
    void load(st, 1);
  };

  return (
    <OrderFrame title={t("MenuMyOrders")} wide>
      <div className="order-tabs" role="tablist" aria-label={t("OrderStatus")}>
        {ORDER_TABS.map((x) => (
          <button key={x.status} type="button" role="tab" aria-selected={(status ?? 0) === x.status} disabled={busy && status !== x.status}
            onClick={() => pick(x.status)} data-testid={"orders-tab-" + x.status}>{t(x.key)}</button>
        ))}
      </div>
      {orders === null ? <p className="muted">{t("Loading")}</p> : orders.length === 0 ? (
        <div className="empty-state" data-testid="orders-empty">
          <p className="muted">{t("NoOrders")}</p>
          <a className="btn" href={withLang(lang, "/")}>{t("ContinueShopping")}</a>
        </div>
      ) : (
        <>
          <ul className="order-cards" data-testid="order-list">
            {orders.map((o) => {
              const first = o.lines[0];
              const count = o.lines.reduce((n, l) => n + l.quantity, 0);
              return (
                <li key={o.orderNumber}>
                  <a className="order-card" href={orderPath(lang, o.orderNumber)} data-testid="order-card" data-number={o.orderNumber}>
                    <div className="order-card-head">
                      <span className="muted small"><bdi dir="ltr">#{o.orderNumber}</bdi> · {formatDate(ms(o.createdAt), lang, true)}</span>
                      <StatusBadge status={o.status} />
                    </div>
                    <div className="order-card-seller">{o.sellerName}</div>
                    <div className="order-card-body">
                      {first?.imageUrl ? picture({ src: first.imageUrl, sizes: SIZES.line, width: 56, height: 56 }) : <span className="img-ph small" aria-hidden="true" />}
                      <div className="order-card-name">
                        <span><bdi>{first?.name}</bdi></span>
                        <span className="muted small">{count === 1 ? t("ItemsCountOne") : t("ItemsCount", { n: count })}</span>
                      </div>
                      <strong className="price" dir="ltr">{price(o.total)}</strong>
                    </div>
                  </a>
                </li>
              );
            })}
          </ul>
          {hasNext ? (
            <div className="row-actions center">
              <button type="button" className="btn" disabled={busy} onClick={() => void load(status ?? 0, page + 1)} data-testid="orders-more">{t("LoadMore")}</button>
            </div>
          ) : null}
        </>
      )}
    </OrderFrame>
  );
}
