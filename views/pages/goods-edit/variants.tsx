import { useT } from "../../stores/context";
import type { FormField } from "../../components/form/types";
import { Err, MoveButtons, Text, move, type Errors, type Obj } from "./editors";

// Attribute groups (one or two, e.g. colour and length) and the table of
// variants: a price and stock per combination of their values.

type Group = { name: string; values: Obj[] };
type Sku = { id?: string; a: number[]; price: string; stock: number | string };

function combos(groups: Group[]): number[][] {
  let out: number[][] = [[]];
  for (const g of groups) out = out.flatMap((c) => g.values.map((_, i) => [...c, i]));
  return groups.length ? out : [];
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

// dropValue keeps the skus in step when value j of group g goes away.
function dropValue(skus: Sku[], g: number, j: number): Sku[] {
  return skus.filter((s) => s.a[g] !== j).map((s) => ({ ...s, a: s.a.map((x, k) => (k === g && x > j ? x - 1 : x)) }));
}

export function AttrGroups({ f, groups, skus, images, errors, onChange }: {
  f: FormField; groups: Group[]; skus: Sku[]; images: string[]; errors: Errors; onChange(groups: Group[], skus: Sku[]): void;
}) {
  const t = useT();
  const setGroup = (g: number, v: Group) => onChange(groups.map((x, k) => (k === g ? v : x)), skus);
  return (
    <>
      {groups.map((grp, g) => (
        <div className="attr-group" key={g} data-testid={"attr-group-" + g}>
          <div className="goods-row">
            <Text label={t("GoodsGroupName")} value={grp.name} onChange={(v) => setGroup(g, { ...grp, name: v })} testid={`group-${g}-name`}
              error={<Err errors={errors} path={`${f.key}.${g}.name`} />} />
            <button type="button" className="btn small" onClick={() => onChange(groups.filter((_, k) => k !== g), [])}>{t("GoodsRemoveGroup")}</button>
          </div>
          {grp.values.map((v, j) => (
            <div className="goods-row" key={j}>
              <Text label={t("GoodsValueName")} value={String(v.name ?? "")} testid={`group-${g}-value-${j}`}
                onChange={(x) => setGroup(g, { ...grp, values: grp.values.map((y, k) => (k === j ? { ...y, name: x } : y)) })}
                error={<Err errors={errors} path={`${f.key}.${g}.values.${j}.name`} />} />
              <label className="field inline">
                <span>{t("GoodsValuePicture")}</span>
                <select value={String(v.img ?? "")} onChange={(e) => setGroup(g, { ...grp, values: grp.values.map((y, k) => (k === j ? { ...y, img: e.target.value } : y)) })}>
                  <option value="">{t("GoodsNoPicture")}</option>
                  {images.map((url, i) => <option key={url} value={url}>{t("GoodsPictureN", { n: i + 1 })}</option>)}
                </select>
              </label>
              <MoveButtons i={j} n={grp.values.length} what={String(v.name ?? "")}
                onMove={(to) => onChange(groups.map((x, k) => (k === g ? { ...grp, values: move(grp.values, j, to) } : x)),
                  skus.map((s) => ({ ...s, a: s.a.map((x, k) => (k !== g ? x : x === j ? to : x === to ? j : x)) })))}
                onRemove={() => onChange(groups.map((x, k) => (k === g ? { ...grp, values: grp.values.filter((_, m) => m !== j) } : x)), dropValue(skus, g, j))} />
            </div>
          ))}
          <button type="button" className="btn small" onClick={() => setGroup(g, { ...grp, values: [...grp.values, { name: "" }] })}>{t("GoodsAddValue")}</button>
        </div>
      ))}
      {groups.length < (f.maxItems ?? 2) ? (
        <button type="button" className="btn small" data-testid="add-group" onClick={() => onChange([...groups, { name: "", values: [{ name: "" }] }], [])}>{t("GoodsAddGroup")}</button>
      ) : null}
    </>
  );
}

// SkuTable lists every combination; a row without price is not offered.
export function SkuTable({ f, groups, skus, errors, onChange }: { f: FormField; groups: Group[]; skus: Sku[]; errors: Errors; onChange(s: Sku[]): void }) {
  const t = useT();
  const all = combos(groups);
  if (!all.length) return <p className="hint muted">{t("GoodsSkusNeedGroups")}</p>;
  const name = (a: number[]) => a.map((x, g) => String(groups[g]?.values[x]?.name ?? "?")).join(" / ");
  const setRow = (a: number[], patch: Partial<Sku> | null) => {
    const i = skus.findIndex((s) => same(s.a, a));
    if (patch === null) return onChange(skus.filter((_, k) => k !== i));
    if (i < 0) return onChange([...skus, { a, price: "", stock: 0, ...patch }]);
    onChange(skus.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  };
  const fillAll = () => {
    const first = skus[0] ?? { price: "", stock: 0 };
    onChange(all.map((a) => skus.find((s) => same(s.a, a)) ?? { a, price: first.price, stock: first.stock }));
  };
  return (
    <div className="table-scroll">
      <table className="sku-table" data-testid="sku-table">
        <thead><tr><th scope="col">{t("GoodsVariant")}</th><th scope="col">{t("GoodsOffered")}</th><th scope="col">{t("GoodsPrice")}</th><th scope="col">{t("GoodsFormStock")}</th></tr></thead>
        <tbody>
          {all.map((a) => {
            const i = skus.findIndex((s) => same(s.a, a));
            const s = skus[i];
            const key = a.join("-");
            return (
              <tr key={key} data-testid={"sku-" + key}>
                <th scope="row"><bdi>{name(a)}</bdi></th>
                <td><input type="checkbox" checked={!!s} aria-label={t("GoodsOffered") + " " + name(a)} onChange={(e) => setRow(a, e.target.checked ? {} : null)} /></td>
                <td>{s ? <><input className="num" inputMode="decimal" aria-label={t("GoodsPrice") + " " + name(a)} value={String(s.price)} data-testid={`sku-${key}-price`}
                  onChange={(e) => setRow(a, { price: e.target.value })} /><Err errors={errors} path={`${f.key}.${i}.price`} /></> : null}</td>
                <td>{s ? <><input className="num" inputMode="numeric" aria-label={t("GoodsFormStock") + " " + name(a)} value={String(s.stock)} data-testid={`sku-${key}-stock`}
                  onChange={(e) => setRow(a, { stock: e.target.value })} /><Err errors={errors} path={`${f.key}.${i}.stock`} /><Err errors={errors} path={`${f.key}.${i}.id`} /></> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="btn small" data-testid="fill-skus" onClick={fillAll}>{t("GoodsMakeSkus")}</button>
    </div>
  );
}

// toSendSkus sends numbers as numbers (stock typed as text).
export function toSendSkus(skus: Sku[]): Sku[] {
  return skus.map((s) => ({ ...s, stock: s.stock === "" ? NaN : Number(s.stock) }));
}

export type { Group, Sku };
