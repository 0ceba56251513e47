import { useT, useData } from "../../stores/context";
import { formatDate, useHydrated } from "../../lib/hydrated";
import { pure } from "../../ssr/pure";

// Dates is the dress delivery promise of SPEC §9 in milliseconds, computed
// by the server (catalog.DressDelivery) for the product page and fixed in
// the order when it is made.
export interface Dates { accepted?: number; standard?: number; estimated?: number; tailoringDays: number; shippingDays: number }

// Sizes says which arrival dates apply: a standard-size dress arrives by the
// standard date; a custom-size one is sewn to measure, then shipped, and
// arrives around the estimate. Before a size is chosen both apply.
export interface Sizes { standard: boolean; custom: boolean }

// DeliveryDates names each date for what it means to the bride, the same
// way on the product page, at checkout and on the order page.
export function DeliveryDates({ d, sizes, compact, testid }: { d: Dates; sizes: Sizes; compact?: boolean; testid: string }) {
  const t = useT();
  const lang = useData().lang;
  const hydrated = useHydrated();
  const Title = compact ? "h3" : "h2";
  return (
    <section className={"delivery" + (compact ? " compact" : "")} data-testid={testid}>
      <Title>{t("DeliveryWhen")}</Title>
      <dl>
        {d.accepted ? <><dt>{t("DeliveryConfirmedBy")}</dt><dd data-testid="delivery-accepted">{formatDate(d.accepted, lang, hydrated)}</dd></> : null}
        {sizes.standard && d.standard ? <><dt>{t("DeliveryStandardSize")}</dt><dd data-testid="delivery-standard">{formatDate(d.standard, lang, hydrated)}</dd></> : null}
        {sizes.custom && d.estimated ? <><dt>{t("DeliveryCustomSize")}</dt><dd data-testid="delivery-custom">{formatDate(d.estimated, lang, hydrated)}</dd></> : null}
      </dl>
      {sizes.custom ? <p className="muted small">{t("DeliveryCustomHow", { t: d.tailoringDays, s: d.shippingDays })}</p> : null}
    </section>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(DeliveryDates);
