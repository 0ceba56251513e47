import { useEffect, useState } from "react";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { useData, useShop, useT } from "../../stores/context";
import { useLeaveWarning } from "../entity/shared";
import type { ReviewStatus } from "../../components/form/types";
import { ChoiceDialog } from "../../components/TextDialog";
import { FillLanguages } from "./FillLanguages";

interface LitField { key: string; type: "text" | "textarea" | "richtext"; label: string; maxLen: number; main: string; txt: string; pending: boolean; machine: boolean }
interface Lit { treId: string; sid: string; maLan: string; lanCode: string; langs: string[]; approveStatus: ReviewStatus; fields: LitField[] }

// Translations (the goods form's "Languages" section, #translate; the card
// menu's Translate opens it): the owner picks a language and writes each
// field beside its main-language text (tre/getMyTreLit/i18nOne,
// tre/saveMyTreLit). A field left empty falls back to the main language.
export function Translations({ treId, maLan, onSaved }: { treId: string; maLan: string; onSaved(): void }) {
  const t = useT();
  const { lang, langs } = useData();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const first = lang !== maLan ? lang : langs.find((l) => l.code !== maLan)?.code ?? "";
  const [code, setCode] = useState(first);
  const [lit, setLit] = useState<Lit | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(""); // a language chosen over unsaved changes
  const dirty = !!lit && lit.fields.some((f) => (draft[f.key] ?? "") !== f.txt);
  useLeaveWarning(dirty);

  const take = (l: Lit) => {
    setLit(l);
    setDraft(Object.fromEntries(l.fields.map((f) => [f.key, f.txt])));
    setErrors({});
  };
  const [picked, setPicked] = useState(lang !== maLan); // the page's language, or the owner's choice
  useEffect(() => {
    if (!code || code === maLan) return;
    setLit(null);
    void api<Lit>("tre/getMyTreLit/i18nOne", { treId, lanCode: code }).then((l) => {
      // Nobody chose yet: open a language the item already has, if any.
      const had = picked || l.langs.includes(code) ? undefined : l.langs.find((c) => c !== maLan && c !== code && langs.some((x) => x.code === c));
      setPicked(true);
      if (had) setCode(had);
      else take(l);
    }).catch(() => undefined);
  }, [code, treId, maLan]); // eslint-disable-line react-hooks/exhaustive-deps
  // After a fill the open language shows what was filled (unless edited).
  const refetch = () => {
    if (!code || code === maLan || dirty) return;
    void api<Lit>("tre/getMyTreLit/i18nOne", { treId, lanCode: code }).then(take).catch(() => undefined);
  };
  const landed = !!lit;
  useEffect(() => { // the card menu's Translate lands here, once the fields are drawn
    if (landed && location.hash === "#translate") document.getElementById("translate")?.scrollIntoView();
  }, [landed]);

  const save = async () => {
    if (!lit || busy) return;
    setBusy(true);
    try {
      take(await api<Lit>("tre/saveMyTreLit", { treId, sid: lit.sid, lanCode: code, texts: draft }));
      showToast(t("LitSaved"));
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
    } finally { setBusy(false); }
  };
  const choose = (c: string) => { setPicked(true); if (dirty) setAsked(c); else setCode(c); };
  const target = langs.find((l) => l.code === code);
  const mainName = langs.find((l) => l.code === maLan)?.name ?? maLan;
  return (
    <section className="goods-section lit" id="translate" data-testid="tre-lit" aria-labelledby="lit-title">
      <h2 id="lit-title" className="goods-sub">{t("LitTitle")}</h2>
      <p className="hint muted">{t("LitHelp")}</p>
      <FillLanguages treId={treId} onDone={() => { refetch(); onSaved(); }} />
      <label className="field">
        <span>{t("LitLanguage")}</span>
        <select value={code} onChange={(e) => choose(e.target.value)} data-testid="lit-lang">
          {langs.filter((l) => l.code !== maLan).map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>{l.name}{lit?.langs.includes(l.code) ? " · " + t("LitHasText") : ""}</option>
          ))}
        </select>
      </label>
      {!lit ? <p className="muted">{t("Loading")}</p> : (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }} data-testid="lit-form">
          <fieldset disabled={busy} className="lit-fields">
            {lit.fields.map((f) => (
              <div key={f.key} className={"field lit-field" + (errors[f.key] ? " missing" : "")}>
                <label htmlFor={"lit-" + f.key}>{t(f.label)}{f.pending ? <span className="status-badge wait">{t("LitWaiting")}</span> : null}{f.machine && (draft[f.key] ?? "") === f.txt ? <span className="status-badge" data-testid={"lit-machine-" + f.key}>{t("AIMachine")}</span> : null}</label>
                <small className="lit-main muted"><span>{t("LitMainText", { lang: mainName })}: </span><bdi lang={maLan}>{f.main}</bdi></small>
                {f.type === "text"
                  ? <input id={"lit-" + f.key} type="text" lang={code} dir={target?.dir ?? "auto"} maxLength={f.maxLen} value={draft[f.key] ?? ""}
                      onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} data-testid={"lit-" + f.key} />
                  : <textarea id={"lit-" + f.key} lang={code} dir={target?.dir ?? "auto"} rows={f.type === "richtext" ? 6 : 3} value={draft[f.key] ?? ""}
                      onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} data-testid={"lit-" + f.key} />}
                {f.type === "richtext" ? <small className="hint muted">{t("GoodsIntroHint")}</small> : null}
                {errors[f.key] ? <small className="hint error" role="alert">{t(errors[f.key], { max: f.maxLen })}</small> : null}
              </div>
            ))}
            <div className="row-actions">
              <button type="submit" className="btn primary" disabled={!dirty} data-testid="lit-save">{t("LitSave")}</button>
            </div>
          </fieldset>
        </form>
      )}
      {asked ? (
        <ChoiceDialog title={t("LitTitle")} text={t("LitSwitchUnsaved")} onClose={() => setAsked("")}>
          <button type="button" className="btn" onClick={() => setAsked("")} data-autofocus>{t("Cancel")}</button>
          <button type="button" className="btn danger" onClick={() => { setCode(asked); setAsked(""); }} data-testid="lit-discard">{t("LitDiscard")}</button>
        </ChoiceDialog>
      ) : null}
    </section>
  );
}
