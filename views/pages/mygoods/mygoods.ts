// Types and calls of the seller's "My goods" page (tre/myTreList and the
// changes that take the card's sid back, SPEC §3).
import type { Card, Txt } from "../../lib/types";

export interface ReviewStatus { id: number; tNa: string; color: string }
export interface SkuStock { id: string; names: Txt[]; stock: number }
export interface MyItem extends Card {
  sid: string; approveStatus: number; reviewStatus: ReviewStatus;
  inventory: number; goodsStock: number; skus: SkuStock[];
}
export interface MyPage { list: MyItem[]; total: number; page: number; pageSize: number }

export const FILTERS = [
  { status: "all", key: "FilterAll" },
  { status: "onSale", key: "FilterOnSale" },
  { status: "offSale", key: "FilterOffSale" },
  { status: "waiting", key: "FilterWaiting" },
  { status: "rejected", key: "FilterRejected" },
] as const;
export type Filter = (typeof FILTERS)[number]["status"];

export const PAGE_SIZE = 12;

// stockRows are what the stock editor edits: each sku, or the goods itself
// (skuId "") when it has none.
export function stockRows(it: MyItem): { skuId: string; names: Txt[]; stock: number }[] {
  return it.skus.length ? it.skus.map((k) => ({ skuId: k.id, names: k.names, stock: k.stock })) : [{ skuId: "", names: [], stock: it.goodsStock }];
}

// parseStock accepts a whole number from 0 to the server's maximum, else null.
// MAX_STOCK is the most a stock may be (the server's bound, app/listing).
export const MAX_STOCK = 1_000_000_000;

export function parseStock(v: string): number | null {
  const s = v.trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n <= MAX_STOCK ? n : null;
}
