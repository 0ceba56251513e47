import { useEffect, useState } from "react";
import { useApi } from "../../api/useApi";
import { useT } from "../../stores/context";
import type { FormField } from "../../components/form/types";

interface Node { code: string; name: { txt: string }; children: Node[] | null }

// CategoryLabel is the classification label the catalogue is browsed by
// (app/catalog.CategoryLabel).
const CategoryLabel = 1;

// CategoryPick chooses the item's category from the catalogue's tree, in
// the reader's language: a top category with sub-categories is a group
// whose first choice is the top category itself.
export function CategoryPick({ f, label, value, error, onChange }: {
  f: FormField; label: string; value: string; error?: string; onChange(code: string): void;
}) {
  const t = useT();
  const api = useApi();
  const [tree, setTree] = useState<Node[] | null>(null);
  useEffect(() => {
    void api<{ categories: Node[] }>("basics/getAllClassificationLabelAndCats/" + CategoryLabel, undefined, { silent: true })
      .then((l) => setTree(l.categories ?? [])).catch(() => setTree([]));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const id = "f-" + f.key;
  const known = (list: Node[]): boolean => list.some((n) => n.code === value || known(n.children ?? []));
  return (
    <label className={"field" + (error ? " missing" : "")} htmlFor={id}>
      <span>{label}</span>
      <select id={id} name={f.key} value={value} disabled={tree === null} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={id + (error ? "-err" : "-hint")}>
        <option value="">{t(tree === null ? "Loading" : "GoodsFormCategoryPick")}</option>
        {value && tree && !known(tree) ? <option value={value}>{value}</option> : null}
        {(tree ?? []).map((n) => n.children?.length ? (
          <optgroup key={n.code} label={n.name.txt}>
            <option value={n.code}>{n.name.txt}</option>
            {n.children.map((c) => <option key={c.code} value={c.code}>{c.name.txt}</option>)}
          </optgroup>
        ) : <option key={n.code} value={n.code}>{n.name.txt}</option>)}
      </select>
      {error ? <small id={id + "-err"} className="hint error" role="alert">{t(error)}</small>
        : f.hint ? <small id={id + "-hint"} className="hint muted">{t(f.hint)}</small> : null}
    </label>
  );
}
