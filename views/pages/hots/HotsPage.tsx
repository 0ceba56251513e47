import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid, GoodsCard } from "../../components/GoodsCard";
import { picture } from "../../components/Picture";
import { useData, useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import type { HotsRow, HotsTile } from "../../lib/types";
import { hotsPath } from "./hots";

// HotsPage is hotspage: what shoppers are looking at, carting and buying
// now (ranked by the server from the last days' signals, never a fixed
// list), the curated collections an operator edits, and the trending goods
// of the busiest categories.
export function HotsPage() {
  const t = useT();
  const { data } = useData();
  const h = data.hots!;
  const trending = h.trending?.goods ?? [];
  return (
    <Layout>
      <Seo title={t("HotsTitle") + " | Souk"} description={t("HotsMeta", { n: h.days })} />
      <div className="hots">
      <section className="hots-hero" data-testid="hots-hero">
        <h1>{t("HotsTitle")}</h1>
        <p>{t("HotsLead", { n: h.days })}</p>
      </section>
      <section className="row" aria-labelledby="hots-now" data-testid="hots-trending">
        <RowHead id="hots-now" uid="trending" title={t("HotsTrendingNow")} more={trending.length > 0} />
        {trending.length ? <CardGrid cards={trending} eagerFirst={2} lcp /> : <p className="hots-empty" data-testid="hots-none">{t("HotsNothingYet")}</p>}
      </section>
      {h.curated?.length ? (
        <section className="row" aria-labelledby="hots-curated">
          <h2 id="hots-curated">{t("HotsCurated")}</h2>
          <ul className="hots-tiles" data-testid="hots-curated">
            {h.curated.map((c) => <Tile key={c.uid} tile={c} />)}
          </ul>
        </section>
      ) : null}
      {(h.categories ?? []).map((c) => <CategoryRow key={c.uid} row={c} />)}
      </div>
    </Layout>
  );
}

// RowHead is a collection's heading with its way to all of it; the link
// names the collection for screen readers (every one reads "See all").
function RowHead({ id, uid, title, lang, more }: { id: string; uid: string; title: string; lang?: string; more: boolean }) {
  const t = useT();
  const page = useData().lang;
  return (
    <div className="row-head">
      <h2 id={id} lang={lang}>{title}</h2>
      {more ? <a href={hotsPath(page, uid)} data-testid={"more-" + uid}>{t("HotsSeeAll")}<span className="sr-only"> {title}</span></a> : null}
    </div>
  );
}

function CategoryRow({ row }: { row: HotsRow }) {
  const t = useT();
  const lang = useData().lang;
  const id = "hots-" + row.uid;
  return (
    <section className="row" aria-labelledby={id} data-testid={id}>
      <RowHead id={id} uid={row.uid} title={t("HotsTrendingIn", { name: row.name?.txt ?? "" })} lang={row.name ? txtLang(row.name, lang) : undefined} more />
      <div className="strip">
        {row.goods.map((c) => <GoodsCard key={c.treId} card={c} />)}
      </div>
    </section>
  );
}

function Tile({ tile }: { tile: HotsTile }) {
  const lang = useData().lang;
  const img = tile.image;
  return (
    <li>
      <a className="hots-tile" href={hotsPath(lang, tile.uid)} data-hots={tile.uid}>
        {img ? picture({ src: img.smallThumbnail.url, set: img, sizes: "(min-width:40em) 12rem,6rem", max: 400,
          width: img.smallThumbnail.width, height: img.smallThumbnail.height }) : <span className="hots-noimg" />}
        <span className="hots-tile-text" lang={tile.lan !== lang ? tile.lan : undefined}>
          <strong>{tile.title}</strong>
          {tile.excerpt ? <span>{tile.excerpt}</span> : null}
        </span>
      </a>
    </li>
  );
}
