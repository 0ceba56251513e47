// Adding to the cart from any page: one requestId per click, so a retry or
// a double submit adds once (the server remembers it).
import { call, type CallContext } from "../api/client";

export interface ScenarioChoice { labelId: number; optionId: number; sizeData?: Record<string, number> }
export interface AddResult { incr: number; lineId: string; quantity: number; shoppingQuantity: number }

export function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export function addToCart(ctx: CallContext, treId: string, skuId: string, options: ScenarioChoice[]): Promise<AddResult> {
  return call<AddResult>(ctx, "shoppingIncrRP", { requestId: newRequestId(), treId, skuId, scenarioOptions: options, scenarioAttrsUid: "" });
}
