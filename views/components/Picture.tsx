import type { ImageSet, Thumb } from "../lib/types";

// Widths a picture is shown at, for the browser to choose a size (CSS in
// styles.css): cards (on phones two a row inside 1rem margins), the product
// gallery, 64 px order lines, the home promos. Browsers take the smallest
// size covering width × pixel ratio, so a 184 px card on a 2.625 phone
// would take the 800 px picture: cards stop at CARD_MAX instead.
export const SIZES = {
  card: "(min-width:40em) 17rem,calc(50vw - 22px)",
  gallery: "(min-width:46em) 40em,calc(100vw - 2rem)",
  line: "64px",
  promo: "7.5rem",
} as const;

// CARD_MAX: 400 px is 2.2 device pixels per CSS pixel of a phone's card,
// sharp enough for a thumbnail at half the bytes of 800.
export const CARD_MAX = 400;

export interface PictureProps {
  src: string; // the JPEG for browsers without WebP; names the WebP twin
  set?: Partial<ImageSet>; // the sizes of the picture the data has
  sizes?: string; // the shown width (SIZES), to choose among sizes; without it, src's twin only
  max?: number; // the widest size worth its bytes
  width: number;
  height: number;
  alt?: string;
  lcp?: boolean; // the page's largest picture: fetched first
  eager?: boolean; // above the fold, not the largest
  testid?: string;
}

// The server makes a WebP twin of each of its JPEGs (.webp for .jpg);
// demo pictures also come in three squares named by a size letter.
const OURS = /^\/media\/[\w/-]+\.jpg$/;
const DEMO = /^(\/media\/demo\/[\w-]+-)[lst]\.jpg$/;
const DEMO_SIZES = [["t", 160], ["s", 400], ["l", 800]] as const;

const twin = (url: string) => url.slice(0, -3) + "webp";

function sizesOf(src: string, set?: Partial<ImageSet>): Thumb[] {
  const m = DEMO.exec(src);
  const named = m ? DEMO_SIZES.map(([k, w]) => ({ url: m[1] + k + ".jpg", width: w, height: w })) : [];
  const given = set ? [set.tinyImg, set.smallThumbnail, set.largeThumbnail].filter((t): t is Thumb => !!t) : [];
  // Pages leave out the sizes a demo picture's name already says.
  return m && given.length < 3 ? named : given;
}

// pictureSource is what a picture's WebP <source> says, or null when src is
// not one of the server's JPEGs (no WebP twin: a bare <img>). The server's
// card writer (ssr/cards.ts) writes the same.
// (Loops, not filter and findIndex: cards call it by the dozen in goja.)
export function pictureSource(p: PictureProps): { srcSet: string; sizes?: string } | null {
  if (!OURS.test(p.src)) return null;
  const all = p.sizes ? sizesOf(p.src, p.set) : [];
  const max = p.max ?? Infinity;
  let srcSet = "";
  let kept = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i];
    let first = true; // the first of its width in the whole list
    for (let j = 0; j < i && first; j++) first = all[j].width !== t.width;
    if (!first || t.width > max || !OURS.test(t.url)) continue;
    srcSet += (kept++ ? "," : "") + twin(t.url) + " " + t.width + "w";
  }
  const many = kept > 1;
  return { srcSet: many ? srcSet : twin(p.src), sizes: many ? p.sizes : undefined };
}

// Below the fold a picture is lazy; lazy ones decode off screen anyway.
export const imgLoading = (p: PictureProps) => (p.lcp ? "eager" : p.eager ? undefined : "lazy");
export const imgDecoding = (p: PictureProps) => (p.eager && !p.lcp ? "async" : undefined);
export const imgPriority = (p: PictureProps) => (p.lcp ? "high" : undefined);

// picture renders a <picture>: a WebP source in every size the server has,
// then the JPEG <img> with explicit width and height. Below the fold it is
// lazy. A plain function, not a component: cards render it by the dozen in
// goja, where each component boundary costs time.
export function picture(p: PictureProps) {
  const img = (
    <img src={p.src} width={p.width} height={p.height} alt={p.alt ?? ""} data-testid={p.testid}
      loading={imgLoading(p)} decoding={imgDecoding(p)} fetchPriority={imgPriority(p)} />
  );
  const source = pictureSource(p);
  if (!source) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={source.srcSet} sizes={source.sizes} />
      {img}
    </picture>
  );
}
