import { useEffect, useId, useState, type FormEvent } from "react";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { StatusBadge } from "../order/OrderParts";
import { ms, queryParam } from "../order/orders";
import { NotYours, SellerFrame } from "./SellerParts";
import { ALL, SELLER_TABS, sellerOrderPath, type SellerList, type SellerRow } from "./sellerOrders";

const PAGE_SIZE = 20;

// SellerOrdersList is operations/showorder/all: the orders of the signed-in
// seller's identities, by status tab (to ship first), searched by order
// number, with load-more paging. The tab and search live in the query.
export function SellerOrdersList() {
  const t = useT();
  const price = usePrice();
  const { lang } = useData();
  const api = useApi();
  const id = useId();
  const signedIn = useShop((s) => s.signedIn);
  const [status, setStatus] = useState(200);
  const [search, setSearch] = useState("");
  const [rows, setRows] = useState<SellerRow[] | null | "missing">(null);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [admin, setAdmin] = useState(false);

  const load = async (st: number, q: string, p: number) => {
    setBusy(true);
    setError("");
    try {
      const r = await api<SellerList>("operations/order/list", { status: st, search: q, page: p, pageSize: PAGE_SIZE }, { silent: true });
      setRows((old) => (p === 1 || !Array.isArray(old) ? r.list : [...old, ...r.list]));
      setHasNext(r.hasNext);
      setAdmin(!!r.admin);
      setPage(p);
      history.replaceState(null, "", sellerOrderPath(lang, ALL) + "?" + new URLSearchParams({ status: String(st), ...(q ? { q } : {}) }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 104) setRows("missing");
      else { setError(e instanceof ApiError ? e.message : t("ErrorOccurs")); setRows((o) => o ?? []); }
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (!signedIn) return;
    const q = Number(queryParam("status") || "200");
    const st = SELLER_TABS.some((x) => x.status === q) ? q : 200;
    const s = queryParam("q").slice(0, 254);
    setStatus(st);
    setSearch(s);
    void load(st, s, 1);
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const pick = (st: number) => {
    if (busy || st === status) return;
    setStatus(st);
    setRows(null);
    void load(st, search, 1);
  };
  const find = (e: FormEvent) => {
    e.preventDefault();
    void load(status, search.trim(), 1);
  };

  const title = admin ? t("OpsAllOrders") : t("SellerOrders");
  const hint = admin ? t("OpsSearchOrders") : t("SearchOrderNumber");
  if (rows === "missing") return <SellerFrame title={title}><NotYours /></SellerFrame>;
  return (
    <SellerFrame title={title}>
      <h1>{title}</h1>
      <form className="seller-search" role="search" onSubmit={find}>
        <label htmlFor={id} className="sr-only">{hint}</label>
        <input id={id} type="search" dir="ltr" value={search} maxLength={254} placeholder={hint}
          onChange={(e) => setSearch(e.target.value)} data-testid="seller-search" />
        <button type="submit" className="btn" disabled={busy}>{t("SearchButton")}</button>
      </form>
      <div className="order-tabs" role="tablist" aria-label={t("OrderStatus")}>
        {SELLER_TABS.map((x) => (
          <button key={x.status} type="button" role="tab" aria-selected={status === x.status} disabled={busy && status !== x.status}
            onClick={() => pick(x.status)} data-testid={"seller-tab-" + x.status}>{t(x.key)}</button>
        ))}
      </div>
      {error ? <p className="pay-error" role="alert">{error}</p> : null}
      {rows === null ? <p className="muted">{t("Loading")}</p> : rows.length === 0 ? (
        <div className="empty-state" data-testid="seller-orders-empty"><p className="muted">{t("NoOrders")}</p></div>
      ) : (
        <>
          <ul className="order-cards" data-testid="seller-order-list">
            {rows.map((o) => {
              const count = o.lines.reduce((n, l) => n + l.quantity, 0);
              return (
                <li key={o.orderNumber}>
                  <a className="order-card" href={sellerOrderPath(lang, o.orderNumber)} data-testid="seller-order-card" data-number={o.orderNumber}>
                    <div className="order-card-head">
                      <span className="muted small"><bdi dir="ltr">#{o.orderNumber}</bdi> · {formatDate(ms(o.createdAt), lang, true)}</span>
                      <StatusBadge status={o.status} />
                    </div>
                    {o.buyer ? <div className="small ops-buyer" data-testid="seller-order-buyer"><bdi dir="ltr">{o.buyer}</bdi></div> : null}
                    <div className="order-card-seller"><bdi>{o.address.name}</bdi>, <bdi>{o.address.city}</bdi>, {o.address.country}</div>
                    <div className="order-card-name">
                      <span><bdi>{o.lines[0]?.name}</bdi></span>
                      <span className="muted small">{count === 1 ? t("ItemsCountOne") : t("ItemsCount", { n: count })} · <bdi dir="ltr">{price(o.total)}</bdi></span>
                    </div>
                    {o.sellerActions.accept ? <span className="small seller-todo" data-testid="seller-todo-accept">{t("SellerTodoAccept")}</span> : null}
                    {o.sellerActions.ship ? <span className="small seller-todo">{t(o.sellerActions.produce ? "SellerTodoProduce" : "SellerTodoShip")}</span> : null}
                  </a>
                </li>
              );
            })}
          </ul>
          {hasNext ? (
            <div className="row-actions center">
              <button type="button" className="btn" disabled={busy} onClick={() => void load(status, search.trim(), page + 1)} data-testid="seller-orders-more">{t("LoadMore")}</button>
            </div>
          ) : null}
        </>
      )}
    </SellerFrame>
  );
}
