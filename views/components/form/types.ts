// The wire shapes of data-driven forms (app/form): a definition, its values,
// and the review status objects of what the form describes.
export interface FormOption { value: string; label: string }

export interface FormField {
  key: string;
  type: "text" | "textarea" | "number" | "select" | "image" | "country";
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
}

export interface FormDef { name: string; version: number; fields: FormField[] }

export type FormValues = Record<string, string | number>;

export interface ReviewStatus { id: number; tNa: string; color: string }

export interface WithForm<T> { item: T | null; form: FormDef | null }
