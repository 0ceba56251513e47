import { useData, usePrice, useT } from "../stores/context";
import { pure } from "../ssr/pure";
import { formatNumber } from "../lib/i18n";
import type { Price, PriceData } from "../lib/types";

// PriceTag shows a price, or a range "low – high" when quantity breaks or
// sku prices differ; extra (chosen options' surcharges) is added to both.
export function PriceTag({ pd, className = "price", extra = 0 }: { pd: PriceData; className?: string; extra?: number }) {
  return priceText(pd, usePrice(), className, extra);
}

// plus adds an amount (options' surcharges) to a price without
// binary-fraction noise: amounts have at most 2 decimals.
export function plus(p: Price | undefined, extra: number): Price | undefined {
  return p && extra ? { ...p, amount: Math.round((p.amount + extra) * 100) / 100 } : p;
}

// priceText is PriceTag as a plain function, for lists rendered by the dozen.
export function priceText(pd: Pick<PriceData, "prices" | "maxPrices">, fmt: (p: Price | undefined) => string, className = "price", extra = 0) {
  const low = fmt(plus(pd.prices[0], extra));
  const high = pd.maxPrices?.length ? fmt(plus(pd.maxPrices[0], extra)) : "";
  return <span className={className} dir="ltr">{high && high !== low ? low + " – " + high : low}</span>;
}

// MinQtyBadge shows '≥N' when the minimum order quantity is above 1.
export function MinQtyBadge({ minQty }: { minQty: number }) {
  const t = useT();
  if (minQty <= 1) return null;
  return <span className="moq" title={t("MinQty", { n: minQty })}>{t("MinQtyBadge", { n: minQty })}</span>;
}

// Stars shows a 0-100 rating as five stars (rating / 20), drawn at the width
// of the rounded value it says (3.6 fills 72% of the five stars). A screen
// reader hears one sentence ("3.6 out of 5, 229 ratings"), not the glyphs.
export function Stars({ rating, count }: { rating: number; count?: number }) {
  const t = useT();
  const numfmt = useData().numfmt;
  const tenths = Math.round(rating / 2); // 0-50
  const r = formatNumber(tenths / 10, numfmt, 1); // one decimal, the language's separator
  const n = count === undefined ? "" : formatNumber(count, numfmt, 0);
  return (
    <span className="stars" data-testid="stars">
      <span className="stars-glyphs" aria-hidden="true">
        <span className="stars-fill" style={{ width: tenths * 2 + "%" }} data-testid="stars-fill">★★★★★</span>
        <span className="stars-empty">★★★★★</span>
      </span>
      <span className="sr-only">{count === undefined ? t("RatingOutOf", { r }) : t("RatingSummary", { r, n })}</span>
      {count !== undefined ? <span className="stars-count" aria-hidden="true">{r} ({n})</span> : null}
    </span>
  );
}

// Plain functions of their props and the page's contexts: the server writes
// them as markup inside their parents (ssr/pure.ts).
pure(PriceTag);
pure(MinQtyBadge);
pure(Stars);
