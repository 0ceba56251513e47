import { useData, useT } from "../../stores/context";
import { txtLang } from "../../lib/i18n";
import { MEASURES, fieldOf, type SizeType } from "../goods/sizes";
import type { Txt } from "../../lib/types";

// Chosen is one value the shopper chose, named by the server in their
// language: a sku attribute ("Colour: Champagne") or a scenario option
// ("Size: Custom size", with its measurements).
export interface Chosen { name: Txt; value: Txt; labelId?: number; optionId?: number; sizeData?: Record<string, number> }

// measures writes a custom size's measurements ("Bust 90 cm, …"); "" for none.
function measures(sd: Record<string, number> | undefined, t: ReturnType<typeof useT>): string {
  if (!sd || (sd.type !== 1 && sd.type !== 2)) return "";
  const type = sd.type as SizeType;
  const unit = type === 1 ? t("UnitCm") : t("UnitIn");
  return MEASURES.filter((m) => typeof sd[fieldOf(m.key, type)] === "number")
    .map((m) => t(m.label) + " " + sd[fieldOf(m.key, type)] + " " + unit).join(", ");
}

// ChosenList shows every chosen value of a cart, checkout or order line.
export function ChosenList({ chosen }: { chosen: Chosen[] | undefined }) {
  const t = useT();
  const { lang } = useData();
  if (!chosen?.length) return null;
  return (
    <ul className="line-options" data-testid="line-chosen">
      {chosen.map((c, i) => {
        const m = measures(c.sizeData, t);
        return (
          <li key={i} data-label-id={c.labelId}>
            {c.name.txt ? <><bdi lang={txtLang(c.name, lang)}>{c.name.txt}</bdi>{": "}</> : null}
            <bdi lang={txtLang(c.value, lang)}>{c.value.txt}</bdi>{m ? " (" + m + ")" : ""}
          </li>
        );
      })}
    </ul>
  );
}
