// Custom size measurements (SPEC §5): integers from these ranges.
export type SizeType = 1 | 2; // 1 centimetre, 2 inch
export interface SizeData { type?: SizeType; a?: number; b?: number; c?: number; d?: number; a2?: number; b2?: number; c2?: number; d2?: number }

export const MEASURES = [
  { key: "a", label: "Bust", cm: [53, 160], inch: [21, 65] },
  { key: "b", label: "Waist", cm: [51, 160], inch: [20, 63] },
  { key: "c", label: "Hips", cm: [51, 160], inch: [20, 63] },
  { key: "d", label: "HollowToFloor", cm: [55, 190], inch: [22, 75] },
] as const;

export const CUSTOM_SIZE_OPTION = 1;
export const LABEL_COLOUR = 2;
export const LABEL_SIZE = 9;

// fieldOf names the measurement field for a unit: a..d in cm, a2..d2 in inch.
export function fieldOf(key: string, type: SizeType): keyof SizeData {
  return (type === 1 ? key : key + "2") as keyof SizeData;
}

// sizeComplete tells whether a custom size has its type and all four measures.
export function sizeComplete(s: SizeData | undefined): boolean {
  if (!s?.type) return false;
  return MEASURES.every((m) => typeof s[fieldOf(m.key, s.type!)] === "number");
}

export function range(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

// toInch is a size chart's centimetres in inches to the half inch, as the
// server rounds them (app/catalog/dress.go).
export function toInch(cm: number): number {
  return Math.round((cm / 2.54) * 2) / 2;
}
