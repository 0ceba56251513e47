// Wire shapes of the buying API (orders, payments, Doge) and the small
// helpers the order pages share.
import type { Price } from "../../lib/types";
import type { Chosen } from "./Chosen";
import { withLang } from "../../lib/paths";

export interface LineOption { labelId: number; optionId: number; sizeData?: Record<string, number>; labelName?: string; optionName?: string }
export interface OrderLine {
  goodsUid: string; skuUid: string; name: string; imageUrl: string; options: LineOption[];
  quantity: number; unitPrice: Price; lineTotal: Price; chosen?: Chosen[];
}
export interface Address {
  id: string; name: string; phone: string; country: string; region: string; city: string;
  line1: string; line2: string; postalCode: string; isDefault: boolean;
}
export type PostalAddress = Omit<Address, "id" | "isDefault">;
export interface OrderDelivery { acceptedBy: string; standardBy: string; estimatedBy: string; tailoringDays: number; shippingDays: number }
// key is the step's catalogue key (Track… for a seller's tracking event),
// note its text in the reader's language; place and remark as typed.
export interface OrderEvent { status: number; key: string; note: string; place: string; remark: string; at: string }
export interface Order {
  orderNumber: string; status: number; statusName: string; createdAt: string; payBy: string; paidAt?: string;
  sellerUid: string; sellerName: string; currency: { c: string; s: string };
  goodsTotal: Price; shipping: Price; total: Price; address: PostalAddress; note: string; lines: OrderLine[];
  payUid: string; payMethod: number; payStatus?: string; payFailure?: string; carrier: string; trackingNumber: string; delivery?: OrderDelivery;
  events: OrderEvent[]; actions: { pay: boolean; cancel: boolean; sureReceived: boolean; delete: boolean };
  // A make-line order: its quote, when the maker accepted, until when it may.
  makeLine?: { uid: string; acceptedAt?: string; respondBy?: string };
}
export interface PreGroup { sellerUid: string; sellerName: string; lines: OrderLine[]; goodsTotal: Price; shipping: Price; total: Price; delivery?: OrderDelivery }
export interface Problem { lineId: string; name: string; kind: string; message: string }
export interface PreOrder { address: Address | null; groups: PreGroup[]; problems?: Problem[]; goodsTotal: Price; shipping: Price; total: Price; payMethods: number[] }
export interface Made { payUid: string; orderNumbers: string[]; total: Price }
export interface Card { number: string; expMonth: number; expYear: number; cvc: string; name: string }
export interface PayChoice { payMethod: number; card?: Card }
export interface PayResult { status: "succeeded" | "action" | "pending" | "failed"; message?: string; payUid: string; dogeUrl?: string }

// Order status codes (the state machine of the contract).
export const S = { AwaitingPayment: 100, Paid: 200, Processing: 500, InProduction: 1000, Shipped: 1001, Received: 1, Cancelled: 2, RefundPending: 50, Refunded: 51 } as const;

// Catalog keys of the statuses, spelled out (keys are never concatenated).
const STATUS_KEYS: Record<number, string> = {
  100: "OrderStatus100", 200: "OrderStatus200", 500: "OrderStatus500", 1000: "OrderStatus1000",
  1001: "OrderStatus1001", 1: "OrderStatus1", 2: "OrderStatus2", 50: "OrderStatus50", 51: "OrderStatus51",
};
export function statusKey(status: number): string {
  return STATUS_KEYS[status] ?? "OrderStatusUnknown";
}

// The tone of a status badge (CSS class).
export function statusTone(status: number): string {
  if (status === S.AwaitingPayment || status === S.Processing) return "wait";
  if (status === S.Cancelled || status === S.RefundPending || status === S.Refunded) return "off";
  if (status === S.Received) return "done";
  return "ok";
}

export const PAY_METHODS: { id: number; key: string }[] = [
  { id: 1, key: "PayCard" }, { id: 2, key: "PayPayPal" }, { id: 3, key: "PayGooglePay" },
  { id: 4, key: "PayApplePay" }, { id: 5, key: "PayDoge" },
];
export function payMethodKey(id: number): string {
  return PAY_METHODS.find((m) => m.id === id)?.key ?? "PayNone";
}

// The filter tabs of myorders: status 0 is all.
export const ORDER_TABS: { status: number; key: string }[] = [
  { status: 0, key: "OrdersAll" }, { status: 100, key: "OrdersToPay" }, { status: 200, key: "OrdersToShip" },
  { status: 1001, key: "OrdersShipped" }, { status: 1, key: "OrdersReceived" }, { status: 2, key: "OrdersCancelled" },
];

export function orderPath(lang: string, orderNumber: string, query = ""): string {
  return withLang(lang, "/myorder/" + encodeURIComponent(orderNumber)) + query;
}
export function trackingPath(lang: string, orderNumber: string): string {
  return withLang(lang, "/shippinginfo/" + encodeURIComponent(orderNumber));
}
export function dogePath(lang: string, payUid: string): string {
  return withLang(lang, "/dogepay/" + encodeURIComponent(payUid));
}

// ms reads an RFC3339 time (undefined when missing or unreadable).
export function ms(s: string | undefined): number | undefined {
  if (!s) return undefined;
  const n = Date.parse(s);
  return Number.isNaN(n) ? undefined : n;
}

// queryParam reads the page's query string (in effects only, never in render).
export function queryParam(name: string): string {
  return new URLSearchParams(window.location.search).get(name) ?? "";
}
