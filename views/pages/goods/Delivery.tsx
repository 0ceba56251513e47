import { useShop, useT, useData } from "../../stores/context";
import { formatDate, useHydrated } from "../../lib/hydrated";
import type { Delivery } from "../../lib/types";

// DressDelivery shows the estimates of SPEC §9, computed by the server.
export function DressDelivery({ d }: { d: Delivery }) {
  const t = useT();
  const lang = useData().lang;
  const hydrated = useHydrated();
  return (
    <section className="delivery" data-testid="delivery">
      <h2>{t("EstimatedDelivery")}</h2>
      <dl>
        <dt>{t("DeliveryAccepted")}</dt><dd>{formatDate(d.accepted, lang, hydrated)}</dd>
        <dt>{t("DeliveryStandard")}</dt><dd>{formatDate(d.standard, lang, hydrated)}</dd>
      </dl>
      <p className="muted">{t("DeliveryTailoring", { n: d.tailoringDays })} · {t("DeliveryShipping", { n: d.shippingDays })}</p>
    </section>
  );
}
