import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { Pager, listQuery } from "../../components/Listing";
import { useData, useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import { hotsPath, hotspagePath } from "./hots";

// HotPage is one collection, hots/{uid}: trending (everything, or one
// category's) or curated by an operator (its text in the page's language
// or, until translated, in English, marked as such). Goods come 24 a page,
// paged with real links. A trending collection with nothing in it yet is
// not worth indexing.
export function HotPage() {
  const t = useT();
  const { lang, data } = useData();
  const h = data.hots!;
  const p = h.page!;
  const cp = data.cards ?? { cards: [], total: 0, page: 1, pageSize: 24 };
  const curated = p.kind === "curated";
  const other = curated && p.lan !== lang ? p.lan : undefined;
  const title = curated ? p.title! : p.name ? t("HotsTrendingIn", { name: p.name.txt }) : t("HotsTrendingNow");
  const titleLang = other ?? (p.name ? txtLang(p.name, lang) : undefined);
  const base = hotsPath(lang, p.uid);
  return (
    <Layout>
      <Seo title={title + " | Souk"} description={curated ? p.excerpt || title : t("HotsTrendingMeta", { n: h.days })} noindex={cp.total === 0} />
      <nav className="muted small crumbs" aria-label={t("HotsTitle")}>
        <a href={hotspagePath(lang)}>{t("HotsTitle")}</a> / <span lang={titleLang}>{title}</span>
      </nav>
      <header className={"hots-head" + (curated ? " curated" : "")} data-testid="hots-head" data-kind={p.kind}>
        {other ? <p className="small" data-testid="hots-fallback">{t("TextNotTranslated")}</p> : null}
        <h1 lang={titleLang} data-testid="hots-title">{title}</h1>
        {curated
          ? p.text ? <div className="rich" lang={other} data-testid="hots-text" dangerouslySetInnerHTML={{ __html: p.text }} /> : null
          : <p>{t("HotsTrendingExplain", { n: h.days })}</p>}
      </header>
      <section data-testid="hots-goods" aria-labelledby="hots-count">
        <h2 id="hots-count" className="hots-count">{t("ItemsCount", { n: cp.total })}</h2>
        {cp.cards.length ? <CardGrid cards={cp.cards} eagerFirst={2} lcp /> : <p className="hots-empty">{t(curated ? "NoGoods" : "HotsNothingYet")}</p>}
      </section>
      <Pager list={cp} at={(n) => base + listQuery({ page: n })} />
    </Layout>
  );
}
