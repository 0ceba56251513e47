import type { ScenarioLabel } from "../../lib/types";

// surcharge is what the chosen scenario options add to a unit price, in the
// page's currency: the server's per-option amounts, which its unit price
// rule adds the same way.
export function surcharge(labels: ScenarioLabel[], chosen: Record<number, number | undefined>): number {
  return labels.reduce((sum, l) => sum + (l.values.find((v) => v.id === chosen[l.labelId])?.addPrice[0]?.amount ?? 0), 0);
}
