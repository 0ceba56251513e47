import { useRef, useState, type ReactNode } from "react";
import { CropDialog } from "../account/CropDialog";
import { checkImage, IMAGE_TYPES } from "../../components/imageFile";
import { useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { uploadCut } from "../../api/uploadCut";
import type { FormField } from "../../components/form/types";

// The goods form's own editors: lists and structured values that the
// generic DataForm does not draw. Each shows its field's errors by path
// ("skus.2.stock") in the reader's language.

export type Obj = Record<string, unknown>;
export type Errors = Record<string, string>;

export function Section({ f, label, errors, children }: { f: FormField; label: string; errors: Errors; children: ReactNode }) {
  const t = useT();
  const own = errors[f.key];
  return (
    <fieldset className="goods-section" data-testid={"field-" + f.key} id={"f-" + f.key} tabIndex={-1}>
      <legend>{label}</legend>
      {f.hint ? <p className="hint muted">{t(f.hint)}</p> : null}
      {children}
      {own ? <small className="hint error" role="alert">{t(own, { max: f.maxItems ?? f.maxLen ?? "" })}</small> : null}
    </fieldset>
  );
}

// Err shows the error of one path inside a field.
export function Err({ errors, path }: { errors: Errors; path: string }) {
  const t = useT();
  return errors[path] ? <small className="hint error" role="alert" data-error={path}>{t(errors[path])}</small> : null;
}

export function move<T>(list: T[], i: number, j: number): T[] {
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  const [x] = out.splice(i, 1);
  out.splice(j, 0, x);
  return out;
}

// MoveButtons reorder an item by keyboard or touch (drag is for mice).
export function MoveButtons({ i, n, onMove, onRemove, what }: { i: number; n: number; onMove(j: number): void; onRemove(): void; what: string }) {
  const t = useT();
  return (
    <span className="move-buttons">
      <button type="button" className="btn small" disabled={i === 0} onClick={() => onMove(i - 1)} aria-label={t("GoodsMoveUp") + " " + what}>↑</button>
      <button type="button" className="btn small" disabled={i === n - 1} onClick={() => onMove(i + 1)} aria-label={t("GoodsMoveDown") + " " + what}>↓</button>
      <button type="button" className="btn small" onClick={onRemove} aria-label={t("GoodsRemove") + " " + what}>✕</button>
    </span>
  );
}

// ImageList is the ordered pictures: each cropped in the browser and
// uploaded through file/imageBase64/uploadCut; reordered by dragging or by
// the move buttons.
export function ImageList({ f, value, errors, onChange }: { f: FormField; value: string[]; errors: Errors; onChange(v: string[]): void }) {
  const t = useT();
  const api = useApi();
  const [crop, setCrop] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [picError, setPicError] = useState("");
  const drag = useRef<number | null>(null);
  const [sw, sh, bw, bh] = f.crop ?? [360, 480, 900, 1200];
  const max = f.maxItems ?? 10;
  const pick = async (file?: File) => {
    if (!file) return;
    setPicError("");
    const res = await checkImage(file);
    if (!res.ok) return setPicError(t(res.error));
    setCrop(file);
  };
  const upload = async (dataUrl: string) => {
    setCrop(null);
    setBusy(true);
    try {
      const up = await uploadCut(api, f.disk ?? "goods", [sw, sh, bw, bh], dataUrl);
      onChange([...value, up.big.url]);
    } catch { /* the server's message was shown */ } finally { setBusy(false); }
  };
  return (
    <>
      <ol className="image-list" data-testid="image-list">
        {value.map((url, i) => (
          <li key={url} draggable onDragStart={() => { drag.current = i; }} onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => { e.preventDefault(); if (drag.current !== null) onChange(move(value, drag.current, i)); drag.current = null; }}>
            <img src={url} alt={t("GoodsPictureN", { n: i + 1 })} width={bw} height={bh} />
            <MoveButtons i={i} n={value.length} what={t("GoodsPictureN", { n: i + 1 })} onMove={(j) => onChange(move(value, i, j))}
              onRemove={() => onChange(value.filter((_, k) => k !== i))} />
            <Err errors={errors} path={f.key + "." + i} />
          </li>
        ))}
      </ol>
      {value.length < max ? (
        <label className="btn small">
          {busy ? t("Uploading") : t("GoodsAddPicture")}
          <input type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" data-testid="pick-images"
            onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ""; }} />
        </label>
      ) : <p className="hint muted">{t("FormTooMany", { max })}</p>}
      {picError ? <small className="hint error" role="alert">{picError}</small> : null}
      {crop ? <CropDialog file={crop} width={bw} height={bh} onClose={() => setCrop(null)} onDone={(d) => void upload(d)} /> : null}
    </>
  );
}

// Text is a small labelled input.
export function Text({ label, value, onChange, testid, type, inputMode, error, size }: {
  label: string; value: string; onChange(v: string): void; testid?: string; type?: string; inputMode?: "decimal" | "numeric"; error?: ReactNode; size?: "s";
}) {
  return (
    <label className={"field inline" + (size ? " small" : "")}>
      <span>{label}</span>
      <input type={type ?? "text"} dir="auto" inputMode={inputMode} value={value} data-testid={testid} onChange={(e) => onChange(e.target.value)} />
      {error}
    </label>
  );
}

// Pairs are the intro attributes: an ordered list of name and value.
export function Pairs({ f, value, errors, onChange }: { f: FormField; value: Obj[]; errors: Errors; onChange(v: Obj[]): void }) {
  const t = useT();
  const set = (i: number, k: string, v: string) => onChange(value.map((p, j) => (j === i ? { ...p, [k]: v } : p)));
  return (
    <>
      {value.map((p, i) => (
        <div className="goods-row" key={i}>
          <Text label={t("GoodsPairK")} value={String(p.k ?? "")} onChange={(v) => set(i, "k", v)} testid={`pair-${i}-k`} />
          <Text label={t("GoodsPairV")} value={String(p.v ?? "")} onChange={(v) => set(i, "v", v)} testid={`pair-${i}-v`} />
          <MoveButtons i={i} n={value.length} what={String(p.k ?? "")} onMove={(j) => onChange(move(value, i, j))} onRemove={() => onChange(value.filter((_, k) => k !== i))} />
        </div>
      ))}
      {value.length < (f.maxItems ?? 20) ? <button type="button" className="btn small" onClick={() => onChange([...value, { k: "", v: "" }])}>{t("GoodsAddPair")}</button> : null}
    </>
  );
}

const TAGS: [string, string, string][] = [["strong", "B", "GoodsTagBold"], ["em", "I", "GoodsTagItalic"], ["p", "¶", "GoodsTagParagraph"], ["li", "•", "GoodsTagList"]];

// RichText edits the intro as HTML with a few buttons for the allowed
// tags; the server keeps only its small allow-list whatever is typed.
export function RichText({ f, label, value, errors, onChange }: { f: FormField; label: string; value: string; errors: Errors; onChange(v: string): void }) {
  const t = useT();
  const ref = useRef<HTMLTextAreaElement>(null);
  const wrap = (tag: string) => {
    const el = ref.current;
    if (!el) return;
    const [a, b] = [el.selectionStart, el.selectionEnd];
    const inner = value.slice(a, b);
    const piece = tag === "li" ? `<ul><li>${inner}</li></ul>` : `<${tag}>${inner}</${tag}>`;
    onChange(value.slice(0, a) + piece + value.slice(b));
  };
  return (
    <label className={"field" + (errors[f.key] ? " missing" : "")} htmlFor={"f-" + f.key}>
      <span>{label}</span>
      <span className="row-actions start rich-tools">
        {TAGS.map(([tag, face, name]) => (
          <button key={tag} type="button" className="btn small" onClick={() => wrap(tag)} aria-label={t(name)}>{face}</button>
        ))}
      </span>
      <textarea ref={ref} id={"f-" + f.key} name={f.key} dir="auto" rows={6} value={value} onChange={(e) => onChange(e.target.value)} data-testid="intro" />
      <small className="hint muted">{t("GoodsIntroHint")}</small>
      <Err errors={errors} path={f.key} />
    </label>
  );
}
