import type { ReactNode } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { Dialog } from "../../components/Dialog";
import { useData, usePrice, useT } from "../../stores/context";
import { DeliveryDates, type Sizes } from "../goods/Delivery";
import { goodsPath } from "../../lib/paths";
import { LABEL_SIZE, CUSTOM_SIZE_OPTION } from "../goods/sizes";
import { ms, statusKey, statusTone, type OrderDelivery, type OrderEvent, type OrderLine, type PostalAddress } from "./orders";
import { formatDate } from "../../lib/hydrated";
import { ChosenList } from "./Chosen";
import { picture, SIZES } from "../../components/Picture";
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

// Lines lists order lines: image, name, options, quantity × unit price, total.
export function Lines({ lines }: { lines: OrderLine[] }) {
  const t = useT();
  const price = usePrice();
  const { lang } = useData();
  return (
    <ul className="order-lines">
      {lines.map((l, i) => (
        <li key={l.skuUid + ":" + i} className="order-line" data-testid="order-line">
          {l.imageUrl ? picture({ src: l.imageUrl, sizes: SIZES.line, width: 64, height: 64 }) : <span className="img-ph" aria-hidden="true" />}
          <div className="order-line-main">
            <a href={goodsPath(lang, l.goodsUid)}><bdi>{l.name}</bdi></a>
            <ChosenList chosen={l.chosen} />
            <span className="muted small"><bdi dir="ltr">{l.quantity} × {price(l.unitPrice)}</bdi></span>
          </div>
          <strong className="price" dir="ltr">{price(l.lineTotal)}</strong>
        </li>
      ))}
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

// DeliveryView is the dress delivery promise of an order or a seller group,
// told as on the product page, for the sizes its lines chose.
export function DeliveryView({ d, lines }: { d: OrderDelivery; lines: OrderLine[] }) {
  const dates = { accepted: ms(d.acceptedBy), standard: ms(d.standardBy), estimated: ms(d.estimatedBy), tailoringDays: d.tailoringDays, shippingDays: d.shippingDays };
  return <DeliveryDates d={dates} sizes={sizesOf(lines)} compact testid="order-delivery" />;
}

// sizesOf tells which dress sizes lines chose: custom-size lines wait for
// tailoring; any other dress is a standard size.
function sizesOf(lines: OrderLine[]): Sizes {
  const size = lines.flatMap((l) => l.options).filter((o) => o.labelId === LABEL_SIZE);
  const custom = size.some((o) => o.optionId === CUSTOM_SIZE_OPTION);
  return { custom, standard: size.some((o) => o.optionId !== CUSTOM_SIZE_OPTION) || !custom };
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

// Confirm asks before an action that cannot be undone. no names the safe
// choice when "Cancel" would be mistaken for the action ("Keep order").
export function Confirm({ title, text, yes, no, danger, busy, onYes, onClose }: { title: string; text: string; yes: string; no?: string; danger?: boolean; busy?: boolean; onYes(): void; onClose(): void }) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose} footer={
      <div className="row-actions end">
        <button type="button" className="btn" onClick={onClose} disabled={busy} data-testid="confirm-no">{no ?? t("Cancel")}</button>
        <button type="button" className={"btn " + (danger ? "danger" : "primary")} onClick={onYes} disabled={busy} data-testid="confirm-yes">{yes}</button>
      </div>
    }>
      <p>{text}</p>
    </Dialog>
  );
}

// Timeline is an order's history, newest first: each step in the reader's
// language, a seller's tracking events with their place and note. The
// events arrive after hydration, so dates use the language's long form.
export function Timeline({ events }: { events: OrderEvent[] }) {
  const t = useT();
  const { lang } = useData();
  const newest = [...events].reverse();
  return (
    <ol className="timeline">
      {newest.map((e, i) => {
        const track = e.key.startsWith("Track");
        return (
          <li key={i} className={i === 0 ? "now" : undefined} data-testid="timeline-event" data-key={e.key}>
            <strong>{track ? e.note : t(statusKey(e.status))}</strong>
            <time dateTime={e.at}>{formatDate(ms(e.at), lang, true, true)}</time>
            {e.place ? <span className="small" data-testid="event-place"><bdi>{e.place}</bdi></span> : null}
            {!track && e.note ? <p className="muted small">{e.note}</p> : null}
            {e.remark ? <p className="muted small event-remark"><bdi>{e.remark}</bdi></p> : null}
          </li>
        );
      })}
    </ol>
  );
}
