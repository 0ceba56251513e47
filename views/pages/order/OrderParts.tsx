import type { ReactNode } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { Dialog } from "../../components/Dialog";
import { useData, usePrice, useT } from "../../stores/context";
import { formatDate, useHydrated } from "../../lib/hydrated";
import { goodsPath } from "../../lib/paths";
import { MEASURES, LABEL_COLOUR, LABEL_SIZE, CUSTOM_SIZE_OPTION, fieldOf, type SizeType } from "../goods/sizes";
import { ms, statusKey, statusTone, type LineOption, type OrderDelivery, type OrderLine, type PostalAddress } from "./orders";
import type { Price } from "../../lib/types";

// OrderFrame is the wider frame of the buying pages; they are private, so
// noindex, and their content loads after hydration.
export function OrderFrame({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Layout loginRequired>
      <Seo title={title + " | Souk"} description={title} noindex />
      <div className={"buy-page" + (wide ? " wide" : "")}>
        <h1>{title}</h1>
        {children}
      </div>
    </Layout>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const t = useT();
  return <span className={"status-badge " + statusTone(status)} data-testid="order-status" data-status={status}>{t(statusKey(status))}</span>;
}

// optionText names a chosen option; "" when the line carries no name for it
// (a bare option id means nothing to a shopper; custom sizes speak for themselves).
function optionText(o: LineOption, t: ReturnType<typeof useT>): string {
  const custom = o.labelId === LABEL_SIZE && o.optionId === CUSTOM_SIZE_OPTION;
  if (!o.optionName && !custom) return "";
  const label = o.labelName ?? (o.labelId === LABEL_COLOUR ? t("Colour") : o.labelId === LABEL_SIZE ? t("Size") : "");
  let value = o.optionName ?? t("CustomSize");
  const sd = o.sizeData;
  if (sd && (sd.type === 1 || sd.type === 2)) {
    const type = sd.type as SizeType;
    const unit = type === 1 ? t("UnitCm") : t("UnitIn");
    const parts = MEASURES.filter((m) => typeof sd[fieldOf(m.key, type)] === "number").map((m) => t(m.label) + " " + sd[fieldOf(m.key, type)] + " " + unit);
    if (parts.length) value += " (" + parts.join(", ") + ")";
  }
  return label ? label + ": " + value : value;
}

// Lines lists order lines: image, name, options, quantity × unit price, total.
export function Lines({ lines }: { lines: OrderLine[] }) {
  const t = useT();
  const price = usePrice();
  const { lang } = useData();
  return (
    <ul className="order-lines">
      {lines.map((l, i) => { const opts = l.options.map((o) => optionText(o, t)).filter(Boolean); return (
        <li key={l.skuUid + ":" + i} className="order-line" data-testid="order-line">
          {l.imageUrl ? <img src={l.imageUrl} width={64} height={64} alt="" loading="lazy" /> : <span className="img-ph" aria-hidden="true" />}
          <div className="order-line-main">
            <a href={goodsPath(lang, l.goodsUid)}><bdi>{l.name}</bdi></a>
            {opts.length ? <ul className="line-options">{opts.map((o, j) => <li key={j}>{o}</li>)}</ul> : null}
            <span className="muted small"><bdi dir="ltr">{l.quantity} × {price(l.unitPrice)}</bdi></span>
          </div>
          <strong className="price" dir="ltr">{price(l.lineTotal)}</strong>
        </li>
      ); })}
    </ul>
  );
}

export function AddressView({ a }: { a: PostalAddress }) {
  return (
    <address className="addr" data-testid="address">
      <strong><bdi>{a.name}</bdi></strong> <bdi dir="ltr">{a.phone}</bdi><br />
      <bdi>{a.line1}{a.line2 ? ", " + a.line2 : ""}</bdi><br />
      <bdi>{a.city}, {a.region} {a.postalCode}, {a.country}</bdi>
    </address>
  );
}

// DeliveryView is the dress delivery estimate of an order or a seller group.
export function DeliveryView({ d }: { d: OrderDelivery }) {
  const t = useT();
  const { lang } = useData();
  const hydrated = useHydrated();
  return (
    <div className="delivery compact" data-testid="order-delivery">
      <h3>{t("EstimatedDelivery")}</h3>
      <dl>
        <dt>{t("DeliveryAccepted")}</dt><dd>{formatDate(ms(d.acceptedBy), lang, hydrated)}</dd>
        <dt>{t("DeliveryStandard")}</dt><dd>{formatDate(ms(d.standardBy), lang, hydrated)}</dd>
        {d.estimatedBy ? <><dt>{t("DeliveryEstimated")}</dt><dd>{formatDate(ms(d.estimatedBy), lang, hydrated)}</dd></> : null}
      </dl>
      <p className="muted small">{t("DeliveryTailoring", { n: d.tailoringDays })} · {t("DeliveryShipping", { n: d.shippingDays })}</p>
    </div>
  );
}

export function Totals({ goods, shipping, total, testid }: { goods: Price; shipping: Price; total: Price; testid?: string }) {
  const t = useT();
  const price = usePrice();
  return (
    <dl className="totals">
      <dt>{t("GoodsTotal")}</dt><dd dir="ltr">{price(goods)}</dd>
      <dt>{t("Shipping")}</dt><dd dir="ltr">{shipping.amount === 0 ? t("ShippingFree") : price(shipping)}</dd>
      <dt className="grand">{t("OrderTotal")}</dt><dd className="grand" dir="ltr" data-testid={testid}>{price(total)}</dd>
    </dl>
  );
}

// Confirm asks before an action that cannot be undone.
export function Confirm({ title, text, yes, danger, busy, onYes, onClose }: { title: string; text: string; yes: string; danger?: boolean; busy?: boolean; onYes(): void; onClose(): void }) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose} footer={
      <div className="row-actions end">
        <button type="button" className="btn" onClick={onClose} disabled={busy} data-testid="confirm-no">{t("Cancel")}</button>
        <button type="button" className={"btn " + (danger ? "danger" : "primary")} onClick={onYes} disabled={busy} data-testid="confirm-yes">{yes}</button>
      </div>
    }>
      <p>{text}</p>
    </Dialog>
  );
}
