import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { Pager, useListing } from "../../components/Listing";
import { Crumbs, pageCrumbs } from "../../components/Crumbs";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { catPath, categoryKeys, type Filter } from "./dresses";
import { Filters } from "./Filters";

// DressesCatPage is a category's dresses (/dresses/c/{uid}/{suri}) with
// filters, sort and pages, all in the URL (components/Listing.tsx); a
// changed filter asks tre/dressesList.
export function DressesCatPage() {
  const t = useT();
  const { lang, data, baseUrl } = useData();
  const dd = data.dresses!;
  const cat = dd.categories!.find((c) => c.uid === dd.category)!;
  const base = catPath(lang, cat.uid, cat.suri);
  const f0 = dd.filter!;
  const { filter, list, busy, change, at } = useListing<Filter>("tre/dressesList", base,
    { colour: f0.colour, silhouette: f0.silhouette, length: f0.length, price: f0.price, size: f0.size, sort: f0.sort, page: f0.page },
    data.cards, (f) => ({ category: cat.uid, ...f }));
  const name = t(categoryKeys[cat.uid] ?? cat.key);
  const { shown, ld } = pageCrumbs(baseUrl, lang, [{ name: { txt: t("DressesTitle") }, href: withLang(lang, "/dresses") }, { name: { txt: name }, href: base }]);
  return (
    <Layout>
      <Seo title={name + " | Souk"} description={t("DressCatMeta", { name })} jsonLd={[ld]} />
      <Crumbs items={shown} />
      <h1 className="list-title">{name} <small className="muted" data-testid="dress-count">{t("DressesCount", { n: list.total })}</small></h1>
      <Filters action={base} filter={filter} colours={dd.colours ?? []} bands={dd.bands ?? []} onChange={(f) => void change({ ...f, page: 1 })} />
      <section className="row" aria-busy={busy} aria-labelledby="dress-list" data-testid="dress-list">
        <h2 id="dress-list" className="sr-only">{name}</h2>
        {list.cards.length ? <CardGrid cards={list.cards} eagerFirst={2} lcp /> : <p className="muted">{t("DressNone")}</p>}
        <Pager list={list} at={at} />
      </section>
    </Layout>
  );
}
