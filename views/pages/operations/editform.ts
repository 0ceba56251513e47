// Wire shapes of the back office's content and form editor
// (operations/editform/list|get|save) and how its entries are edited.
import { withLang } from "../../lib/paths";
import type { AuditEntry } from "./review";

export type EditKind = "home" | "text" | "faq" | "hots" | "form";
export interface EditName { name: string; kind: EditKind }
export type Entry = Record<string, unknown>;

export interface EditDoc {
  name: string; kind: EditKind; lanCode: string; version: number;
  value: Entry; fallback?: Entry; trail: AuditEntry[];
}

export const editPath = (lang: string, name: string) => withLang(lang, "/operations/EditForm/" + encodeURIComponent(name));

// The catalogue key naming an EditName in the index and the page title.
export function nameKey(n: string): string {
  const fixed: Record<string, string> = {
    home: "EditNameHome", about: "EditNameAbout", contact: "EditNameContact", dressesfaq: "EditNameFAQ", hots: "EditNameHots",
    downloadapp: "EditNameDownloadApp", dlandroidapp: "EditNameAndroidApp",
    goods: "EditNameGoodsForm", "entity.1": "EditNamePersonForm", "entity.2": "EditNameCompanyForm",
    "identity.21": "EditNameCreatorForm", "identity.22": "EditNameSellerForm", "identity.23": "EditNameMakerForm", "identity.24": "EditNameAnalystForm",
  };
  return fixed[n] ?? "EditNameOther";
}

// The list member of a kind's value (text is a single entry).
const LIST: Partial<Record<EditKind, string>> = { faq: "entries", hots: "pages", home: "blocks", form: "fields" };

export function entriesOf(kind: EditKind, v: Entry | undefined): Entry[] {
  if (!v) return [];
  if (kind === "text") return [v];
  return (v[LIST[kind]!] as Entry[] | undefined) ?? [];
}

// valueWith is the value to save after entry i changed (i = -1 adds it,
// next = null removes it). A home save sends only the block it changed.
export function valueWith(kind: EditKind, v: Entry, i: number, next: Entry | null): Entry {
  if (kind === "text") return next ?? v;
  if (kind === "home") return { blocks: next ? [next] : [] };
  const list = [...entriesOf(kind, v)];
  if (i < 0 && next) list.push(next);
  else if (next) list[i] = next;
  else list.splice(i, 1);
  return { [LIST[kind]!]: list };
}

export const canAdd = (kind: EditKind) => kind === "faq" || kind === "hots" || kind === "form";

// Input is one control of the edit dialog.
export interface Input {
  key: string; label: string;
  type: "line" | "area" | "rich" | "number" | "check" | "select" | "list" | "options";
  options?: string[]; readOnly?: boolean;
}

const FIELD_TYPES = ["text", "textarea", "number", "select", "country", "richtext"];

export function inputsFor(kind: EditKind, isNew: boolean, entry: Entry): Input[] {
  switch (kind) {
    case "text": return [{ key: "title", label: "EditTitle", type: "line" }, { key: "text", label: "EditText", type: "rich" }];
    case "faq": return [{ key: "q", label: "EditQuestion", type: "line" }, { key: "a", label: "EditAnswer", type: "rich" }];
    case "hots": return [{ key: "uid", label: "EditUID", type: "line" }, { key: "title", label: "EditTitle", type: "line" },
      { key: "text", label: "EditText", type: "rich" }, { key: "goods", label: "EditGoods", type: "list" },
      { key: "category", label: "EditCategory", type: "line" }, { key: "cover", label: "EditCover", type: "line" }];
    case "home": return [{ key: "title", label: "EditTitle", type: "line" }, { key: "text", label: "EditText", type: "area" },
      { key: "cta", label: "EditCTA", type: "line" }, { key: "link", label: "EditLink", type: "line" }, { key: "goods", label: "EditGoods", type: "list" }];
  }
  const out: Input[] = [
    { key: "key", label: "EditFieldKey", type: "line", readOnly: !isNew },
    { key: "type", label: "EditFieldType", type: "select", options: FIELD_TYPES, readOnly: !isNew },
    { key: "label", label: "EditFieldLabel", type: "line" }, { key: "hint", label: "EditFieldHint", type: "line" },
    { key: "required", label: "EditFieldRequired", type: "check" },
  ];
  const t = String(entry.type ?? "");
  if (t === "text" || t === "textarea" || t === "richtext" || t === "pairs" || t === "attrgroups" || t === "scenario") {
    out.push({ key: "minLen", label: "EditFieldMinLen", type: "number" }, { key: "maxLen", label: "EditFieldMaxLen", type: "number" });
  }
  if (t === "number") out.push({ key: "min", label: "EditFieldMin", type: "number" }, { key: "max", label: "EditFieldMax", type: "number" });
  if (t === "select") out.push({ key: "options", label: "EditFieldOptions", type: "options", readOnly: !isNew });
  return out;
}

// The text of a control for an entry's value, and back.
export function toText(inp: Input, v: unknown): string {
  if (v === undefined || v === null) return "";
  if (inp.type === "list") return (v as string[]).join("\n");
  if (inp.type === "options") return (v as { value: string; label: string }[]).map((o) => o.value + "=" + o.label).join("\n");
  return String(v);
}

export function fromText(inp: Input, s: string): unknown {
  switch (inp.type) {
    case "list": return s.split(/[\s,]+/).filter(Boolean);
    case "options": return s.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
      const [value, label = ""] = l.split("=");
      return { value: value.trim(), label: label.trim() };
    });
    case "number": return s.trim() === "" ? undefined : Number(s);
  }
  return s;
}

// summary is the line an entry shows in the editor's list.
export function summary(kind: EditKind, e: Entry): string {
  switch (kind) {
    case "faq": return String(e.q ?? "");
    case "form": return String(e.key ?? "");
    default: return String(e.title ?? "");
  }
}

export function newEntry(kind: EditKind): Entry {
  if (kind === "faq") return { q: "", a: "" };
  if (kind === "hots") return { uid: "", title: "", text: "", goods: [], category: "", cover: "" };
  return { key: "", type: "text", label: "", required: false };
}
