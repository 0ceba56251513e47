import type { Card } from "../lib/types";
import type { CardOptions, CardView } from "./pure";
import { at, esc, hostHTMLOn } from "./hostHTML";
import { goodsPath } from "../lib/paths";
import { txtLang } from "../lib/i18n";
import { pictureSource, imgLoading, imgDecoding, imgPriority, SIZES, CARD_MAX, type PictureProps } from "../components/Picture";

// The server's goods card as one string: the markup React writes for
// cardFace (components/GoodsCard.tsx) with a server's state (no menu open,
// no dialog, nothing learnt about the visitor). A home page has thirty
// cards; through JSX and hostHTML each costs goja ~0.3 ms, written here a
// fraction of it. server/plainmarkup_test.go renders pages with this and
// with React's cardFace and compares them to the byte; anything this
// writer is not sure of returns null and React writes the card.

// text is a lone text child as React writes it: escaped, nothing when empty.
const text = (s: string | undefined) => (s == null ? "" : esc(s));

export function pictureHTML(p: PictureProps): string | null {
  const source = pictureSource(p);
  // A bare <img> (not ours) that is not lazy is preloaded by React in <head>.
  if (!source || !/^\/media\//.test(p.src)) return null;
  return "<picture><source" + at("type", "image/webp") + at("srcSet", source.srcSet) + at("sizes", source.sizes) + "/><img" +
    at("src", p.src) + at("width", p.width) + at("height", p.height) + at("alt", p.alt ?? "") + at("data-testid", p.testid) +
    at("loading", imgLoading(p)) + at("decoding", imgDecoding(p)) + at("fetchPriority", imgPriority(p)) + "/></picture>";
}

export function cardHTML(card: Card, v: CardView, o: CardOptions): { className: string; inner: string } | null {
  if (!hostHTMLOn()) return null;
  const { t, lang } = v;
  const onSale = card.saleable === 1 && card.stock > 0;
  const isOwner = !!card.sid;
  const closed = isOwner && card.saleable !== 1;
  const set = card.treImage;
  let pic = '<span class="card-noimg"></span>';
  if (set) {
    const p = pictureHTML({ src: set.smallThumbnail.url, set, sizes: SIZES.card, max: CARD_MAX, width: set.smallThumbnail.width, height: set.smallThumbnail.height, eager: o.eager, lcp: o.lcp });
    if (p === null) return null;
    pic = p;
  }
  const pd = card.priceData;
  const low = v.price(pd.prices[0]);
  const high = pd.maxPrices?.length ? v.price(pd.maxPrices[0]) : "";
  let s = '<a class="card-link"' + at("href", goodsPath(lang, card.treId, card.uri)) + (closed ? ' aria-disabled="true"' : "") + ">" + pic;
  if (card.spe === 1) s += '<span class="tag">' + text(t("MadeToOrder")) + "</span>";
  s += '<h3 class="card-title"' + at("lang", txtLang(card.treName, lang)) + ">" + text(card.treName.txt) + "</h3></a>";
  s += '<div class="card-foot"><span class="price" dir="ltr">' + text(high && high !== low ? low + " – " + high : low) + "</span>";
  if (pd.minQty > 1) s += '<span class="moq"' + at("title", t("MinQty", { n: pd.minQty })) + ">" + text(t("MinQtyBadge", { n: pd.minQty })) + "</span>";
  s += '<span class="' + (onSale ? "stock on" : "stock off") + '">' + text(onSale ? t("OnSale") : closed ? t("OffSale") : t("NotAvailable")) + "</span>";
  if (!isOwner && onSale) s += '<button type="button" class="icon-btn ic icon-cart add" aria-labelledby="l-add"></button>';
  if (!o.hiddenMenu) s += '<button type="button" class="icon-btn ic icon-more more" aria-haspopup="menu" aria-expanded="false" aria-labelledby="l-more"></button>';
  return { className: "card" + (onSale ? "" : " card-off"), inner: s + "</div>" };
}
