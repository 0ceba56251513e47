import { ONE_VALUE, SIMPLE, type FormDef, type FormField, type FormValues } from "./types";

// checkValues finds each field's first problem as the server would (same
// definition, same keys); the server checks again on save.
export function checkValues(def: FormDef, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of def.fields) {
    if (f.type === "category") { // which codes exist: the server's to say
      if (f.required && !values[f.key]) out[f.key] = "FormRequired";
      continue;
    }
    if (!SIMPLE.has(f.type)) { // lists: the count here, the rest on the server
      const list = Array.isArray(values[f.key]) ? (values[f.key] as unknown[]) : [];
      if (f.required && list.length === 0 && f.type !== "richtext") out[f.key] = "FormRequired";
      else if (f.maxItems && list.length > f.maxItems) out[f.key] = "FormTooMany";
      continue;
    }
    const key = problem(f, values[f.key] as string | number | undefined);
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
    if (ONE_VALUE.has(f.type)) { if (typeof v === "string" && v.trim() !== "") out[f.key] = v; continue; }
    if (!SIMPLE.has(f.type)) { if (Array.isArray(v) && v.length) out[f.key] = v; continue; }
    if (v === undefined || String(v).trim() === "") continue;
    out[f.key] = f.type === "number" ? Number(v) : String(v);
  }
  return out;
}
