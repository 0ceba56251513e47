import { useEffect, useMemo, useState } from "react";
import { Field } from "../Field";
import { Submit } from "../Submit";
import { ImageInput } from "./ImageInput";
import { useData, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { useCountryNames } from "../../pages/address/addresses";
import type { FormDef, FormField, FormValues } from "./types";

// DataForm draws a data-driven form from its definition (app/form): one
// control per field by type, with the field's limits, and each field's
// error (a catalogue key, from the browser's check or the server's answer)
// in the reader's language with the limits filled in.
// Field types it does not draw itself (goods' lists) come from custom; extra
// buttons (a draft save) go beside the submit button.
export function DataForm({ def, values, errors, busy, submitLabel, onChange, onSubmit, testid, custom, extraActions }: {
  def: FormDef; values: FormValues; errors: Record<string, string>; busy: boolean; submitLabel: string;
  onChange(key: string, v: string): void; onSubmit(): void; testid?: string;
  custom?: (f: FormField, label: string) => React.ReactNode; extraActions?: React.ReactNode;
}) {
  const t = useT();
  const message = (f: FormField) => {
    const key = errors[f.key];
    return key ? t(key, { min: f.type === "number" ? f.min ?? "" : f.minLen ?? "", max: f.type === "number" ? f.max ?? "" : f.maxLen ?? "" }) : undefined;
  };
  const hasCountry = def.fields.some((f) => f.type === "country");
  const countries = useCountries(hasCountry);
  return (
    <form className="data-form" noValidate data-testid={testid ?? "data-form"} data-form={def.name}
      onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      {def.fields.map((f) => {
        const v = values[f.key] === undefined ? "" : String(values[f.key]);
        const label = f.required ? t(f.label) : t("FieldOptional", { label: t(f.label) });
        const set = (x: string) => onChange(f.key, x);
        switch (f.type) {
          case "image":
            return <ImageInput key={f.key} field={f} value={v} error={errors[f.key]} onChange={set} />;
          case "textarea":
            return <TextArea key={f.key} f={f} label={label} value={v} error={message(f)} onChange={set} />;
          case "select":
          case "country": {
            const opts = f.type === "select" ? (f.options ?? []).map((o) => ({ value: o.value, name: t(o.label) })) : countries;
            return (
              <Choice key={f.key} name={f.key} label={label} value={v} error={message(f)} onChange={set}
                options={v && !opts.some((o) => o.value === v) ? [{ value: v, name: v }, ...opts] : opts} />
            );
          }
          case "richtext": case "images": case "pairs": case "attrgroups": case "skus": case "scenario": case "prices": case "ranges": case "category":
            return custom ? <div key={f.key}>{custom(f, label)}</div> : null;
          case "number":
            return <Field key={f.key} label={label} name={f.key} type="number" inputMode={f.int ? "numeric" : "decimal"} min={f.min} max={f.max}
              step={f.int ? 1 : "any"} value={v} onChange={(e) => set(e.target.value)} error={message(f)} />;
          default:
            return <Field key={f.key} label={label} name={f.key} dir="auto" maxLength={f.maxLen ? f.maxLen + 20 : undefined}
              value={v} onChange={(e) => set(e.target.value)} error={message(f)} />;
        }
      })}
      {extraActions ? <div className="row-actions start">{extraActions}<Submit busy={busy} testid="form-submit">{submitLabel}</Submit></div>
        : <Submit busy={busy} testid="form-submit">{submitLabel}</Submit>}
    </form>
  );
}

function TextArea({ f, label, value, error, onChange }: { f: FormField; label: string; value: string; error?: string; onChange(v: string): void }) {
  const t = useT();
  const id = "f-" + f.key;
  return (
    <label className={"field" + (error ? " missing" : "")} htmlFor={id}>
      <span>{label}</span>
      <textarea id={id} name={f.key} dir="auto" rows={4} value={value} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? id + "-err" : undefined} />
      {error ? <small id={id + "-err"} className="hint error" role="alert">{error}</small>
        : f.maxLen ? <small className="hint muted">{t("FormTooLong", { max: f.maxLen })}</small> : null}
    </label>
  );
}

function Choice({ name, label, value, error, options, onChange }: {
  name: string; label: string; value: string; error?: string; options: { value: string; name: string }[]; onChange(v: string): void;
}) {
  const t = useT();
  const id = "f-" + name;
  return (
    <label className={"field" + (error ? " missing" : "")} htmlFor={id}>
      <span>{label}</span>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? id + "-err" : undefined}>
        <option value="">{t("FormChoose")}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.name}</option>)}
      </select>
      {error ? <small id={id + "-err"} className="hint error" role="alert">{error}</small> : null}
    </label>
  );
}

// useCountries lists countries by name in the reader's language (the
// address book's list of codes).
function useCountries(on: boolean): { value: string; name: string }[] {
  const { lang } = useData();
  const api = useApi();
  const name = useCountryNames(lang);
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    if (on) void api<{ code: string }[]>("address/countries", {}, { silent: true }).then((l) => setCodes(l.map((c) => c.code))).catch(() => setCodes([]));
  }, [on]); // eslint-disable-line react-hooks/exhaustive-deps
  return useMemo(() => codes.map((c) => ({ value: c, name: name(c) })).sort((a, b) => a.name.localeCompare(b.name, lang)), [codes, name, lang]);
}
