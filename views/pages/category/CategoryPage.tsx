import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { Pager, listQuery, useListing } from "../../components/Listing";
import { Crumbs, categoryCrumbs, pageCrumbs } from "../../components/Crumbs";
import { useData, useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import { withLang } from "../../lib/paths";
import type { CategoryFilter } from "../../lib/types";
import { CategoryFilters } from "./CategoryFilters";

// CategoryPage is a category's goods (/category/{code}) with filters, sort
// and pages, all in the URL (components/Listing.tsx); a changed filter asks
// tre/categoryList. Its sub-categories are links that keep the filters
// (those that are category pages). The category itself, unfiltered, is the page to index;
// its filtered and re-sorted views are not (they are the same goods), and a
// category without goods has nothing to offer.
export function CategoryPage() {
  const t = useT();
  const d = useData();
  const cd = d.data.category!;
  const cat = cd.path[cd.path.length - 1];
  const base = withLang(d.lang, cat.path);
  const f0 = cd.filter;
  const { filter, list, busy, change, at } = useListing<CategoryFilter>("tre/categoryList", base,
    { price: f0.price, moq: f0.moq, type: f0.type, sort: f0.sort, page: f0.page }, d.data.cards, (f) => ({ category: cat.code, ...f }));
  const name = cat.name.txt;
  const { shown, ld } = pageCrumbs(d.baseUrl, d.lang, categoryCrumbs(d.lang, cd.path));
  const filtered = !!(f0.price || f0.moq || f0.type || f0.sort);
  // Only another category page takes these filters (a sub-category may be
  // the dresses line, whose filters are its own).
  const keep = (path: string) => (path.startsWith("/category/") ? listQuery({ ...filter, page: 1 }) : "");
  return (
    <Layout>
      <Seo title={t("CategoryTitle", { name })} description={t("CategoryMeta", { name })} noindex={filtered || cd.facets.goods === 0 ? "follow" : undefined} jsonLd={[ld]} />
      <Crumbs items={shown} />
      <h1 className="list-title" lang={txtLang(cat.name, d.lang)}>{name} <small className="muted" data-testid="category-count">{t("GoodsCount", { n: list.total })}</small></h1>
      {cd.children.length ? (
        <ul className="chips cat-subs" aria-label={t("CategorySub")} data-testid="category-subs">
          {cd.children.map((c) => (
            <li key={c.code}><a className="chip" href={withLang(d.lang, c.path) + keep(c.path)} lang={txtLang(c.name, d.lang)}>{c.name.txt}</a></li>
          ))}
        </ul>
      ) : null}
      <CategoryFilters action={base} cd={cd} filter={filter} onChange={(f) => void change({ ...f, page: 1 })} />
      <section className="row" aria-busy={busy} aria-labelledby="category-list" data-testid="category-list">
        <h2 id="category-list" className="sr-only">{name}</h2>
        {list.cards.length ? <CardGrid cards={list.cards} eagerFirst={2} lcp /> : <p className="muted">{cd.facets.goods ? t("CategoryNone") : t("NoGoods")}</p>}
        <Pager list={list} at={at} />
      </section>
    </Layout>
  );
}
