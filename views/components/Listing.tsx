import { useEffect, useState, type ReactNode } from "react";
import { useApi } from "../api/useApi";
import { useData, useT } from "../stores/context";
import { formatPrice } from "../lib/i18n";
import type { Band, Card } from "../lib/types";

// A listing is a page of cards behind filters (a dress category, a catalogue
// category): its filters, sort and page live in the URL, so the server
// renders any of them (a plain GET form and links work without script);
// with script a changed filter asks the listing's call and puts the new
// URL in the history. The pieces below are what listings share.

export interface ListPage { cards: Card[]; total: number; page: number; pageSize: number }

type Values = Record<string, string | number>;

// sortKeys name the sorts listings offer (app/catalog listing.go), each
// key written out so the catalogue test finds it; a listing's default sort
// (relevance, or the newest) is its select's "any" option.
const sortKeys: Record<string, string> = { new: "SortNew", "price-asc": "SortPriceAsc", "price-desc": "SortPriceDesc", popular: "SortPopular" };

// sortOptions are the options of a listing's sort select, in order.
export function sortOptions(t: (k: string) => string, sorts: string[]): [string, string][] {
  return sorts.map((v) => [v, t(sortKeys[v])]);
}

// listQuery is a filter as the URL says it, as the server spells its cache
// key: keys in alphabetical order (Go's url.Values.Encode), empty values,
// 0 and page 1 left out. No URLSearchParams: the server renders in goja,
// which has none.
export function listQuery(f: Values): string {
  const parts: string[] = [];
  for (const k of Object.keys(f).sort()) {
    const v = f[k];
    if (v === "" || v === 0 || (k === "page" && v === 1)) continue;
    parts.push(k + "=" + encodeURIComponent(String(v)));
  }
  return parts.length ? "?" + parts.join("&") : "";
}

// useListing keeps a listing's filter and page of cards. change(next) asks
// call with body(next) and moves the URL to base + listQuery(next); should
// the call fail, the browser goes to that URL and the server renders it.
export function useListing<F extends Values>(call: string, base: string, first: F, firstList: ListPage | undefined, body: (f: F) => object) {
  const api = useApi();
  const [filter, setFilter] = useState<F>(first);
  const [list, setList] = useState<ListPage>(firstList ?? { cards: [], total: 0, page: 1, pageSize: 24 });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Back and forward move between filters the server renders.
    const back = () => location.reload();
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const change = async (next: F) => {
    setFilter(next);
    setBusy(true);
    try {
      setList(await api<ListPage>(call, { ...body(next), pageSize: list.pageSize }));
      history.pushState(null, "", base + listQuery(next));
    } catch {
      location.assign(base + listQuery(next));
    } finally {
      setBusy(false);
    }
  };
  const at = (page: number) => base + listQuery({ ...filter, page });
  return { filter, list, busy, change, at };
}

// Pager links the pages before and after this one.
export function Pager({ list, at }: { list: ListPage; at: (page: number) => string }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("PageN", { n: list.page })}>
      {list.page > 1 ? <a rel="prev" className="btn" href={at(list.page - 1)} data-testid="page-prev">{t("PrevPage")}</a> : <span />}
      <span data-testid="page-of">{t("PageOf", { p: list.page, n: pages })}</span>
      {list.page < pages ? <a rel="next" className="btn" href={at(list.page + 1)} data-testid="page-next">{t("NextPage")}</a> : <span />}
    </nav>
  );
}

// FilterSelect is one filter of a listing's form: "any" first (none for a
// filter that always has a value), then options as [value, text].
export function FilterSelect({ name, label, value, options, any, onChange }: {
  name: string; label: string; value: string | number; options: [string | number, string][]; any?: string; onChange: (v: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} value={String(value || "")} data-testid={"filter-" + name} onChange={(e) => onChange(e.currentTarget.value)}>
        {any ? <option value="">{any}</option> : null}
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </label>
  );
}

// FilterForm is a listing's filter form: a GET form to the listing's URL,
// so it works before (and without) script; with script each change is
// applied at once (the button then asks again).
export function FilterForm({ action, label, testid, apply, clear, filtered, onSubmit, children }: {
  action: string; label: string; testid: string; apply: string; clear: string; filtered: boolean; onSubmit: () => void; children: ReactNode;
}) {
  return (
    <form className="list-filters" method="get" action={action} aria-label={label} data-testid={testid}
      onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      {children}
      <div className="list-filter-actions">
        <button className="btn primary small" type="submit">{apply}</button>
        {filtered ? <a className="btn small" href={action} data-testid="filter-clear">{clear}</a> : null}
      </div>
    </form>
  );
}

// useBandLabel names a price band in the page's currency: "Under $25",
// "$25 to $50", "$500 and more".
export function useBandLabel() {
  const t = useT();
  const numfmt = useData().numfmt;
  const price = (p: Band["min"]) => formatPrice(p, numfmt, true);
  return (b: Band) =>
    b.min && b.max ? t("PriceBetween", { min: price(b.min), max: price(b.max) }) : b.max ? t("PriceUnder", { max: price(b.max) }) : t("PriceOver", { min: price(b.min) });
}
