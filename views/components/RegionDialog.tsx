import { useMemo, useState } from "react";
import { Dialog } from "./Dialog";
import { useShop, useT, useData } from "../stores/context";
import { setCookie } from "../lib/cookie";

// RegionDialog sets region and currency. Choosing a region proposes its
// currency; a currency switch reloads the page after 500 ms (SPEC §9) so
// every price is recomputed by the server.
export function RegionDialog() {
  const t = useT();
  const { regions, currencies, region, currency, lang } = useData();
  const label = useCurrencyLabel(lang);
  const close = useShop((s) => s.openDialog);
  const [re, setRe] = useState(region);
  const [cu, setCu] = useState(currency);
  const [busy, setBusy] = useState(false);
  const apply = () => {
    setCookie("RE", re);
    setCookie("CU", cu);
    try {
      localStorage.setItem("souk.region", re);
      localStorage.setItem("souk.currency", cu);
    } catch { /* storage may be disabled; cookies carry the choice */ }
    if (cu === currency && re === region) return close(null);
    setBusy(true);
    setTimeout(() => location.reload(), 500);
  };
  return (
    <Dialog title={t("ChooseRegion")} onClose={() => close(null)}
      footer={<button type="button" className="btn primary" onClick={apply} disabled={busy} data-testid="region-apply">
        {busy ? t("CurrencyChanging") : t("Sure")}
      </button>}>
      <label className="field">
        <span>{t("RegionLabel")}</span>
        <select value={re} data-testid="region-select" onChange={(e) => {
          setRe(e.target.value);
          const r = regions.find((x) => x.c === e.target.value);
          if (r) setCu(r.y);
        }}>
          {regions.map((r) => <option key={r.c} value={r.c}>{r.name}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t("CurrencyLabel")}</span>
        <select value={cu} data-testid="currency-select" onChange={(e) => setCu(e.target.value)}>
          {currencies.map((c) => <option key={c.c} value={c.c}>{label(c)}</option>)}
        </select>
      </label>
    </Dialog>
  );
}

type CurrencyNames = { of(code: string): string | undefined };
type DisplayNamesCtor = new (locales: string[], opts: { type: "currency" }) => CurrencyNames;

// useCurrencyLabel names a currency for the picker: "CHF · Swiss franc",
// "CNY · Chinese yuan (CN¥)". The dialog opens only in the live page, so
// Intl may be used while rendering it; without Intl the code and symbol show.
function useCurrencyLabel(lang: string): (c: { c: string; s: string }) => string {
  const names = useMemo<CurrencyNames | null>(() => {
    const DN = (Intl as unknown as { DisplayNames?: DisplayNamesCtor }).DisplayNames;
    try { return DN ? new DN([lang, "en"], { type: "currency" }) : null; } catch { return null; }
  }, [lang]);
  return (c) => {
    let name = "";
    try { name = names?.of(c.c) ?? ""; } catch { /* a code Intl does not know (DOGE) */ }
    return [c.c, name && name !== c.c ? " · " + name : "", c.s && c.s !== c.c ? " (" + c.s + ")" : ""].join("");
  };
}
