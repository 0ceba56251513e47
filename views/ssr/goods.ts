import type { Comment, GoodsImage } from "../lib/types";
import { at, esc, texts, writeWith } from "./hostHTML";
import { pictureHTML } from "./cards";
import { useData, useT } from "../stores/context";
import { formatNumber } from "../lib/i18n";
import { relativeTime } from "../lib/hydrated";
import { SIZES } from "../components/Picture";
import { Stars } from "../components/PriceTag";
import { Gallery } from "../pages/goods/Gallery";
import { Comments } from "../pages/goods/Comments";
import { SkuPicker, reason } from "../pages/goods/SkuPicker";
import { blockedAll } from "../pages/goods/selection";
import { txtLang } from "../lib/i18n";
import type { SkuModule } from "../lib/types";

// The product page's lists written as strings on the server: the gallery
// (a figure and a thumbnail button a picture), the reviews and their stars.
// Each writes the markup React writes for its component (same attributes
// in the same order, escaping, <!-- --> text separators) with the server's
// state: the first picture current, no reviews loaded beyond the page's,
// not hydrated. server/plainmarkup_test.go renders product pages with
// these and with React's components and compares them to the byte; a
// writer that is not sure returns null and the component is called.
// Called inside their parent's render, as pure components are, so they
// read the page's contexts the same way (ssr/pure.ts).

type T = ReturnType<typeof useT>;

function galleryHTML({ images, alt }: { images: GoodsImage[]; alt: string }): string | null {
  const t = useT();
  const n = images.length;
  let strip = "";
  let thumbs = "";
  for (let i = 0; i < n; i++) {
    const im = images[i].image;
    const label = at("aria-label", t("ImageOf", { i: i + 1, n }));
    const big = pictureHTML({ src: im.largeThumbnail.url, set: im, sizes: SIZES.gallery, width: im.largeThumbnail.width,
      height: im.largeThumbnail.height, alt: i === 0 ? alt : "", lcp: i === 0 });
    const small = pictureHTML({ src: im.tinyImg.url, width: im.tinyImg.width, height: im.tinyImg.height });
    if (big === null || small === null) return null;
    strip += '<figure class="gallery-item"' + at("data-img-id", images[i].id) + label + ">" + big + "</figure>";
    thumbs += '<button type="button" role="tab" aria-selected="' + (i === 0) + '" class="' + (i === 0 ? "thumb on" : "thumb") + '"' +
      label + ' data-testid="thumb">' + small + "</button>";
  }
  return '<div class="gallery"><div class="gallery-strip" data-testid="gallery-strip" dir="ltr" role="region"' + at("aria-label", t("Gallery")) +
    ' tabindex="0">' + strip + "</div>" + (n > 1 ? '<div class="thumbs" role="tablist">' + thumbs + "</div>" : "") + "</div>";
}

// starsHTML is Stars (components/PriceTag.tsx).
function starsHTML(rating: number, count: number | undefined, t: T, numfmt: Parameters<typeof formatNumber>[1]): string {
  const tenths = Math.round(rating / 2);
  const r = formatNumber(tenths / 10, numfmt, 1);
  const n = count === undefined ? "" : formatNumber(count, numfmt, 0);
  let s = '<span class="stars" data-testid="stars"><span class="stars-glyphs" aria-hidden="true"><span class="stars-fill" style="width:' +
    tenths * 2 + '%" data-testid="stars-fill">★★★★★</span><span class="stars-empty">★★★★★</span></span><span class="sr-only">' +
    esc(count === undefined ? t("RatingOutOf", { r }) : t("RatingSummary", { r, n })) + "</span>";
  if (count !== undefined) s += '<span class="stars-count" aria-hidden="true">' + texts([r, " (", n, ")"]) + "</span>";
  return s + "</span>";
}

const PAGE = 5; // Comments' page size: a full first page offers more

function commentsHTML({ first }: { treId: string; first: Comment[] }): string | null {
  const t = useT();
  const { lang, now, numfmt } = useData();
  if (!first.length) return '<p class="muted">' + esc(t("NoComments")) + "</p>";
  let s = '<div class="comments"><ul data-testid="comments">';
  for (const c of first) {
    s += '<li class="comment"><div class="comment-head"><span class="avatar" aria-hidden="true">' + esc(c.author.userName.slice(0, 1)) +
      "</span><strong>" + esc(c.author.userName) + "</strong>" + starsHTML(c.ratingValue, undefined, t, numfmt) +
      "<time" + at("dateTime", new Date(c.creTime).toISOString()) + ">" + esc(relativeTime(c.creTime, now, lang, false)) + "</time></div>" +
      '<p dir="auto"' + at("lang", c.content.lan !== lang ? c.content.lan : undefined) + ">" + esc(c.content.txt) + "</p></li>";
  }
  s += "</ul>";
  if (first.length >= PAGE) s += '<button type="button" class="btn" data-testid="more-comments">' + esc(t("LoadMoreComments")) + "</button>";
  return s + "</div>";
}

// skuPickerHTML is SkuPicker with nothing picked and nothing flagged, as
// every server render has it (the choices kept in the tab are the
// browser's); anything else is left to the component.
function skuPickerHTML({ mod, picked, lang, flagged, minQty }: { mod: SkuModule; picked: (string | undefined)[]; lang: string; flagged: boolean; minQty: number }): string | null {
  if (flagged || picked.some((id) => id)) return null;
  const t = useT();
  const all = blockedAll(mod, picked, minQty);
  let s = "";
  for (let g = 0; g < mod.attrs.length; g++) {
    const group = mod.attrs[g];
    let chips = "";
    let told = "";
    for (let i = 0; i < group.length; i++) {
      const a = group[i];
      const no = all[g][i];
      const why = no ? reason(no, minQty, t) : "";
      chips += '<button type="button" class="chip' + (no ? " dim" : "") + '" aria-pressed="false"' + (no ? ' disabled=""' : "") +
        at("lang", txtLang(a.name, lang)) + at("data-attr-id", a.id) + at("data-blocked", no?.why) + (no ? at("title", why) : "") + ">" + esc(a.name.txt) + "</button>";
      if (no && no.why !== "combo") told += "<li><bdi" + at("lang", txtLang(a.name, lang)) + ">" + esc(a.name.txt) + "</bdi>" + esc(": " + why) + "</li>";
    }
    s += '<fieldset class="picker" data-testid="attr-group-' + g + '"><legend>' + esc(mod.groupNames[g]?.txt || t("Specifications")) + "</legend>" +
      '<div class="chips">' + chips + "</div>" + (told ? '<ul class="hint dim-reasons" data-testid="dim-reasons">' + told + "</ul>" : "") + "</fieldset>";
  }
  return s;
}

// writeGoodsParts registers the writers (called by the server's entry).
export function writeGoodsParts() {
  writeWith(Gallery, galleryHTML);
  writeWith(Comments, commentsHTML);
  writeWith(SkuPicker, skuPickerHTML);
  writeWith(Stars, ({ rating, count }: { rating: number; count?: number }) => starsHTML(rating, count, useT(), useData().numfmt));
}
