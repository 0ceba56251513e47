import { useT } from "../../stores/context";
import { FilterForm, FilterSelect, sortOptions, useBandLabel } from "../../components/Listing";
import type { Band } from "../../lib/types";
import { colourKeys, lengthKeys, silhouetteKeys, sizes, type Filter } from "./dresses";

// Filters is a dress category's filter form (components/Listing.tsx).
export function Filters({ action, filter, colours, bands, onChange }: {
  action: string; filter: Filter; colours: string[]; bands: Band[]; onChange: (f: Filter) => void;
}) {
  const t = useT();
  const band = useBandLabel();
  const select = (name: keyof Filter, label: string, options: [string, string][], any = t("DressFilterAny")) => (
    <FilterSelect name={name} label={label} value={filter[name]} options={options} any={any} onChange={(v) => onChange({ ...filter, [name]: v })} />
  );
  return (
    <FilterForm action={action} label={t("DressFilters")} testid="dress-filters" apply={t("DressFilterApply")} clear={t("DressFilterClear")}
      filtered={Object.values(filter).some((v) => v && v !== 1)} onSubmit={() => onChange(filter)}>
      {select("colour", t("DressColour"), colours.map((c) => [c, t(colourKeys[c] ?? c)]))}
      {select("silhouette", t("DressSilhouette"), Object.entries(silhouetteKeys).map(([v, k]) => [v, t(k)]))}
      {select("length", t("DressLength"), Object.entries(lengthKeys).map(([v, k]) => [v, t(k)]))}
      {select("price", t("DressPrice"), bands.map((b) => [b.code, band(b)]))}
      {select("size", t("DressSize"), sizes.map((s) => [s, s === "custom" ? t("SizeCustom") : t("SizeUS", { size: s })]))}
      {select("sort", t("DressSort"), sortOptions(t, ["price-asc", "price-desc", "popular"]), t("SortNew"))}
    </FilterForm>
  );
}
