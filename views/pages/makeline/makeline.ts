// Wire shapes of the make-line calls and how a page names what it makes.
import type { Goods, Price } from "../../lib/types";
import type { Address, LineOption, OrderDelivery } from "../order/orders";
import { withLang } from "../../lib/paths";

export interface MakeLinePrice {
  uid?: string; expiresAt?: string; treId: string; createVUid?: string; name: string; imageUrl: string;
  skuId: string; options: LineOption[]; basePrice: Price; optionsPrice: Price; customSizePrice: Price;
  unitPrice: Price; shipping: Price; total: Price; delivery: OrderDelivery; makerUid: string;
  makers: { uid: string; name: string; country: string }[]; respondHours: number; priced: boolean;
  goods?: Goods; address: Address | null; payMethods: number[];
}

// A creation version's uid is 24 hex digits; anything else is a treId.
export function isVersionUid(uid: string): boolean {
  return /^[0-9a-f]{24}$/.test(uid);
}

export function askOf(uid: string): { treId?: string; createVUid?: string } {
  return isVersionUid(uid) ? { createVUid: uid } : { treId: uid };
}

export function makeLinePath(lang: string, uid: string): string {
  return withLang(lang, "/makeline/" + encodeURIComponent(uid));
}
