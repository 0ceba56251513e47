// Wire shapes of the hydration data and the API (SPEC §3 names).
export interface Txt { txt: string; lan?: string; machine?: boolean }
export interface Thumb { url: string; width: number; height: number }
export interface ImageSet { largeThumbnail: Thumb; smallThumbnail: Thumb; tinyImg: Thumb }
export interface GoodsImage { id: string; image: ImageSet }
export interface Price { currency: { c: string; s: string }; amount: number }
export interface PriceRange { startQty: number; prices: Price[] }
export interface PriceData { prices: Price[]; maxPrices?: Price[]; ranges: PriceRange[]; minQty: number; calType: number }
export interface Attr { id: string; name: Txt; imgId?: string }
export interface Sku { id: string; prices: Price[]; tiers: PriceRange[]; imgId?: string; stock: number }
export interface SkuModule { groupNames: Txt[]; attrs: Attr[][]; skus: Record<string, Sku> }
export interface ScenarioValue { id: number; name: Txt; addPrice: Price[]; swatch?: string }
export interface ScenarioLabel { labelId: number; labelName: Txt; values: ScenarioValue[] }
// Card is a goods card. Pages carry it slim (server/web/pagecards.go): the
// fields marked optional come only from the API, and a card never needs them.
export interface Card {
  treId: string; treName: Txt; bigType?: number; spe?: number; saleable: number; uri?: string;
  treImage?: Partial<ImageSet> & Pick<ImageSet, "smallThumbnail">;
  priceData: Pick<PriceData, "prices" | "maxPrices" | "minQty"> & Partial<PriceData>;
  rating?: number; stock: number; ownerUid?: string;
  needsPick?: boolean; lans: string[]; sid?: string;
}
export interface Owner { uid: string; name: string; identityType: number; avatarUrl: string }
export interface Goods extends Card {
  bigType: number; spe: number; rating: number; ownerUid: string; needsPick: boolean;
  treImage?: ImageSet; priceData: PriceData;
  oldId?: number; treType: number; approveStatus: number; testResults: { testId: string }[];
  treImages: GoodsImage[]; brief: Txt; introHtml: Txt; introAttrs: { k: Txt; v: Txt }[];
  description: string; ratingCount: number; bestRating: number; commentCount: number; sales: number;
  aiGenModels: { name: string; tips: string; tips2: string }[]; skuModule: SkuModule; skuTag: string;
  useScenarioLabel: boolean; scenarioLabels: ScenarioLabel[]; tiers: PriceRange[]; maLan: string; category: string;
  owner: Owner; updatedAt: number;
}
export interface Comment {
  objId: string; author: { userName: string; avatarUrl: string }; creTime: number;
  ratingValue: number; content: Txt; sortFactor: number;
}
export interface HomeBlock { title: Txt; text?: Txt; cta?: Txt; link?: string; image?: ImageSet; goods: Card[] }
export interface IdentityInfo {
  uid: string; identityType: number; entityType: number; name: string; title: Txt; brief: Txt;
  country: string; avatarUrl: string; backgroundUrl: string; rating: number; goodsCount: number;
  designs?: { createVUid: string; treId: string; number: number; image: Thumb }[]; // a Creator's published AI creations
}
export interface SizeRow { id: number; label: string; cm: number[] } // inches: toInch (pages/goods/sizes.ts)
export interface Delivery { accepted: number; standard: number; estimated: number; tailoringDays: number; shippingDays: number }
export interface Language { code: string; name: string; dir: "ltr" | "rtl" }
export interface RegionItem { c: string; y: string; name: string }
export interface NumberFormat { dec: string; group: string; symbolAfter: boolean }

export type PageName = "home" | "goods" | "identity" | "notfound" | "error" | "login" | "register" | "forgetPwd"
  | "editProfile" | "user" | "mysafes" | "changeEmail" | "destroyIntro" | "destroyA" | "destroyB" | "block" | "qrlogin" | "declare" | "cart"
  | "addresses" | "addressEdit"
  | "makeorder" | "makeline" | "myorders" | "myorder" | "shippinginfo" | "dogepay" | "search"
  | "sellerOrder" | "sellerTrack" | "reviewEntity" | "reviewIdentity" | "reviewGoods"
  | "entity" | "identityEdit" | "identityMe" | "mygoods" | "goodsEdit" | "text" | "editForm" | "bigchat"
  | "dresses" | "dressesCat" | "dressesFaq" | "contact" | "downloadapp" | "dlandroidapp" | "hotspage" | "hots" | "category"
  | "creation" | "creationVersion";

export interface PageData {
  home?: Record<string, HomeBlock>;
  goods?: Goods;
  comments?: Comment[];
  sizeChart?: SizeRow[];
  delivery?: Delivery;
  steps?: Txt[];
  refund?: Txt;
  identity?: IdentityInfo;
  cards?: { cards: Card[]; total: number; page: number; pageSize: number };
  profile?: { userUid: string; userName: string; title: string; brief: string; avatarUrl: string; backgroundUrl: string };
  param?: string; // a route parameter the page shows (block code, QR ticket)
  param2?: string; // a second one (ai-creation's createVUid)
  search?: SearchResults;
  shipping?: { rate: Price; freeFrom: Price }; // goods page: the order shipping rule in the offer's currency
  cardLans?: string[]; // the languages of the page's cards that name none (lib/pagecards.ts)
  content?: { title: string; text: string; lan: string }; // aboutsouk, contact, the app pages: text is sanitised rich text
  dresses?: DressesData;
  faq?: { entries: { q: string; a: string }[]; lan: string }; // dresses/faq/{faqId}: answers are sanitised rich text
  category?: CategoryData; // category/{uid}
  crumbs?: CategoryLink[]; // goods page: its categories, from the top down
  hots?: HotsData; // hotspage, hots/{uid}
  apps?: Apps; // downloadapp, dlandroidapp
}

// Apps is what the configuration offers of the native apps (app/mobileapp):
// an empty part is not available yet.
export interface Apps {
  apk?: { version: string; size: number; sha256: string; url: string };
  playUrl?: string;
  appStoreUrl?: string;
  apkUnreadable?: boolean; // an APK is configured but its file cannot be read now
}

// A price band of a listing's price filter, in the page's currency (the
// bounds it applies); no max: no upper bound.
export interface Band { code: string; min?: Price; max?: Price }

// CategoryLink is a category as a link; path has no language prefix
// (server/web/categories.go).
export interface CategoryLink { code: string; name: Txt; path: string }

// CategoryFilter is a category page's query; zero values are no filter.
export type CategoryFilter = { price: string; moq: number; type: string; sort: string; page: number };

// CategoryData is a category page (server/web/categories.go).
export interface CategoryData {
  path: CategoryLink[]; // from the top down to the category itself
  children: CategoryLink[];
  filter: CategoryFilter & { category: string; pageSize: number };
  facets: { goods: number; maxMinQty: number; types: number[] };
  bands: Band[];
  moqSteps: number[]; // the minimum-quantity steps that narrow this category
}

// DressesData is the dresses line's pages (server/web/dresses.go).
export interface DressCategory { uid: string; suri: string; key: string }
export interface DressesData {
  categories?: DressCategory[]; // on the dresses line's pages (a dress's page has only the questions)
  category?: string;
  filter?: { category: string; colour: string; silhouette: string; length: string; price: string; size: string; sort: string; page: number; pageSize: number };
  colours?: string[];
  bands?: Band[];
  delivery?: Delivery;
  questions?: string[]; // faqId is the position from 1
  qlan?: string;
}

// HotsData is hotspage's and hots/{uid}'s (server/web/hots.go).
// HotsRow: a trending collection's first goods, everything's (no name) or a category's.
export interface HotsRow { uid: string; name?: Txt; goods: Card[] }
// HotsTile: a curated collection as hotspage shows it.
export interface HotsTile { uid: string; title: string; excerpt?: string; lan: string; image?: { smallThumbnail: Thumb; tinyImg?: Thumb } }
// HotsHead: one collection's heading (hots/{uid}); its goods are PageData.cards.
export interface HotsHead {
  uid: string; kind: "trending" | "curated"; name?: Txt;
  title?: string; text?: string; lan?: string; excerpt?: string;
}
export interface HotsData { trending?: HotsRow; categories?: HotsRow[]; curated?: HotsTile[]; page?: HotsHead; days: number }

// SearchResults is the server-rendered results page (/{lang}/search?q=…):
// the first page of each group, as the search stream would send it.
export interface SearchResults {
  q: string;
  error?: string; // why there are no results (empty or too long a query), a message
  consumer: Card[];
  wholesaler: Card[];
  consumerTotal: number;
  wholesalerTotal: number;
  corrected?: Correction; // the results are of q spelt right: q found nothing
  suggest?: Suggestions; // when nothing was found: what to try instead
}

// Correction says a search's results are of the query as typed spelt right
// (to), because it found nothing as typed (from): stream frame 5 with
// corrected, before the groups, or the results page's data.
export interface Correction { from: string; to: string }

// Suggestions are what a search that found nothing offers instead (stream
// frame 5 with suggest, or the results page's data): a corrected spelling
// that finds goods, and the category of what was asked for.
export interface Suggestions { spelling?: string; category?: { code: string; name: string } }

// PageProps is what a page carries in #__SOUK__: its own data and the URL of
// its language's shared script.
export interface PageProps {
  page: PageName;
  path: string; // without the language prefix, always starting with "/"
  query: string;
  lang: string;
  dir: "ltr" | "rtl";
  region: string;
  currency: string;
  baseUrl: string;
  assets: { js: string; css: string; preload: string[]; page: string; export: string };
  shared: string; // the URL of SharedData as a script (self.__SOUK_SITE__ = …)
  now: number;
  ek: string; // the API envelope key (public by nature, see api/client.ts)
  xDefault?: boolean; // served at the unprefixed URL (the hreflang x-default), canonical to itself
  testPay?: boolean; // the embedded test payment provider is active: no real money moves
  data: PageData;
}

// SharedData is what every page of one language shares, sent once per
// language as an immutable script rather than inside every page.
export interface SharedData {
  t: Record<string, string>;
  langs: Language[];
  regions: RegionItem[];
  currencies: { c: string; s: string }[];
  numfmt: NumberFormat;
  cats: CategoryLink[]; // the catalogue's top categories, for the menu
}

export type SoukData = PageProps & SharedData;
