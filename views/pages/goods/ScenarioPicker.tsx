import { useT, usePrice } from "../../stores/context";

import { txtLang } from "../../lib/i18n";
import { CUSTOM_SIZE_OPTION, LABEL_COLOUR, LABEL_SIZE } from "./sizes";
import type { ScenarioLabel, ScenarioValue } from "../../lib/types";
import { pure } from "../../ssr/pure";

// A size label with more options than this shows its standard sizes in a
// grouped list instead of chips (63 chips would bury the page).
const MAX_SIZE_CHIPS = 12;

// SizeSelect lists standard sizes grouped by height: 118-138 petite,
// 139-159 regular, 160-180 tall. Choosing the empty entry deselects.
function SizeSelect({ label, chosen, lang, onChoose }: { label: ScenarioLabel; chosen?: number; lang: string; onChoose(id: number | undefined): void }) {
  const t = useT();
  const groups: [string, ScenarioValue[]][] = [
    ["SizePetite", label.values.filter((v) => v.id >= 118 && v.id <= 138)],
    ["SizeRegular", label.values.filter((v) => v.id >= 139 && v.id <= 159)],
    ["SizeTall", label.values.filter((v) => v.id >= 160 && v.id <= 180)],
  ];
  const standard = chosen !== undefined && chosen !== CUSTOM_SIZE_OPTION ? String(chosen) : "";
  return (
    <label className="field size-select">
      <span>{t("StandardSize")}</span>
      <select value={standard} data-testid="size-select" lang={lang}
        onChange={(e) => onChoose(e.target.value ? parseInt(e.target.value, 10) : undefined)}>
        <option value="">{t("ChooseMeasure")}</option>
        {groups.filter(([, vs]) => vs.length).map(([key, vs]) => (
          <optgroup key={key} label={t(key)}>
            {vs.map((v) => <option key={v.id} value={v.id}>{v.name.txt}</option>)}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

// ScenarioPicker shows each scenario label's options (colour swatches for
// label 2). Clicking the chosen option deselects it.
export function ScenarioPicker({ labels, chosen, lang, flagged, onChoose }: {
  labels: ScenarioLabel[]; chosen: Record<number, number | undefined>; lang: string; flagged: boolean;
  onChoose(labelId: number, optionId: number | undefined): void;
}) {
  const t = useT();
  const fmt = usePrice();
  return (
    <>
      {labels.map((l) => (
        <fieldset key={l.labelId} className={"picker" + (flagged && chosen[l.labelId] === undefined ? " missing" : "")} data-testid={"label-" + l.labelId}>
          <legend lang={txtLang(l.labelName, lang)}>{l.labelName.txt}
            {chosen[l.labelId] !== undefined ? <span className="picked">{": " + (l.values.find((v) => v.id === chosen[l.labelId])?.name.txt ?? "")}</span> : null}
          </legend>
          {l.labelId === LABEL_SIZE && l.values.length > MAX_SIZE_CHIPS
            ? <SizeSelect label={l} chosen={chosen[l.labelId]} lang={lang} onChoose={(id) => onChoose(l.labelId, id)} />
            : null}
          <div className={l.labelId === LABEL_COLOUR ? "chips swatches" : "chips"}>
            {l.values.filter((v) => !(l.labelId === LABEL_SIZE && l.values.length > MAX_SIZE_CHIPS && v.id !== CUSTOM_SIZE_OPTION)).map((v) => {
              const on = chosen[l.labelId] === v.id;
              const extra = v.addPrice[0]?.amount ? " +" + fmt(v.addPrice[0]) : "";
              return (
                <button key={v.id} type="button" aria-pressed={on} data-option-id={v.id}
                  className={"chip" + (on ? " on" : "") + (l.labelId === LABEL_COLOUR ? " swatch" : "") + (l.labelId === LABEL_SIZE && v.id === CUSTOM_SIZE_OPTION ? " custom" : "")}
                  onClick={() => onChoose(l.labelId, on ? undefined : v.id)} lang={txtLang(v.name, lang)}
                  title={v.name.txt + extra}>
                  {l.labelId === LABEL_COLOUR && v.swatch ? <span className="dot" style={{ background: v.swatch }} aria-hidden="true" /> : null}
                  <span>{v.name.txt}{extra ? <small dir="ltr">{extra}</small> : null}</span>
                </button>
              );
            })}
          </div>
          {flagged && chosen[l.labelId] === undefined ? <p className="hint error">{t("SelectOption", { name: l.labelName.txt })}</p> : null}
        </fieldset>
      ))}
    </>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(ScenarioPicker);
