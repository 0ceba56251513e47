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

// blockedAll tells, for every value of every group, whether choosing it can
// still lead to a sku that can be bought (at least minQty in stock), given
// what is picked in the other group; null when it can. Such values are
// dimmed and cannot be chosen. One pass over the skus: the product page is
// rendered uncached in goja, where a pass per value cost milliseconds.
export function blockedAll(mod: SkuModule, picked: (string | undefined)[], minQty: number): (Blocked | null)[][] {
  const n = mod.attrs.length;
  const seen = mod.attrs.map((group) => new Map(group.map((a) => [a.id, { skus: 0, buyable: false, any: false, left: 0 }])));
  const keys = Object.keys(mod.skus); // not for-in: goja's costs ~3 times as much a key
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const stock = mod.skus[key].stock;
    const parts = key.split(",");
    for (let g = 0; g < n; g++) {
      const other = n === 1 ? undefined : picked[1 - g];
      const s = isSet(other) && parts[1 - g] !== other ? undefined : seen[g].get(parts[g]);
      if (!s) continue;
      s.skus++;
      s.left = stock;
      s.buyable ||= stock >= minQty;
      s.any ||= stock > 0;
    }
  }
  return mod.attrs.map((group, g) => group.map((a): Blocked | null => {
    const s = seen[g].get(a.id)!;
    if (s.skus === 0) return { why: "combo" };
    if (s.buyable) return null;
    if (!s.any) return { why: "soldOut" };
    return s.skus === 1 ? { why: "short", left: s.left } : { why: "short" };
  }));
}

// toggle picks attr in group g, or clears it when it is already picked.
export function toggle(picked: (string | undefined)[], g: number, attr: string): (string | undefined)[] {
  const next = picked.slice();
  next[g] = picked[g] === attr ? undefined : attr;
  return next;
}
