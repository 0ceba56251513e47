import type { Card, Price, SoukData } from "./types";

// fillPage puts back into a page's cards and goods what the server left out
// because the page says it once (server/web/pagecards.go, pagegoods.go): a
// price's currency when it is the page's, the languages most cards are
// written in (data.cardLans), and an option's surcharge when it has none. A
// text without a language is in the page's. It changes the freshly parsed
// data in place, before anything renders it.
export function fillPage(d: SoukData): SoukData {
  const cur = d.currencies?.find((c) => c.c === d.currency) ?? { c: d.currency, s: "" };
  const lans = d.data.cardLans ?? [];
  const fill = (cards: Card[] | undefined) => {
    for (const c of cards ?? []) {
      c.lans ??= lans;
      withCurrency(c.priceData.prices, cur);
      withCurrency(c.priceData.maxPrices, cur);
    }
  };
  for (const b of Object.values(d.data.home ?? {})) fill(b.goods);
  fill(d.data.cards?.cards);
  fill(d.data.search?.consumer);
  fill(d.data.search?.wholesaler);
  fill(d.data.hots?.trending?.goods);
  for (const r of d.data.hots?.categories ?? []) fill(r.goods);
  for (const l of d.data.goods?.scenarioLabels ?? []) {
    for (const v of l.values) withCurrency((v.addPrice ??= []), cur);
  }
  return d;
}

function withCurrency(ps: Price[] | undefined, cur: Price["currency"]) {
  for (const p of ps ?? []) p.currency ??= cur;
}
