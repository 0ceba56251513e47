import { useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import { blockedAll, type Blocked } from "./selection";
import type { SkuModule } from "../../lib/types";
import { pure } from "../../ssr/pure";

type T = ReturnType<typeof useT>;

// reason says in words why a value cannot be chosen (the server's
// writer of the picker, ssr/goods.ts, says the same).
export function reason(b: Blocked, minQty: number, t: T): string {
  switch (b.why) {
    case "combo": return t("VariantNotMade");
    case "soldOut": return t("VariantSoldOut");
    case "short": return b.left !== undefined ? t("VariantShortN", { n: b.left, min: minQty }) : t("VariantShort", { min: minQty });
  }
}

// SkuPicker shows one or two attribute groups. Choosing the chosen value
// again clears it; values that lead to no sku, or only to skus with fewer
// left than the minimum order quantity, are dimmed and disabled, and the
// reason is written under the group (a tooltip alone never shows on a phone).
export function SkuPicker({ mod, picked, lang, flagged, minQty, onPick }: {
  mod: SkuModule; picked: (string | undefined)[]; lang: string; flagged: boolean; minQty: number; onPick(g: number, id: string): void;
}) {
  const t = useT();
  const all = blockedAll(mod, picked, minQty);
  return (
    <>
      {mod.attrs.map((group, g) => {
        const why = group.map((a, i) => (picked[g] === a.id ? null : all[g][i]));
        const told = group.map((a, i) => ({ a, why: why[i] })).filter((x) => x.why && x.why.why !== "combo");
        return (
          <fieldset key={g} className={"picker" + (flagged && !picked[g] ? " missing" : "")} data-testid={"attr-group-" + g}>
            <legend>{mod.groupNames[g]?.txt || t("Specifications")}
              {picked[g] ? <span className="picked">{": " + (group.find((a) => a.id === picked[g])?.name.txt ?? "")}</span> : null}
            </legend>
            <div className="chips">
              {group.map((a, i) => {
                const on = picked[g] === a.id;
                const no = why[i];
                return (
                  <button key={a.id} type="button" className={"chip" + (on ? " on" : "") + (no ? " dim" : "")}
                    aria-pressed={on} disabled={!!no} onClick={() => onPick(g, a.id)} lang={txtLang(a.name, lang)}
                    data-attr-id={a.id} data-blocked={no?.why} title={no ? reason(no, minQty, t) : undefined}>
                    {a.name.txt}
                  </button>
                );
              })}
            </div>
            {told.length ? (
              <ul className="hint dim-reasons" data-testid="dim-reasons">
                {told.map(({ a, why: w }) => <li key={a.id}><bdi lang={txtLang(a.name, lang)}>{a.name.txt}</bdi>{": " + reason(w as Blocked, minQty, t)}</li>)}
              </ul>
            ) : null}
          </fieldset>
        );
      })}
    </>
  );
}

pure(SkuPicker); // the server writes it as markup (ssr/pure.ts)
