import type { SkuModule } from "../../lib/types";

// Attribute ids of 5 characters or fewer count as unset (SPEC §5).
export const isSet = (id: string | undefined): id is string => !!id && id.length > 5;

export function skuKey(mod: SkuModule, picked: (string | undefined)[]): string | null {
  const ids = mod.attrs.map((_, g) => picked[g]);
  if (!ids.every(isSet)) return null;
  return ids.join(",");
}

// Why a value cannot be chosen: "combo" no sku has it with what is picked in
// the other group; "soldOut" none left; "short" fewer left than the minimum
// order quantity (left says how many, when one sku is meant).
export type Blocked = { why: "combo" } | { why: "soldOut" } | { why: "short"; left?: number };

// blocked tells whether choosing attr in group g can still lead to a sku
// that can be bought (at least minQty in stock), given what is picked in the
// other group; null when it can. Such values are dimmed and cannot be chosen.
export function blocked(mod: SkuModule, g: number, attr: string, picked: (string | undefined)[], minQty: number): Blocked | null {
  const other = mod.attrs.length === 1 ? undefined : picked[1 - g];
  const skus = Object.entries(mod.skus).filter(([k]) => {
    const parts = k.split(",");
    return parts[g] === attr && (!isSet(other) || parts[1 - g] === other);
  }).map(([, s]) => s);
  if (skus.length === 0) return { why: "combo" };
  if (skus.some((s) => s.stock >= minQty)) return null;
  if (skus.every((s) => s.stock <= 0)) return { why: "soldOut" };
  return skus.length === 1 ? { why: "short", left: skus[0].stock } : { why: "short" };
}

// toggle picks attr in group g, or clears it when it is already picked.
export function toggle(picked: (string | undefined)[], g: number, attr: string): (string | undefined)[] {
  const next = picked.slice();
  next[g] = picked[g] === attr ? undefined : attr;
  return next;
}
