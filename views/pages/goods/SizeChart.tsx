import { useEffect, useState } from "react";
import { useT } from "../../stores/context";
import type { SizeRow } from "../../lib/types";
import { toInch } from "./sizes";
import "../dresses/kit"; // one chunk with its siblings (kit.ts)

// SizeChart shows the standard sizes' body measurements in cm and inch;
import { pure } from "../../ssr/pure";
// the chosen size's row is highlighted. The table is built only once the
// chart is open (choosing a standard size opens it, SPEC §4): sixty rows in
// two units were a third of a dress page, for a chart few readers open.
export function SizeChart({ rows, chosen }: { rows: SizeRow[]; chosen?: number }) {
  const t = useT();
  const [open, setOpen] = useState(chosen !== undefined);
  useEffect(() => {
    if (chosen !== undefined) setOpen(true);
  }, [chosen]);
  if (!rows.length) return null;
  return (
    <details className="size-chart" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="size-chart">
      <summary>{t("SizeChart")}</summary>
      {open ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr><th>{t("Size")}</th><th>{t("Bust")}</th><th>{t("Waist")}</th><th>{t("Hips")}</th><th>{t("HollowToFloor")}</th></tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={r.id === chosen ? "on" : undefined}>
                  <th scope="row">{r.label}</th>
                  {r.cm.map((cm, i) => <td key={i} dir="ltr">{cm} cm<br /><small>{toInch(cm)} in</small></td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(SizeChart);
