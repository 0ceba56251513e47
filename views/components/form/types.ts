// The wire shapes of data-driven forms (app/form): a definition, its values,
// and the review status objects of what the form describes.
export interface FormOption { value: string; label: string }

export interface FormField {
  key: string;
  type: "text" | "textarea" | "number" | "select" | "image" | "country"
    // goods: lists and structured values, drawn by the page's own editors
    | "richtext" | "images" | "pairs" | "attrgroups" | "skus" | "scenario" | "prices" | "ranges"
    | "category"; // one category code, drawn by the page from the catalogue's categories
  label: string; // catalogue key
  hint?: string;
  required?: boolean;
  minLen?: number;
  maxLen?: number;
  min?: number;
  max?: number;
  int?: boolean;
  options?: FormOption[];
  disk?: string;
  crop?: [number, number, number, number]; // small w, h, big w, h
  maxItems?: number; // list types
}

export interface FormDef { name: string; version: number; fields: FormField[] }

// Plain fields hold text or numbers; list and structured fields (goods) hold JSON.
export type FormValues = Record<string, unknown>;

// SIMPLE are the field types DataForm draws itself and checkValues checks.
export const SIMPLE = new Set(["text", "textarea", "number", "select", "image", "country"]);

// ONE_VALUE are the page-drawn types that hold one text, not a list.
export const ONE_VALUE = new Set(["richtext", "category"]);

export interface ReviewStatus { id: number; tNa: string; color: string }

export interface WithForm<T> { item: T | null; form: FormDef | null }
