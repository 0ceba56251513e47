import { useT } from "../../stores/context";
import { MEASURES, fieldOf, range, type SizeData, type SizeType } from "./sizes";

// CustomSizeForm asks for the four measurements of a made-to-measure dress,
// each an integer picked from the range of its unit. Changing the unit keeps
// both forms' values apart (a..d in cm, a2..d2 in inch).
export function CustomSizeForm({ value, flagged, onChange }: { value: SizeData; flagged: boolean; onChange(v: SizeData): void }) {
  const t = useT();
  const type: SizeType = value.type ?? 1;
  const set = (field: keyof SizeData, v: string) => {
    const next = { ...value, type };
    if (v === "") delete next[field]; // clearing a value removes the field
    else (next as Record<string, number>)[field] = parseInt(v, 10);
    onChange(next);
  };
  return (
    <fieldset className="custom-size" data-testid="custom-size">
      <legend>{t("CustomSize")}</legend>
      <div className="unit-switch" role="radiogroup" aria-label={t("SizeUnit")}>
        {([1, 2] as SizeType[]).map((u) => (
          <label key={u} className={type === u ? "on" : ""}>
            <input type="radio" name="size-unit" checked={type === u} onChange={() => onChange({ ...value, type: u })} />
            {u === 1 ? t("Centimetre") : t("Inch")}
          </label>
        ))}
      </div>
      <div className="measures">
        {MEASURES.map((m) => {
          const field = fieldOf(m.key, type);
          const [lo, hi] = type === 1 ? m.cm : m.inch;
          const v = value[field];
          const missing = flagged && typeof v !== "number";
          return (
            <label key={m.key} className={"field" + (missing ? " missing" : "")}>
              <span>{t(m.label)} ({type === 1 ? "cm" : "in"})</span>
              <select value={v ?? ""} onChange={(e) => set(field, e.target.value)} data-testid={"measure-" + m.key} aria-invalid={missing || undefined}>
                <option value="">{t("ChooseMeasure")}</option>
                {range(lo, hi).map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
              {missing ? <small className="hint error">{t("MeasureRequired")}</small> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
