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
