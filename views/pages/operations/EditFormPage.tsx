import { useEffect, useState } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { OpsFrame } from "./OpsFrame";
import { NotYours } from "./SellerParts";
import { Trail } from "./ReviewDetail";
import { EditDialog } from "./EditDialog";
import { canAdd, editPath, entriesOf, nameKey, newEntry, summary, valueWith, type EditDoc, type EditName, type Entry } from "./editform";

const KIND_KEYS: Record<EditName["kind"], string> = {
  home: "EditKindHome", text: "EditKindText", faq: "EditKindFAQ", hots: "EditKindHots", form: "EditKindForm",
};

// EditFormPage is operations/EditForm/{EditName}: "all" lists what can be
// edited; a name shows its entries in the chosen language, each opening the
// edit dialog, and the audit trail of its edits. Reviewers read; only
// admins see the edit buttons (the save call refuses anyone else too).
export function EditFormPage() {
  const t = useT();
  const api = useApi();
  const { lang, data } = useData();
  const signedIn = useShop((s) => s.signedIn);
  const loaded = useShop((s) => s.sessionLoaded);
  const [names, setNames] = useState<EditName[] | null | "missing">(null);
  const name = data.param ?? "all";
  useEffect(() => {
    if (!loaded) return;
    if (!signedIn) { setNames("missing"); return; }
    api<EditName[]>("operations/editform/list", {}, { silent: true }).then(setNames)
      .catch(() => setNames("missing"));
  }, [loaded, signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const title = name === "all" ? t("EditIndexTitle") : t(nameKey(name), { name });
  if (names === "missing") return <OpsFrame title={title} section="content"><NotYours /></OpsFrame>;
  return (
    <OpsFrame title={title} section="content">
      <div className="edit-page">
        <nav className="edit-index" aria-label={t("EditIndexTitle")}>
          {names === null ? <p className="muted">{t("Loading")}</p> : (
            <ul data-testid="edit-names">
              {names.map((n) => (
                <li key={n.name}>
                  <a href={editPath(lang, n.name)} aria-current={n.name === name ? "page" : undefined} data-name={n.name}>
                    {t(nameKey(n.name), { name: n.name })}
                  </a> <span className="muted small">{t(KIND_KEYS[n.kind])}</span>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {name === "all" ? <section><h1>{title}</h1><p className="muted">{t("EditIndexText")}</p></section>
          : names === null ? null : <Editor name={name} title={title} />}
      </div>
    </OpsFrame>
  );
}

function Editor({ name, title }: { name: string; title: string }) {
  const t = useT();
  const api = useApi();
  const { lang, langs } = useData();
  const admin = useShop((s) => s.user.staffRole) === "admin";
  const showToast = useShop((s) => s.showToast);
  const [lan, setLan] = useState(lang);
  const [doc, setDoc] = useState<EditDoc | null>(null);
  const [error, setError] = useState("");
  const [open, setOpen] = useState<{ i: number; entry: Entry } | null>(null);
  const [dialogError, setDialogError] = useState<{ msg: string; fields: Record<string, string> }>({ msg: "", fields: {} });
  const [busy, setBusy] = useState(false);

  const load = async (l: string) => {
    setError("");
    try { setDoc(await api<EditDoc>("operations/editform/get", { name, lanCode: l }, { silent: true })); }
    catch (e) { setError(e instanceof ApiError ? e.message : t("ErrorOccurs")); }
  };
  useEffect(() => { void load(lan); }, [lan]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async (i: number, next: Entry | null) => {
    if (!doc) return;
    setBusy(true);
    setDialogError({ msg: "", fields: {} });
    try {
      const d = await api<EditDoc>("operations/editform/save",
        { name, lanCode: doc.lanCode, version: doc.version, value: valueWith(doc.kind, doc.value, i, next) }, { silent: true });
      setDoc(d);
      setOpen(null);
      showToast(t("EditSaved"));
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : t("ErrorOccurs");
      if (next) setDialogError({ msg, fields: (e instanceof ApiError && e.fields) || {} });
      else setError(msg);
    } finally {
      setBusy(false);
    }
  };

  const kind = doc?.kind;
  const list = doc ? entriesOf(doc.kind, doc.value) : [];
  const fb = doc ? entriesOf(doc.kind, doc.fallback) : [];
  return (
    <section className="edit-doc" data-testid="edit-doc" data-version={doc?.version}>
      <div className="ops-head">
        <h1>{title}</h1>
        {kind && kind !== "form" ? (
          <label className="ops-select">
            <span>{t("EditLanguage")}</span>
            <select value={lan} onChange={(e) => setLan(e.target.value)} data-testid="edit-lang">
              {langs.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
            </select>
          </label>
        ) : null}
      </div>
      {!admin ? <p className="muted small" data-testid="edit-readonly">{t("EditReadOnly")}</p> : null}
      {error ? <p className="pay-error" role="alert" data-testid="edit-page-error">{error}</p> : null}
      {doc === null ? <p className="muted">{t("Loading")}</p> : (
        <>
          {doc.version === 0 && doc.fallback ? <p className="muted small">{t("EditNotYet")}</p> : null}
          <ol className="edit-entries" data-testid="edit-entries">
            {list.map((e, i) => (
              <li key={i} className="edit-entry" data-key={String(e.key ?? e.uid ?? i)}>
                <div className="edit-entry-text">
                  {e.key && doc.kind === "home" ? <code dir="ltr">{String(e.key)}</code> : null}{" "}
                  <strong dir="auto">{summary(doc.kind, e) || <span className="muted">{summary(doc.kind, fb[i] ?? {}) || "—"}</span>}</strong>
                  {doc.kind === "form" ? <span className="muted small"> · {String(e.type)} · {t(String(e.label))}{e.required ? " · " + t("EditFieldRequired") : ""}</span> : null}
                </div>
                {admin ? (
                  <div className="row-actions">
                    <button type="button" className="btn small" data-testid="edit-open" onClick={() => { setDialogError({ msg: "", fields: {} }); setOpen({ i, entry: e }); }}>{t("Edit")}</button>
                    {canAdd(doc.kind) ? <button type="button" className="btn small" disabled={busy} data-testid="edit-remove" onClick={() => void save(i, null)}>{t("GoodsRemove")}</button> : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          {admin && canAdd(doc.kind) ? (
            <button type="button" className="btn" data-testid="edit-add" onClick={() => { setDialogError({ msg: "", fields: {} }); setOpen({ i: -1, entry: newEntry(doc.kind) }); }}>{t("EditAdd")}</button>
          ) : null}
          <h2 className="edit-trail-title">{t("OpsTrail")}</h2>
          <Trail rows={doc.trail} lang={lang} />
        </>
      )}
      {open && doc ? (
        <EditDialog kind={doc.kind} entry={open.entry} fallback={open.i >= 0 ? fb[open.i] : undefined} isNew={open.i < 0}
          error={dialogError.msg} fields={dialogError.fields} busy={busy}
          onSure={(e) => void save(open.i, e)} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
