// Wire shapes and paths of the seller's order pages (operations/…).
import { withLang } from "../../lib/paths";
import type { Order } from "../order/orders";

export interface SellerActions { produce: boolean; ship: boolean; track: boolean; accept?: boolean; decline?: boolean }
export interface Carrier { code: string; name: string }
export interface PaymentRow {
  uid: string; method: number; status: string; amount: Order["total"]; providerRef: string; failure: string;
  createdAt: string; paidAt: string | null;
}
// AdminInfo is what only admins get (order.AdminInfo).
export interface AdminInfo {
  buyer: string; payment: PaymentRow | null; refund: boolean; cancel: boolean;
  audit: { actor: string; role: string; at: string; action: string; before: string; after: string; reason: string }[];
}
export interface SellerOrder extends Order {
  sellerActions: SellerActions; madeToMeasure: boolean; carriers: Carrier[]; trackKeys: string[]; admin?: AdminInfo;
}
export interface SellerRow extends Order { sellerActions: SellerActions; buyer?: string }
export interface SellerList { list: SellerRow[]; hasNext: boolean; total: number; admin?: boolean }

// The seller's list is operations/showorder/all (README): "all" is never an
// order number, which start with S and digits.
export const ALL = "all";

export function sellerOrderPath(lang: string, uid: string): string {
  return withLang(lang, "/operations/showorder/" + encodeURIComponent(uid));
}
export function sellerTrackPath(lang: string, uid: string): string {
  return withLang(lang, "/operations/showtrack/" + encodeURIComponent(uid));
}
export function detailCall(uid: string): string {
  return "operations/order/detail?uid=" + encodeURIComponent(uid);
}

// The seller's list tabs (operations/order/list status groups).
export const SELLER_TABS: { status: number; key: string }[] = [
  { status: 200, key: "OrdersToShip" }, { status: 1000, key: "OrderStatus1000" }, { status: 1001, key: "OrdersShipped" },
  { status: 1, key: "OrdersReceived" }, { status: 100, key: "OrdersToPay" }, { status: 2, key: "OrdersCancelled" },
  { status: 0, key: "OrdersAll" },
];
