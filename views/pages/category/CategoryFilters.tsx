import { useT } from "../../stores/context";
import { FilterForm, FilterSelect, sortOptions, useBandLabel } from "../../components/Listing";
import type { CategoryData, CategoryFilter } from "../../lib/types";

// Every key is written out (never built), so the catalogue test finds each
// one in locales/en.json.
const typeKeys: [string, string][] = [["consumer", "ConsumerGoods"], ["wholesale", "WholesalerGoods"]];

// CategoryFilters is a category's filter form (components/Listing.tsx):
// consumer or wholesale goods and the minimum order quantity where they
// narrow the list, the price and the sort. (Sub-categories are links above
// it, which keep the filters.)
export function CategoryFilters({ action, cd, filter, onChange }: {
  action: string; cd: CategoryData; filter: CategoryFilter; onChange: (f: CategoryFilter) => void;
}) {
  const t = useT();
  const band = useBandLabel();
  const set = (k: keyof CategoryFilter) => (v: string) => onChange({ ...filter, [k]: k === "moq" ? Number(v) : v });
  const both = cd.facets.types.length > 1 || filter.type !== "";
  return (
    <FilterForm action={action} label={t("ListFilters")} testid="category-filters" apply={t("CategoryFilterApply")} clear={t("FilterClear")}
      filtered={!!(filter.price || filter.moq || filter.type || filter.sort)} onSubmit={() => onChange(filter)}>
      {both ? <FilterSelect name="type" label={t("CategoryOffer")} value={filter.type} any={t("FilterAny")}
        options={typeKeys.map(([v, k]) => [v, t(k)])} onChange={set("type")} /> : null}
      {cd.moqSteps.length ? <FilterSelect name="moq" label={t("CategoryMOQ")} value={filter.moq} any={t("FilterAny")}
        options={cd.moqSteps.map((n) => [n, n === 1 ? t("MOQOne") : t("MOQUpTo", { n })])} onChange={set("moq")} /> : null}
      <FilterSelect name="price" label={t("FilterPrice")} value={filter.price} any={t("FilterAny")}
        options={cd.bands.map((b) => [b.code, band(b)])} onChange={set("price")} />
      <FilterSelect name="sort" label={t("FilterSort")} value={filter.sort} any={t("SortRelevance")}
        options={sortOptions(t, ["new", "price-asc", "price-desc"])} onChange={set("sort")} />
    </FilterForm>
  );
}
