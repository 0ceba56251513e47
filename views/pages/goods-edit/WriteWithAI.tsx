import { useState } from "react";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { useT } from "../../stores/context";
import type { FormValues } from "../../components/form/types";

export interface AIDraft { engine: string; lang: string; name: string; brief: string; intro: string; introAttrs: { k: string; v: string }[] }

// engineName says on screen which engine made a result: "builtin" or
// "remote:{model}".
export function engineName(t: ReturnType<typeof useT>, engine: string): string {
  if (engine.startsWith("remote:")) return t("AIEngineRemote") + " (" + engine.slice(7) + ")";
  return t("AIEngineBuiltin");
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// WriteWithAI drafts the name, brief, intro and intro attributes from the
// form as it stands and a few words (tre/draftTreTexts). The draft goes
// into the fields; nothing is saved until the seller saves.
export function WriteWithAI({ maLan, values, onDraft }: { maLan: string; values: FormValues; onDraft(patch: FormValues): void }) {
  const t = useT();
  const api = useApi();
  const [words, setWords] = useState("");
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState("");
  const [error, setError] = useState("");
  const write = async () => {
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      const d = await api<AIDraft>("tre/draftTreTexts", { maLan, words, values }, { silent: true });
      const intro = d.intro.split("\n").filter((l) => l.trim()).map((l) => "<p>" + esc(l) + "</p>").join("");
      onDraft({ name: d.name, brief: d.brief, intro, introAttrs: d.introAttrs });
      setMade(d.engine);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
    } finally { setBusy(false); }
  };
  return (
    <section className="goods-section ai-write" data-testid="ai-write" aria-labelledby="ai-write-title">
      <h2 id="ai-write-title" className="goods-sub">{t("AIWrite")}</h2>
      <label className="field">
        <span>{t("AIWords")}</span>
        <input type="text" lang={maLan} dir="auto" maxLength={500} value={words} onChange={(e) => setWords(e.target.value)} data-testid="ai-words" />
        <small className="hint muted">{t("AIWriteHint")}</small>
      </label>
      <div className="row-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void write()} data-testid="ai-write-btn">{busy ? t("AIWriting") : t("AIWrite")}</button>
      </div>
      {made ? <p className="hint" role="status" data-testid="ai-engine" data-engine={made}>{t("AIDrafted", { engine: engineName(t, made) })}</p> : null}
      {error ? <p className="hint error" role="alert" data-testid="ai-error">{error}</p> : null}
    </section>
  );
}
