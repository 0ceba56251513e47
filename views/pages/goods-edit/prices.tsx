import { useEffect, useState } from "react";
import { useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import type { FormField } from "../../components/form/types";
import { Err, MoveButtons, Text, move, type Errors, type Obj } from "./editors";

// Prices per currency (the first is the base of the others below), price
// ranges by quantity, and scenario options (colour swatches, sizes).

function useCurrencies(): { c: string; s: string }[] {
  const api = useApi();
  const [list, setList] = useState<{ c: string; s: string }[]>([]);
  useEffect(() => {
    void api<{ currencies: { c: string; s: string }[] }>("tre/basics/getRegionCurrencies", undefined, { silent: true })
      .then((r) => setList(r.currencies ?? [])).catch(() => setList([]));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return list;
}

export function Prices({ f, value, errors, onChange }: { f: FormField; value: Obj[]; errors: Errors; onChange(v: Obj[]): void }) {
  const t = useT();
  const currencies = useCurrencies();
  const set = (i: number, k: string, v: string) => onChange(value.map((p, j) => (j === i ? { ...p, [k]: v } : p)));
  return (
    <>
      {value.map((p, i) => (
        <div className="goods-row" key={i} data-testid={"price-" + i}>
          <label className="field inline small">
            <span>{t("GoodsCurrency")}</span>
            <select value={String(p.c ?? "")} onChange={(e) => set(i, "c", e.target.value)} data-testid={`price-${i}-c`}>
              <option value="">{t("FormChoose")}</option>
              {currencies.map((c) => <option key={c.c} value={c.c}>{c.c} {c.s}</option>)}
            </select>
            <Err errors={errors} path={`${f.key}.${i}.c`} />
          </label>
          <Text label={t("GoodsPrice")} inputMode="decimal" value={String(p.amount ?? "")} onChange={(v) => set(i, "amount", v)} testid={`price-${i}-amount`}
            error={<Err errors={errors} path={`${f.key}.${i}.amount`} />} />
          <MoveButtons i={i} n={value.length} what={String(p.c ?? "")} onMove={(j) => onChange(move(value, i, j))} onRemove={() => onChange(value.filter((_, k) => k !== i))} />
        </div>
      ))}
      {value.length < (f.maxItems ?? 8) ? <button type="button" className="btn small" data-testid="add-price" onClick={() => onChange([...value, { c: "", amount: "" }])}>{t("GoodsAddCurrency")}</button> : null}
    </>
  );
}

export function Ranges({ f, value, errors, onChange }: { f: FormField; value: Obj[]; errors: Errors; onChange(v: Obj[]): void }) {
  const t = useT();
  const set = (i: number, k: string, v: string) => onChange(value.map((p, j) => (j === i ? { ...p, [k]: v } : p)));
  return (
    <>
      {value.map((r, i) => (
        <div className="goods-row" key={i} data-testid={"range-" + i}>
          <Text label={t("GoodsStartQty")} inputMode="numeric" value={String(r.startQty ?? "")} onChange={(v) => set(i, "startQty", v)} testid={`range-${i}-qty`}
            error={<Err errors={errors} path={`${f.key}.${i}.startQty`} />} />
          <Text label={t("GoodsUnitPrice")} inputMode="decimal" value={String(r.amount ?? "")} onChange={(v) => set(i, "amount", v)} testid={`range-${i}-amount`}
            error={<Err errors={errors} path={`${f.key}.${i}.amount`} />} />
          <MoveButtons i={i} n={value.length} what={String(r.startQty ?? "")} onMove={(j) => onChange(move(value, i, j))} onRemove={() => onChange(value.filter((_, k) => k !== i))} />
        </div>
      ))}
      {value.length < (f.maxItems ?? 6) ? <button type="button" className="btn small" data-testid="add-range" onClick={() => onChange([...value, { startQty: "", amount: "" }])}>{t("GoodsAddRange")}</button> : null}
    </>
  );
}

export const toSendRanges = (v: Obj[]) => v.map((r) => ({ ...r, startQty: Number(r.startQty) }));

const COLOUR = 2, SIZE = 9, CUSTOM = 1;
const STANDARD = Array.from({ length: 63 }, (_, i) => 118 + i);

// Scenario edits colour swatches (label 2) and sizes (label 9: the custom
// size, option 1, and the standard sizes 118-180).
export function Scenario({ f, value, errors, onChange }: { f: FormField; value: Obj[]; errors: Errors; onChange(v: Obj[]): void }) {
  const t = useT();
  const at = (id: number) => value.findIndex((l) => Number(l.labelId) === id);
  const opts = (id: number) => ((value[at(id)]?.options as Obj[] | undefined) ?? []);
  const setOpts = (id: number, o: Obj[]) => {
    const i = at(id);
    if (!o.length) return onChange(value.filter((_, k) => k !== i));
    if (i < 0) return onChange([...value, { labelId: id, options: o }]);
    onChange(value.map((l, k) => (k === i ? { ...l, options: o } : l)));
  };
  const colours = opts(COLOUR);
  const sizes = opts(SIZE);
  const custom = sizes.find((o) => Number(o.optionId) === CUSTOM);
  const hasStandard = sizes.some((o) => Number(o.optionId) !== CUSTOM);
  const ci = at(COLOUR), si = at(SIZE);
  const setSizes = (c: Obj | undefined, std: boolean) =>
    setOpts(SIZE, [...(c ? [c] : []), ...(std ? STANDARD.map((id) => sizes.find((o) => Number(o.optionId) === id) ?? { optionId: id }) : [])]);
  return (
    <>
      <h2 className="goods-sub">{t("GoodsColours")}</h2>
      {colours.map((o, j) => (
        <div className="goods-row" key={j} data-testid={"colour-" + j}>
          <Text label={t("GoodsColourName")} value={String(o.name ?? "")} testid={`colour-${j}-name`}
            onChange={(v) => setOpts(COLOUR, colours.map((x, k) => (k === j ? { ...x, name: v } : x)))}
            error={<Err errors={errors} path={`${f.key}.${ci}.options.${j}.name`} />} />
          <label className="field inline small">
            <span>{t("GoodsSwatch")}</span>
            <input type="color" value={String(o.swatch ?? "#000000")} data-testid={`colour-${j}-swatch`}
              onChange={(e) => setOpts(COLOUR, colours.map((x, k) => (k === j ? { ...x, swatch: e.target.value } : x)))} />
          </label>
          <Text label={t("GoodsAddedPrice")} size="s" inputMode="decimal" value={String(o.addPrice ?? "")} testid={`colour-${j}-add`}
            onChange={(v) => setOpts(COLOUR, colours.map((x, k) => (k === j ? { ...x, addPrice: v } : x)))}
            error={<Err errors={errors} path={`${f.key}.${ci}.options.${j}.addPrice`} />} />
          <MoveButtons i={j} n={colours.length} what={String(o.name ?? "")} onMove={(to) => setOpts(COLOUR, move(colours, j, to))}
            onRemove={() => setOpts(COLOUR, colours.filter((_, k) => k !== j))} />
        </div>
      ))}
      <button type="button" className="btn small" data-testid="add-colour"
        onClick={() => setOpts(COLOUR, [...colours, { optionId: Math.max(1, ...colours.map((o) => Number(o.optionId))) + 1, name: "", swatch: "#ffffff" }])}>
        {t("GoodsAddColour")}
      </button>
      <h2 className="goods-sub">{t("GoodsSizes")}</h2>
      <label className="check-row">
        <input type="checkbox" checked={hasStandard} data-testid="sizes-standard" onChange={(e) => setSizes(custom, e.target.checked)} />
        <span>{t("GoodsStandardSizes")}</span>
      </label>
      <label className="check-row">
        <input type="checkbox" checked={!!custom} data-testid="sizes-custom" onChange={(e) => setSizes(e.target.checked ? { optionId: CUSTOM, addPrice: "" } : undefined, hasStandard)} />
        <span>{t("GoodsCustomSize")}</span>
      </label>
      {custom ? (
        <Text label={t("GoodsAddedPrice")} size="s" inputMode="decimal" value={String(custom.addPrice ?? "")} testid="custom-add"
          onChange={(v) => setSizes({ ...custom, addPrice: v }, hasStandard)}
          error={<Err errors={errors} path={`${f.key}.${si}.options.0.addPrice`} />} />
      ) : null}
      <Err errors={errors} path={`${f.key}.${si}.options`} />
    </>
  );
}
