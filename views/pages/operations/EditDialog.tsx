import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { useT } from "../../stores/context";
import { fromText, inputsFor, toText, type EditKind, type Entry, type Input } from "./editform";

// EditDialog is SPEC §2's edit dialog ("Edit" title, "Sure" button; full
// screen under 50em): one entry's controls. Sure hands the edited entry to
// onSure, which saves; when the save is refused the dialog stays open with
// the edit and the message (a stale version loses nothing).
export function EditDialog({ kind, entry, fallback, isNew, error, fields, busy, onSure, onClose }: {
  kind: EditKind; entry: Entry; fallback?: Entry; isNew: boolean; error: string; fields: Record<string, string>; busy: boolean;
  onSure(e: Entry): void; onClose(): void;
}) {
  const t = useT();
  const id = useId();
  const inputs = inputsFor(kind, isNew, entry);
  const [draft, setDraft] = useState<Record<string, string | boolean>>(() => {
    const d: Record<string, string | boolean> = {};
    for (const inp of inputsFor(kind, isNew, entry)) d[inp.key] = inp.type === "check" ? !!entry[inp.key] : toText(inp, entry[inp.key]);
    return d;
  });
  const [type, setType] = useState(String(entry.type ?? "text"));
  const shown = kind === "form" ? inputsFor(kind, isNew, { ...entry, type }) : inputs;
  const sure = () => {
    const out: Entry = { ...entry };
    for (const inp of shown) {
      const v = draft[inp.key];
      out[inp.key] = inp.type === "check" ? !!v : fromText(inp, String(v ?? ""));
    }
    if (kind === "form") out.type = type;
    onSure(out);
  };
  const control = (inp: Input) => {
    const cid = id + inp.key;
    const v = draft[inp.key];
    const ph = fallback && inp.type !== "check" ? toText(inp, fallback[inp.key]) : "";
    const set = (x: string | boolean) => setDraft((d) => ({ ...d, [inp.key]: x }));
    const bad = Object.entries(fields).find(([k]) => k === inp.key || k.endsWith("." + inp.key) || k.includes("." + inp.key + "."));
    const common = { id: cid, "data-testid": "edit-" + inp.key, readOnly: inp.readOnly, "aria-invalid": bad ? true : undefined, placeholder: ph || undefined };
    let el;
    if (inp.type === "check") {
      return (
        <label key={inp.key} className="edit-check">
          <input type="checkbox" data-testid={"edit-" + inp.key} checked={!!v} onChange={(e) => set(e.target.checked)} /> {t(inp.label)}
        </label>
      );
    }
    if (inp.type === "select") {
      el = <select id={cid} data-testid="edit-type" value={type} disabled={inp.readOnly} onChange={(e) => setType(e.target.value)}>
        {(inp.options ?? []).concat(inp.options?.includes(type) ? [] : [type]).map((o) => <option key={o} value={o}>{o}</option>)}
      </select>;
    } else if (inp.type === "line" || inp.type === "number") {
      el = <input {...common} type={inp.type === "number" ? "number" : "text"} dir="auto" value={String(v ?? "")} onChange={(e) => set(e.target.value)} />;
    } else {
      el = <textarea {...common} dir="auto" rows={inp.type === "rich" ? 8 : 4} value={String(v ?? "")} onChange={(e) => set(e.target.value)} />;
    }
    return (
      <div key={inp.key} className={"field edit-field" + (bad ? " missing" : "")}>
        <label htmlFor={cid}>{t(inp.label)}</label>
        {el}
        {inp.type === "rich" ? <small className="muted">{t("EditRichHint")}</small> : null}
        {inp.type === "list" ? <small className="muted">{t("EditGoodsHint")}</small> : null}
        {inp.type === "options" ? <small className="muted">{t("EditOptionsHint")}</small> : null}
      </div>
    );
  };
  return (
    <Dialog title={t("Edit")} onClose={onClose} footer={
      <div className="row-actions">
        <button type="button" className="btn" onClick={onClose}>{t("Cancel")}</button>
        <button type="button" className="btn primary" disabled={busy} onClick={sure} data-testid="edit-sure">{t("Sure")}</button>
      </div>
    }>
      <form className="edit-form" onSubmit={(e) => { e.preventDefault(); sure(); }}>
        {shown.map(control)}
      </form>
      {error ? <p className="pay-error" role="alert" data-testid="edit-error">{error}</p> : null}
    </Dialog>
  );
}
