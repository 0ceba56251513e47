import type { SkuModule } from "../../lib/types";

// Attribute ids of 5 characters or fewer count as unset (SPEC §5).
export const isSet = (id: string | undefined): id is string => !!id && id.length > 5;

export function skuKey(mod: SkuModule, picked: (string | undefined)[]): string | null {
  const ids = mod.attrs.map((_, g) => picked[g]);
  if (!ids.every(isSet)) return null;
  return ids.join(",");
}

// available tells whether choosing attr in group g can still lead to a sku,
// given what is picked in the other group. A combination without a sku is
// dimmed and cannot be chosen.
export function available(mod: SkuModule, g: number, attr: string, picked: (string | undefined)[]): boolean {
  const keys = Object.keys(mod.skus);
  if (mod.attrs.length === 1) return keys.includes(attr);
  const other = picked[1 - g];
  return keys.some((k) => {
    const parts = k.split(",");
    return parts[g] === attr && (!isSet(other) || parts[1 - g] === other);
  });
}

// toggle picks attr in group g, or clears it when it is already picked.
export function toggle(picked: (string | undefined)[], g: number, attr: string): (string | undefined)[] {
  const next = picked.slice();
  next[g] = picked[g] === attr ? undefined : attr;
  return next;
}
