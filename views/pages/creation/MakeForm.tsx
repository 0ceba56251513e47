import { useRef, useState, type FormEvent } from "react";
import { useData, useT } from "../../stores/context";
import { lengthKey, patternKey, swatchKey, useMake, versionPath, type Choices, type Version } from "./creation";

type Phase = { kind: "idle" } | { kind: "working"; text: string; percent: number } | { kind: "error" | "cancelled"; text: string };

// MakeForm asks for a version: a model (with its tips; new creations
// only), the user's words, a colour, a pattern and a length. While the
// engine works it shows the progress and a cancel button; the new version
// opens when it is made.
export function MakeForm({ choices, from, title }: { choices: Choices; from?: Version; title: string }) {
  const t = useT();
  const { lang } = useData();
  const make = useMake();
  const [model, setModel] = useState(choices.aiGenModels[0]?.name ?? "");
  const [prompt, setPrompt] = useState("");
  const [swatch, setSwatch] = useState("");
  const [pattern, setPattern] = useState("");
  const [length, setLength] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  const working = phase.kind === "working";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (working) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPhase({ kind: "working", text: t("CreationWorking"), percent: 0 });
    try {
      await make({ treId: choices.treId, from: from?.createVUid, model: from ? undefined : model, prompt, swatch, pattern, length }, (f) => {
        if (f.c === 20) setPhase({ kind: "working", text: f.text, percent: f.percent });
        if (f.c === 21) location.assign(versionPath(lang, f.version));
        if (f.c === 400) setPhase({ kind: "error", text: f.easg });
      }, ctrl.signal);
    } catch (err) {
      setPhase((err as Error).name === "AbortError" ? { kind: "cancelled", text: t("CreationCancelled") } : { kind: "error", text: (err as Error).message });
    }
  };
  const model0 = choices.aiGenModels.find((m) => m.name === model);
  return (
    <form className="cr-form" onSubmit={submit} aria-busy={working} data-testid="creation-form">
      <h2>{title}</h2>
      {from ? null : (
        <fieldset className="cr-set">
          <legend>{t("CreationPickModel")}</legend>
          <div className="chips">
            {choices.aiGenModels.map((m) => (
              <label key={m.name} className={"chip" + (m.name === model ? " on" : "")}>
                <input type="radio" className="sr-only" name="model" value={m.name} checked={m.name === model} onChange={() => setModel(m.name)} />
                <bdi>{m.name}</bdi>
              </label>
            ))}
          </div>
          {model0 ? <p className="hint muted" data-testid="creation-tips"><bdi>{model0.tips}</bdi>{model0.tips2 ? <><br /><bdi>{model0.tips2}</bdi></> : null}</p> : null}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor="cr-prompt">{t("CreationPrompt")}</label>
        <textarea id="cr-prompt" rows={3} maxLength={choices.maxPrompt} value={prompt} placeholder={t("CreationPromptHint")}
          onChange={(e) => setPrompt(e.target.value)} data-testid="creation-prompt" />
      </div>
      <Options name="swatch" legend={t("CreationColour")} value={swatch} set={setSwatch}
        items={choices.swatches.map((s) => ({ key: s.key, label: t(swatchKey(s.key)), hex: s.hex }))} />
      <Options name="pattern" legend={t("CreationPattern")} value={pattern} set={setPattern}
        items={choices.patterns.map((k) => ({ key: k, label: t(patternKey(k)) }))} />
      <Options name="length" legend={t("CreationLength")} value={length} set={setLength}
        items={choices.lengths.map((k) => ({ key: k, label: t(lengthKey(k)) }))} />
      {working ? (
        <div className="cr-progress" role="status" data-testid="creation-progress">
          <progress max={100} value={phase.percent} aria-label={t("CreationWorking")} />
          <span>{phase.text}</span>
        </div>
      ) : null}
      {phase.kind === "error" || phase.kind === "cancelled" ? (
        <p className={"hint" + (phase.kind === "error" ? " error" : " muted")} role="alert" data-testid="creation-message">{phase.text}</p>
      ) : null}
      <div className="cr-actions">
        <button type="submit" className="btn primary" disabled={working} data-testid="creation-make">{from ? t("CreationRefine") : t("CreationMake")}</button>
        {working ? <button type="button" className="btn" onClick={() => abort.current?.abort()} data-testid="creation-cancel">{t("Cancel")}</button> : null}
      </div>
      <p className="hint muted">{from ? null : t("CreationEngine", { engine: choices.engine }) + " · "}{t(choices.engine.startsWith("remote:") ? "CreationEngineNoteRemote" : "CreationEngineNote")}</p>
    </form>
  );
}

interface Item { key: string; label: string; hex?: string }

// Options is one radio group drawn as chips, "keep as it is" first.
function Options({ name, legend, items, value, set }: { name: string; legend: string; items: Item[]; value: string; set: (v: string) => void }) {
  const t = useT();
  return (
    <fieldset className="cr-set" data-testid={"creation-" + name}>
      <legend>{legend}</legend>
      <div className="chips">
        {[{ key: "", label: t("CreationKeep") } as Item, ...items].map((it) => (
          <label key={it.key} className={"chip" + (it.key === value ? " on" : "")} data-key={it.key}>
            <input type="radio" className="sr-only" name={name} value={it.key} checked={it.key === value} onChange={() => set(it.key)} />
            {it.hex ? <span className="dot" style={{ background: it.hex }} aria-hidden="true" /> : null}
            {it.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
