import { useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import { available } from "./selection";
import type { SkuModule } from "../../lib/types";

// SkuPicker shows one or two attribute groups. Choosing the chosen value
// again clears it; values that lead to no sku are dimmed and disabled.
export function SkuPicker({ mod, picked, lang, flagged, onPick }: {
  mod: SkuModule; picked: (string | undefined)[]; lang: string; flagged: boolean; onPick(g: number, id: string): void;
}) {
  const t = useT();
  return (
    <>
      {mod.attrs.map((group, g) => (
        <fieldset key={g} className={"picker" + (flagged && !picked[g] ? " missing" : "")} data-testid={"attr-group-" + g}>
          <legend>{mod.groupNames[g]?.txt || t("Specifications")}
            {picked[g] ? <span className="picked">{": " + (group.find((a) => a.id === picked[g])?.name.txt ?? "")}</span> : null}
          </legend>
          <div className="chips">
            {group.map((a) => {
              const on = picked[g] === a.id;
              const ok = on || available(mod, g, a.id, picked);
              return (
                <button key={a.id} type="button" className={"chip" + (on ? " on" : "") + (ok ? "" : " dim")}
                  aria-pressed={on} disabled={!ok} onClick={() => onPick(g, a.id)} lang={txtLang(a.name, lang)}
                  data-attr-id={a.id} title={ok ? undefined : t("Unavailable")}>
                  {a.name.txt}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
