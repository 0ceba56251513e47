import type { FormDef, FormField, FormValues } from "./types";

// checkValues finds each field's first problem as the server would (same
// definition, same keys); the server checks again on save.
export function checkValues(def: FormDef, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of def.fields) {
    const key = problem(f, values[f.key]);
    if (key) out[f.key] = key;
  }
  return out;
}

function problem(f: FormField, raw: string | number | undefined): string {
  const s = raw === undefined ? "" : String(raw).trim();
  if (s === "") return f.required ? "FormRequired" : "";
  if (f.type === "number") {
    const n = Number(s);
    if (!Number.isFinite(n)) return "FormNotNumber";
    if (f.int && !Number.isInteger(n)) return "FormNotWhole";
    if (f.min !== undefined && n < f.min) return "FormTooSmall";
    if (f.max !== undefined && n > f.max) return "FormTooLarge";
    return "";
  }
  const len = [...(f.type === "textarea" ? s : s.replace(/\s+/g, " "))].length;
  if (f.minLen && len < f.minLen) return "FormTooShort";
  if (f.maxLen && len > f.maxLen) return "FormTooLong";
  if (f.type === "select" && !(f.options ?? []).some((o) => o.value === s)) return "FormNotInList";
  if (f.type === "country" && !/^[A-Z]{2}$/.test(s)) return "FormBadCountry";
  return "";
}

// toSend turns the form's text into the values a save sends: numbers as
// numbers, empty fields left out.
export function toSend(def: FormDef, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of def.fields) {
    const v = values[f.key];
    if (v === undefined || String(v).trim() === "") continue;
    out[f.key] = f.type === "number" ? Number(v) : String(v);
  }
  return out;
}
