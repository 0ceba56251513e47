import { CardList } from "../../components/GoodsCard";
import { useShop, useT, useData } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import type { HomeBlock } from "../../lib/types";
import { picture, SIZES } from "../../components/Picture";

// RotatingLogo turns slowly while no search tab is open; it stands still for
// visitors who prefer reduced motion (CSS).
export function RotatingLogo() {
  const t = useT();
  return (
    <div className="hero">
      <span className="rotating-logo" />
      <h1>Souk</h1>
      <p className="muted">{t("AppTagline")}</p>
    </div>
  );
}

// Promo: a home block with its text and picture; the first promo's picture
// is the first one a phone sees (lcp), the second is near the fold (eager).
export function Promo({ id, block, accent, lcp, eager }: { id: string; block?: HomeBlock; accent: string; lcp?: boolean; eager?: boolean }) {
  const lang = useData().lang;
  if (!block) return null;
  const set = block.image;
  return (
    <a id={id} className={"promo " + accent} href={block.link ? "/" + lang + block.link : "#" + id} data-testid={"promo-" + id}>
      <div>
        <h2 lang={txtLang(block.title, lang)}>{block.title.txt}</h2>
        {block.text ? <p lang={txtLang(block.text, lang)}>{block.text.txt}</p> : null}
        {block.cta ? <span className="btn small">{block.cta.txt}</span> : null}
      </div>
      {set ? picture({ src: set.smallThumbnail.url, set, sizes: SIZES.promo, width: set.smallThumbnail.width, height: set.smallThumbnail.height, lcp, eager }) : null}
    </a>
  );
}

export function Row({ id, block, eager = 0 }: { id: string; block?: HomeBlock; eager?: number }) {
  const lang = useData().lang;
  if (!block || !block.goods.length) return null;
  return (
    <section id={id} className="row" data-testid={"row-" + id}>
      <h2 lang={txtLang(block.title, lang)}>{block.title.txt}</h2>
      <CardList className="strip" cards={block.goods} eagerFirst={eager} />
    </section>
  );
}
