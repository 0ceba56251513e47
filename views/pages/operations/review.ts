// Wire shapes and paths of the back office's review queues
// (operations/biggerentity/*, operations/biggeridentity/*).
import { withLang } from "../../lib/paths";
import type { ReviewStatus } from "../../components/form/types";

export type ReviewKind = "entity" | "identity" | "goods";
export type Values = Record<string, unknown>;

export interface ReviewItem {
  kind: ReviewKind; uid: string; identityType?: number; entityType: number; owner: string;
  status: ReviewStatus; rejectReason: string; reviewer: string;
  submitted: Values | null; live: Values | null; updatedAt: string;
  // Goods: the owner's translations waiting with the change, language → field key → text.
  translations?: Record<string, Record<string, string>>;
  // Goods: which of those a translation engine made, language → field keys.
  machine?: Record<string, string[]>;
}
export interface AuditEntry { actor: string; role: string; at: string; action: string; before: string; after: string; reason: string }

// The calls of a kind: the API names entities "biggerentity" and goods
// "treasure" (operations/treasure/list|decide, the goods review API).
const CALLS: Record<ReviewKind, string> = {
  entity: "operations/biggerentity/", identity: "operations/biggeridentity/", goods: "operations/treasure/",
};
export const call = (kind: ReviewKind, what: "list" | "decide" | "trail") => CALLS[kind] + what;
// hasTrail: the goods review API serves no trail call yet.
export const hasTrail = (kind: ReviewKind) => kind !== "goods";

export const PAGE_SIZE = 50; // identity.PageSize

// Goods travel by their wire id (treId, SPEC §3) where entities and
// identities say uid: the queue speaks uid, these two translate.
export function asReviewItem(kind: ReviewKind, x: ReviewItem & { treId?: string }): ReviewItem {
  return kind === "goods" ? { ...x, kind, uid: x.treId ?? x.uid } : x;
}
export const idOf = (item: ReviewItem) => (item.kind === "goods" ? { treId: item.uid } : { uid: item.uid });

// titleOf names an item in the queue: goods by their name (one seller's
// items would otherwise all read as the same email), the others by owner.
export function titleOf(item: ReviewItem): string {
  if (item.kind === "goods") {
    const name = text(item.submitted?.name ?? item.live?.name).trim();
    if (name) return name;
  }
  return item.owner || item.uid;
}

// Status filters: 0 is the open ones (Waiting and In review).
export const STATUS_FILTERS: { id: number; key: string }[] = [
  { id: 0, key: "OpsOpen" }, { id: 1, key: "ReviewStatusWaiting" }, { id: 3, key: "ReviewStatusDoing" },
  { id: 2, key: "ReviewStatusPass" }, { id: 4, key: "ReviewStatusRejected" },
];

// Identity types by their page names (catalog.IdentityTypeNames); "all" is every type.
export const IDENTITY_TYPES: { name: string; id: number; key: string }[] = [
  { name: "all", id: 0, key: "OpsAllTypes" }, { name: "creator", id: 21, key: "IdentityCreator" },
  { name: "seller", id: 22, key: "IdentitySeller" }, { name: "maker", id: 23, key: "IdentityMaker" },
  { name: "analyst", id: 24, key: "IdentityAnalyst" },
];

export function identityTypeOf(param: string): number {
  const n = Number(param);
  if (Number.isInteger(n) && IDENTITY_TYPES.some((x) => x.id === n)) return n;
  return IDENTITY_TYPES.find((x) => x.name === param)?.id ?? 0;
}

export const entityQueuePath = (lang: string) => withLang(lang, "/operations/showbiggerentity");
export const identityQueuePath = (lang: string, type: string) =>
  withLang(lang, "/operations/showbiggeridentity/" + encodeURIComponent(type));
export const goodsQueuePath = (lang: string) => withLang(lang, "/operations/showtreasure");
export const ordersPath = (lang: string) => withLang(lang, "/operations/showorder/all");

// isImage: form values that are pictures (uploads are served under /media/).
export function isImage(v: unknown): v is string {
  return typeof v === "string" && /^\/media\/\S+\.(jpe?g|png|webp|avif)$/i.test(v);
}

// images: a list of pictures (goods carry up to 10), else null.
export function images(v: unknown): string[] | null {
  if (isImage(v)) return [v];
  if (Array.isArray(v) && v.length > 0 && v.every(isImage)) return v as string[];
  return null;
}

export function text(v: unknown): string {
  if (v === null || v === undefined) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

// goodsText writes a goods form's structured value the way a reviewer
// reads it (one line per group, option or price), not as JSON; t names
// labels. Plain values are as text() gives them.
export function goodsText(k: string, v: unknown, t: (key: string) => string, all?: Values | null): string {
  const list = (x: unknown) => (Array.isArray(x) ? (x as Values[]) : []);
  const money = (p: Values) => `${text(p.c)} ${text(p.amount)}`;
  switch (k) {
    case "introAttrs": return list(v).map((p) => `${text(p.k)}: ${text(p.v)}`).join("\n");
    case "attrs": return list(v).map((g) => `${text(g.name)}: ${list(g.values).map((x) => text(x.name)).join(", ")}`).join("\n");
    case "skus": { // each combination by its value names, then price and stock
      const groups = list(all?.attrs);
      const names = (a: unknown) => list(a).map((x, g) => text(list(groups[g]?.values)[Number(x)]?.name) || text(x)).join(" / ");
      return list(v).map((s) => `${names(s.a)}: ${text(s.price)} · ${t("StockLabel")} ${text(s.stock)}`).join("\n");
    }
    case "prices": return list(v).map(money).join("\n");
    case "ranges": return list(v).map((r) => `≥ ${text(r.startQty)}: ${text(r.amount)}`).join("\n");
    case "scenario": return list(v).map((l) => {
      const sizes = String(l.labelId) === "9";
      const opts = list(l.options).map((o) => {
        const name = sizes ? (String(o.optionId) === "1" ? t("CustomSize") : text(o.optionId)) : `${text(o.name)} ${text(o.swatch)}`.trim();
        return Number(o.addPrice) ? `${name} (+${text(o.addPrice)})` : name;
      });
      return `${t(sizes ? "Size" : "Colour")}: ${opts.join(", ")}`;
    }).join("\n");
  }
  return text(v);
}

// fieldsOf lists the keys of both versions, submitted order first; goods
// in the order of their form.
export function fieldsOf(a: Values | null, b: Values | null, kind?: ReviewKind): string[] {
  const keys = [...Object.keys(a ?? {}), ...Object.keys(b ?? {})];
  const out = keys.filter((k, i) => keys.indexOf(k) === i);
  if (kind !== "goods") return out;
  const at = (k: string) => { const i = GOODS_FIELDS.findIndex((f) => f.key === k); return i < 0 ? GOODS_FIELDS.length : i; };
  return out.sort((x, y) => at(x) - at(y));
}

// GOODS_FIELDS is the goods form (app/listing/editor_form.go) as the diff
// shows it: each field's label and its choices' labels, so a reviewer reads
// "Price type: Fixed prices per currency", not "priceType: 3". A field not
// listed here shows by its key.
export const GOODS_FIELDS: { key: string; label: string; options?: Record<string, string> }[] = [
  { key: "name", label: "GoodsFormName" }, { key: "brief", label: "GoodsFormBrief" },
  { key: "intro", label: "GoodsFormIntro" }, { key: "introAttrs", label: "GoodsFormIntroAttrs" },
  { key: "bigType", label: "GoodsFormBigType", options: { 1: "GoodsFormConsumer", 2: "GoodsFormWholesale" } },
  { key: "spe", label: "GoodsFormSpe", options: { 0: "GoodsFormSpeNo", 1: "GoodsFormSpeDress" } },
  { key: "category", label: "GoodsFormCategory" }, // shown by its code, which names it plainly
  { key: "images", label: "GoodsFormImages" }, { key: "attrs", label: "GoodsFormAttrs" },
  { key: "skus", label: "GoodsFormSkus" }, { key: "scenario", label: "GoodsFormScenario" },
  { key: "priceType", label: "GoodsFormPriceType", options: { 2: "GoodsFormBaseRate", 3: "GoodsFormStaticPrice", 4: "GoodsFormVariousPrice" } },
  { key: "prices", label: "GoodsFormPrices" }, { key: "ranges", label: "GoodsFormRanges" },
  { key: "minQty", label: "GoodsFormMinQty" }, { key: "stock", label: "GoodsFormStock" },
];

export type Piece = { t: string; op: "same" | "add" | "del" };

// diffWords marks what changed between two texts, word by word (a longest
// common subsequence; texts here are short: titles, briefs, names).
export function diffWords(from: string, to: string): Piece[] {
  const a = from.split(/(\s+)/).filter(Boolean), b = to.split(/(\s+)/).filter(Boolean);
  if (a.length * b.length > 250_000) return [{ t: from, op: "del" }, { t: to, op: "add" }];
  const n = a.length, m = b.length;
  const L: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = a[i] === b[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const out: Piece[] = [];
  const push = (t: string, op: Piece["op"]) => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.t += t; else out.push({ t, op });
  };
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { push(a[i], "same"); i++; j++; }
    else if (L[i + 1][j] >= L[i][j + 1]) push(a[i++], "del");
    else push(b[j++], "add");
  }
  while (i < n) push(a[i++], "del");
  while (j < m) push(b[j++], "add");
  return out;
}

// litField names a translation's field key (app/listing/translate.go) by
// the main-language text it translates, read from the submitted values.
export function litField(k: string, v: Values | null): string {
  const list = (x: unknown) => (Array.isArray(x) ? (x as Values[]) : []);
  const [kind, a, b] = k.split(".");
  if (kind === "attr") return text(list(v?.introAttrs)[+a]?.[b]);
  if (kind === "g") return text(list(v?.attrs)[+a - 1]?.name);
  if (kind === "a") for (const g of list(v?.attrs)) for (const x of list(g.values)) if (x.id === k.slice(2)) return text(x.name);
  if (kind === "o") for (const l of list(v?.scenario)) if (String(l.labelId) === a) for (const o of list(l.options)) if (String(o.optionId) === b) return text(o.name);
  return k === "intro" ? "" : text(v?.[k]);
}

// litLabel is the catalogue key naming a translation's field, as the
// owner's Languages section names it (i18nOne's labels).
export function litLabel(k: string): string {
  const [kind, , b] = k.split(".");
  const keys: Record<string, string> = { name: "GoodsFormName", brief: "GoodsFormBrief", intro: "GoodsFormIntro", g: "LitGroup", a: "LitValue", o: "LitColour" };
  return kind === "attr" ? (b === "k" ? "LitIntroKey" : "LitIntroValue") : keys[kind] ?? "OpsField";
}
