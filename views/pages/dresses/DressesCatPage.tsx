import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { useData, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { withLang } from "../../lib/paths";
import type { Card } from "../../lib/types";
import { catPath, categoryKeys, query, type Filter } from "./dresses";
import { Filters } from "./Filters";

interface ListPage { cards: Card[]; total: number; page: number; pageSize: number }

// DressesCatPage is a category's dresses (/dresses/c/{uid}/{suri}) with
// filters, sort and pages, all in the URL: the server renders any of them
// (a plain form and links work without script); with script a changed
// filter asks tre/dressesList and puts the new URL in the history.
export function DressesCatPage() {
  const t = useT();
  const api = useApi();
  const { lang, data } = useData();
  const dd = data.dresses!;
  const cat = dd.categories!.find((c) => c.uid === dd.category)!;
  const base = catPath(lang, cat.uid, cat.suri);
  const f0 = dd.filter!;
  const [filter, setFilter] = useState<Filter>({ colour: f0.colour, silhouette: f0.silhouette, length: f0.length, price: f0.price, size: f0.size, sort: f0.sort, page: f0.page });
  const [list, setList] = useState<ListPage>(data.cards ?? { cards: [], total: 0, page: 1, pageSize: 24 });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Back and forward move between filters the server renders.
    const back = () => location.reload();
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const change = async (next: Filter) => {
    setFilter(next);
    setBusy(true);
    try {
      const res = await api<ListPage>("tre/dressesList", { category: cat.uid, ...next, pageSize: list.pageSize });
      setList(res);
      history.pushState(null, "", base + query(next));
    } catch {
      location.assign(base + query(next)); // the server renders it
    } finally {
      setBusy(false);
    }
  };
  const name = t(categoryKeys[cat.uid] ?? cat.key);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const at = (page: number) => base + query({ ...filter, page });
  return (
    <Layout>
      <Seo title={name + " | Souk"} description={t("DressCatMeta", { name })} />
      <nav className="muted small crumbs" aria-label={t("DressesTitle")}>
        <a href={withLang(lang, "/dresses")}>{t("DressesTitle")}</a> / <span>{name}</span>
      </nav>
      <h1 className="dress-title">{name} <small className="muted" data-testid="dress-count">{t("DressesCount", { n: list.total })}</small></h1>
      <Filters action={base} filter={filter} colours={dd.colours ?? []} bands={dd.bands ?? []} onChange={(f) => void change({ ...f, page: 1 })} />
      <section className="row" aria-busy={busy} aria-labelledby="dress-list" data-testid="dress-list">
        <h2 id="dress-list" className="sr-only">{name}</h2>
        {list.cards.length ? <CardGrid cards={list.cards} eagerFirst={2} lcp /> : <p className="muted">{t("DressNone")}</p>}
        {pages > 1 ? (
          <nav className="pager" aria-label={t("PageN", { n: list.page })}>
            {list.page > 1 ? <a rel="prev" className="btn" href={at(list.page - 1)}>{t("PrevPage")}</a> : <span />}
            <span>{t("PageN", { n: list.page })} / {pages}</span>
            {list.page < pages ? <a rel="next" className="btn" href={at(list.page + 1)}>{t("NextPage")}</a> : <span />}
          </nav>
        ) : null}
      </section>
    </Layout>
  );
}
