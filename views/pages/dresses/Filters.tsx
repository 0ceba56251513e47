import { useData, useT } from "../../stores/context";
import { formatPrice } from "../../lib/i18n";
import type { DressesData } from "../../lib/types";
import { colourKeys, lengthKeys, silhouetteKeys, sizes, sortKeys, type Filter } from "./dresses";

type Bands = NonNullable<DressesData["bands"]>;

// Filters is a category page's filter form: a GET form to the category's
// URL, so it works before (and without) script; with script each change
// is applied at once (the button then asks again).
export function Filters({ action, filter, colours, bands, onChange }: {
  action: string; filter: Filter; colours: string[]; bands: Bands; onChange: (f: Filter) => void;
}) {
  const t = useT();
  const numfmt = useData().numfmt;
  const price = (p: Bands[number]["min"]) => formatPrice(p, numfmt, true);
  const band = (b: Bands[number]) =>
    b.min && b.max ? t("PriceBetween", { min: price(b.min), max: price(b.max) }) : b.max ? t("PriceUnder", { max: price(b.max) }) : t("PriceOver", { min: price(b.min) });
  const select = (name: keyof Filter, label: string, options: [string, string][], any = t("DressFilterAny")) => (
    <label className="field">
      <span>{label}</span>
      <select name={name} value={String(filter[name])} data-testid={"filter-" + name}
        onChange={(e) => onChange({ ...filter, [name]: e.currentTarget.value })}>
        {any ? <option value="">{any}</option> : null}
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </label>
  );
  return (
    <form className="dress-filters" method="get" action={action} aria-label={t("DressFilters")} data-testid="dress-filters"
      onSubmit={(e) => { e.preventDefault(); onChange(filter); }}>
      {select("colour", t("DressColour"), colours.map((c) => [c, t(colourKeys[c] ?? c)]))}
      {select("silhouette", t("DressSilhouette"), Object.entries(silhouetteKeys).map(([v, k]) => [v, t(k)]))}
      {select("length", t("DressLength"), Object.entries(lengthKeys).map(([v, k]) => [v, t(k)]))}
      {select("price", t("DressPrice"), bands.map((b) => [b.code, band(b)]))}
      {select("size", t("DressSize"), sizes.map((s) => [s, s === "custom" ? t("SizeCustom") : t("SizeUS", { size: s })]))}
      {select("sort", t("DressSort"), Object.entries(sortKeys).filter(([v]) => v !== "new").map(([v, k]) => [v, t(k)]), t("SortNew"))}
      <div className="dress-filter-actions">
        <button className="btn primary small" type="submit">{t("DressFilterApply")}</button>
        {Object.values(filter).some((v) => v && v !== 1) ? <a className="btn small" href={action} data-testid="filter-clear">{t("DressFilterClear")}</a> : null}
      </div>
    </form>
  );
}
