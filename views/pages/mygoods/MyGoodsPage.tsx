import { useEffect, useState, type FormEvent } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { GoodsCard } from "../../components/GoodsCard";
import { useApi } from "../../api/useApi";
import { useData, useShop, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { queryParam } from "../order/orders";
import { FILTERS, PAGE_SIZE, type Filter, type MyItem, type MyPage } from "./mygoods";
import { ItemTools } from "./ItemTools";

// MyGoodsPage is the seller's own goods across their identities: status
// filters, name search, paging; per item the review status and sale
// status, the on/off sale switch, a stock editor per sku, and the card's
// menu (Edit, Delete). Private: a public shell, data after hydration, noindex.
export function MyGoodsPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const [filter, setFilter] = useState<Filter>("all");
  const [text, setText] = useState("");
  const [page, setPage] = useState<MyPage | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (f: Filter, txt: string, p: number) => {
    setBusy(true);
    try {
      setPage(await api<MyPage>("tre/myTreList", { status: f, txt, page: p, pageSize: PAGE_SIZE }));
      const q = new URLSearchParams();
      if (f !== "all") q.set("status", f);
      if (txt) q.set("q", txt);
      if (p > 1) q.set("page", String(p));
      history.replaceState(null, "", withLang(lang, "/mygoods") + (q.size ? "?" + q : ""));
    } catch {
      setPage((x) => x ?? { list: [], total: 0, page: 1, pageSize: PAGE_SIZE });
    } finally {
      setBusy(false);
    }
  };
  // Filter, search and page live in the query, so reload and back keep them.
  useEffect(() => {
    if (!signedIn) return;
    const st = queryParam("status");
    const f = (FILTERS.find((x) => x.status === st)?.status ?? "all") as Filter;
    const q = queryParam("q").slice(0, 100);
    setFilter(f);
    setText(q);
    void load(f, q, Math.max(1, Number(queryParam("page")) || 1));
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const pick = (f: Filter) => { if (!busy && f !== filter) { setFilter(f); void load(f, text.trim(), 1); } };
  const search = (e: FormEvent) => { e.preventDefault(); void load(filter, text.trim(), 1); };
  const replace = (it: MyItem) => setPage((p) => p && { ...p, list: p.list.map((x) => (x.treId === it.treId ? it : x)) });
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <Layout loginRequired>
      <Seo title={t("MyGoods") + " | Souk"} description={t("MyGoods")} noindex />
      <div className="buy-page wide my-goods">
        <h1>{t("MyGoods")}</h1>
        <p className="muted">{t("MyGoodsIntro")}</p>
        <div className="order-tabs" role="tablist" aria-label={t("MyGoods")}>
          {FILTERS.map((x) => (
            <button key={x.status} type="button" role="tab" aria-selected={filter === x.status} disabled={busy && filter !== x.status}
              onClick={() => pick(x.status)} data-testid={"mygoods-tab-" + x.status}>{t(x.key)}</button>
          ))}
        </div>
        <form className="mg-search" role="search" onSubmit={search}>
          <input type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)}
            aria-label={t("SearchMyGoods")} placeholder={t("SearchMyGoods")} data-testid="mygoods-search" />
          <button type="submit" className="btn" disabled={busy || !signedIn}>{t("SearchButton")}</button>
        </form>
        {page === null ? <p className="muted">{t("Loading")}</p> : page.list.length === 0 ? (
          <p className="muted empty-state" data-testid="mygoods-empty">{page.total === 0 && filter === "all" && !text ? t("MyGoodsNoIdentity") : t("MyGoodsEmpty")}</p>
        ) : (
          <>
          {/* The cards' titles are h3: the list needs its h2 (heading order). */}
          <h2 className="sr-only">{t(FILTERS.find((x) => x.status === filter)?.key ?? "FilterAll")}</h2>
          <ul className="mg-list" data-testid="mygoods-list">
            {page.list.map((it) => (
              <li key={it.treId} className="mg-item" data-testid="mygoods-item" data-tre={it.treId}>
                <GoodsCard card={it} onDeleted={() => void load(filter, text.trim(), page.list.length === 1 && page.page > 1 ? page.page - 1 : page.page)} />
                <ItemTools item={it} onChange={replace} />
              </li>
            ))}
          </ul>
          </>
        )}
        {page && pages > 1 ? (
          <nav className="row-actions center mg-pager" aria-label={t("PageOf", { p: page.page, n: pages })}>
            <button type="button" className="btn" disabled={busy || page.page <= 1} onClick={() => void load(filter, text.trim(), page.page - 1)}>{t("PreviousPage")}</button>
            <span className="muted">{t("PageOf", { p: page.page, n: pages })}</span>
            <button type="button" className="btn" disabled={busy || page.page >= pages} onClick={() => void load(filter, text.trim(), page.page + 1)}>{t("NextPage")}</button>
          </nav>
        ) : null}
      </div>
    </Layout>
  );
}
