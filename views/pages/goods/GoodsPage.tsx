import { lazy, Suspense, useRef, useState } from "react";
import { Layout } from "../../components/Layout";
import { blankLd, Seo } from "../../components/Seo";
import { Icon } from "../../components/Icon";
import { MinQtyBadge, PriceTag, Stars, plus } from "../../components/PriceTag";
import { useShop, useT, usePrice, useData } from "../../stores/context";
import { identityPath, loginPath, withLang } from "../../lib/paths";
import { requireLogin } from "../../lib/auth";
import { addToCart as addLine, type ScenarioChoice } from "../../lib/cart";
import { useHydrated } from "../../lib/hydrated";
import { useSessionState } from "../../lib/sessionState";
import { formatPrice, txtLang } from "../../lib/i18n";
import { Gallery, type GalleryHandle } from "./Gallery";
import { SkuPicker } from "./SkuPicker";
import { ScenarioPicker } from "./ScenarioPicker";
import { SizeChart } from "./SizeChart";
import { Comments } from "./Comments";
import { DeliveryDates, type Sizes } from "./Delivery";
import { goodsCrumbs, productLd, PRODUCT_LD_BLOCKS } from "./jsonld";
import { Crumbs } from "../../components/Crumbs";
import { isSet, skuKey, toggle } from "./selection";
import { surcharge } from "./pricing";
import { CUSTOM_SIZE_OPTION, LABEL_SIZE, sizeComplete, type SizeData } from "./sizes";
import type { Goods } from "../../lib/types";
import { useMine } from "../../lib/mine";
import { useViewReport } from "../../lib/viewReport";
import { ChatButton } from "../../components/ChatButton";
import { FaqLinks } from "../dresses/FaqLinks";
import { faqPath } from "../dresses/dresses";
import { makeLinePath } from "../makeline/makeline";

// The made-to-measure form shows only once the shopper picks a custom size
// (never in a first render): its code is fetched then.
const OwnerBar = lazy(() => import("./OwnerBar").then((m) => ({ default: m.OwnerBar })));
const CustomSizeForm = lazy(() => import("./CustomSize").then((m) => ({ default: m.CustomSizeForm })));

export function GoodsPage() {
  const t = useT();
  const data = useData();
  const g = data.data.goods as Goods;
  // Some of the texts shown were made by a translation engine: say so once.
  const machine = [g.treName, g.brief, g.introHtml, ...g.introAttrs.flatMap((a) => [a.k, a.v]), ...g.skuModule.groupNames,
    ...g.skuModule.attrs.flat().map((a) => a.name), ...g.scenarioLabels.flatMap((l) => l.values.map((v) => v.name))].some((x) => x?.machine);
  const fmt = usePrice();
  const showToast = useShop((s) => s.showToast);
  const setCartQty = useShop((s) => s.setCartQty);
  const gallery = useRef<GalleryHandle>(null);
  useViewReport({ lang: data.lang, region: data.region, currency: data.currency, t }, g.treId); // trending counts it
  // Choices survive the reload a region or currency switch makes (this tab only).
  const kept = "souk.choice." + g.treId + ".";
  const [picked, setPicked] = useSessionState<(string | undefined)[]>(kept + "attrs", [],
    (v) => Array.isArray(v) && v.every((id, i) => !id || !!g.skuModule.attrs[i]?.some((a) => a.id === id)));
  const [chosen, setChosen] = useSessionState<Record<number, number | undefined>>(kept + "options", {},
    (v) => Object.entries(v).every(([l, o]) => o === undefined || !!g.scenarioLabels.find((x) => x.labelId === +l)?.values.some((x) => x.id === o)));
  const [size, setSize] = useSessionState<SizeData>(kept + "size", {});
  const [flagged, setFlagged] = useState(false);
  const [tab, setTab] = useState<"comments" | "details">("comments");
  const lastAdd = useRef(0);
  // Without script both panels show, so the page is complete for crawlers.
  const hydrated = useHydrated();
  // The owner's view (SPEC §6), learnt after hydration: the page is cached.
  const mine = useMine(g.treId);

  const key = skuKey(g.skuModule, picked);
  const sku = key ? g.skuModule.skus[key] : undefined;
  const minQty = g.priceData.minQty;
  // The chosen sku decides; before one is chosen, any sku that can be bought.
  const onSale = g.saleable === 1 && (sku ? sku.stock >= minQty : g.stock > 0);
  const customSize = chosen[LABEL_SIZE] === CUSTOM_SIZE_OPTION;
  // A dress offering a custom size can be made by a maker (make-line); the
  // choice made here is kept for that page.
  const made = g.spe === 1 && g.scenarioLabels.some((l) => l.labelId === LABEL_SIZE && l.values.some((v) => v.id === CUSTOM_SIZE_OPTION));
  const pick = (grp: number, id: string) => {
    const next = toggle(picked, grp, id);
    setPicked(next);
    const k = skuKey(g.skuModule, next);
    const img = (k && g.skuModule.skus[k]?.imgId) || (next[grp] ? g.skuModule.attrs[grp].find((a) => a.id === id)?.imgId : undefined);
    if (img) gallery.current?.showImage(img);
  };
  const complete = () =>
    g.skuModule.attrs.every((_, i) => isSet(picked[i])) &&
    g.scenarioLabels.every((l) => chosen[l.labelId] !== undefined) &&
    (!customSize || sizeComplete(size));
  const addToCart = () => {
    const now = Date.now();
    if (now - lastAdd.current < 200) return; // add-to-cart throttle (SPEC §5)
    lastAdd.current = now;
    if (!complete()) {
      setFlagged(true);
      showToast(t("PSSp"));
      return;
    }
    if (!requireLogin(data.lang)) return;
    const options = g.scenarioLabels.map((l) => {
      const optionId = chosen[l.labelId] as number;
      const choice: ScenarioChoice = { labelId: l.labelId, optionId };
      if (l.labelId === LABEL_SIZE && optionId === CUSTOM_SIZE_OPTION) choice.sizeData = size as Record<string, number>;
      return choice;
    });
    addLine({ lang: data.lang, region: data.region, currency: data.currency, t }, g.treId, sku?.id ?? "", options)
      .then((r) => { setCartQty(r.shoppingQuantity); showToast(t("AddedToCart")); })
      .catch(() => { /* the toast said why */ });
  };
  // Every number here comes from the server's one price rule: the chosen
  // sku's (or the goods') unit price from each quantity break on, plus what
  // the chosen options add, exactly as the cart and checkout will charge.
  const extra = surcharge(g.scenarioLabels, chosen);
  const tiers = sku ? sku.tiers : g.skuModule.attrs.length === 0 ? g.tiers : undefined;
  const title = t("MetaGoodsTitle", { name: g.treName.txt, price: formatPrice(g.priceData.prices[0], data.numfmt) });
  return (
    <Layout toastMs={4000}>
      <Seo title={title} description={g.brief.txt} image={g.treImages[0]?.image.largeThumbnail.url} type="product" jsonLd={__SERVER__ ? productLd(g, data) : blankLd(PRODUCT_LD_BLOCKS)} />
      <Crumbs items={goodsCrumbs(g, data)} />
      <div className="goods">
        <Gallery ref={gallery} images={g.treImages} alt={g.treName.txt} />
        <div className="goods-info">
          {mine ? <Suspense fallback={null}><OwnerBar mine={mine} /></Suspense> : null}
          <h1 lang={txtLang(g.treName, data.lang)} data-testid="goods-title">{g.treName.txt}</h1>
          {machine ? <small className="machine-note muted" data-testid="machine-note">{t("AIMachine")}</small> : null}
          <div className="goods-sub">
            {g.ratingCount > 0 ? <Stars rating={g.rating} count={g.ratingCount} /> : null}
            {g.sales > 0 ? <span className="muted">{t("SoldCount", { n: g.sales })}</span> : null}
          </div>
          <div className="goods-price" data-testid="goods-price">
            {tiers?.length ? <span className="price big" dir="ltr" data-testid="unit-price">{fmt(plus(tiers[0].prices[0], extra))}</span>
              : <PriceTag pd={g.priceData} className="price big" extra={extra} />}
            <MinQtyBadge minQty={g.priceData.minQty} />
            <span className={onSale ? "stock on" : "stock off"} data-testid="stock-state">{onSale ? t("OnSale") : t("NotAvailable")}</span>
          </div>
          {g.priceData.ranges.length > 0 ? (
            <table className="ranges" data-testid="price-ranges">
              <caption>{t("WholesalePrices")}</caption>
              <tbody>
                <tr><th scope="row">{t("Quantity")}</th>{(tiers ?? g.priceData.ranges).map((r) => <td key={r.startQty}>{t("QtyAndUp", { n: r.startQty })}</td>)}</tr>
                <tr><th scope="row">{tiers ? t("UnitPrice") : t("UnitPriceFrom")}</th>{(tiers ?? g.priceData.ranges).map((r) => (
                  <td key={r.startQty} dir="ltr" data-qty={r.startQty} data-testid="range-price">{fmt(plus(r.prices[0], extra))}</td>
                ))}</tr>
              </tbody>
            </table>
          ) : null}
          <p className="brief" lang={txtLang(g.brief, data.lang)}>{g.brief.txt}</p>
          <SkuPicker mod={g.skuModule} picked={picked} lang={data.lang} flagged={flagged} minQty={minQty} onPick={pick} />
          <ScenarioPicker labels={g.scenarioLabels} chosen={chosen} lang={data.lang} flagged={flagged}
            onChoose={(id, opt) => setChosen({ ...chosen, [id]: opt })} />
          {customSize ? <Suspense fallback={null}><CustomSizeForm value={size} flagged={flagged} onChange={setSize} /></Suspense> : null}
          {data.data.sizeChart?.length ? <SizeChart rows={data.data.sizeChart} chosen={chosen[LABEL_SIZE]} /> : null}
          <div className="buy">
            {g.sid || mine ? null : (
              <button type="button" className="btn primary wide" onClick={addToCart} disabled={!onSale} data-testid="add-to-cart">
                <Icon name="cart" size={20} />{onSale ? t("AddToCart") : t("NotAvailable")}
              </button>
            )}
            {g.sid || mine ? null : <ChatButton args={{ kind: "goods", treId: g.treId }} label="ChatWithSeller" className="btn wide" testid="chat-seller" />}
            {made && !g.sid && !mine ? (
              <a className="btn wide" href={makeLinePath(data.lang, g.treId)} data-testid="makeline-start" title={t("MakeLineIntro")}>
                <Icon name="sparkle" size={20} />{t("MakeLineMadeToMeasure")}
              </a>
            ) : null}
            {g.aiGenModels?.length ? (
              <a className="btn wide" href={withLang(data.lang, "/ai-creation/" + g.treId)} data-testid="ai-create" title={t("AiCreateHint")}>
                <Icon name="sparkle" size={20} />{t("AiCreate")}
              </a>
            ) : null}
          </div>
          {g.spe === 1 && data.data.delivery ? <DeliveryDates d={data.data.delivery} sizes={dressSizes(g, chosen[LABEL_SIZE])} testid="delivery" /> : null}
          {/* A bride's questions before ordering (how to measure, delivery,
              returns): the dresses FAQ, each answer a page of its own. */}
          {g.spe === 1 && data.data.dresses?.questions?.length ? (
            <section className="goods-faq" aria-labelledby="goods-faq" data-testid="goods-faq">
              <h2 id="goods-faq">{t("DressesFAQ")}</h2>
              <FaqLinks questions={data.data.dresses.questions} lan={data.data.dresses.qlan} href={(i) => faqPath(data.lang, i)} />
            </section>
          ) : null}
          <a className="seller" href={identityPath(data.lang, g.owner.identityType, g.owner.uid)}>
            <span className="avatar" aria-hidden="true">{g.owner.name.slice(0, 1)}</span>
            <span><small className="muted">{t("SoldBy")}</small><br /><strong>{g.owner.name}</strong></span>
            <span className="spacer" /><span className="btn small">{t("VisitStore")}</span>
          </a>
        </div>
      </div>
      {g.bigType === 2 && data.data.steps ? (
        <section className="steps" data-testid="steps">
          <h2>{t("WholesaleSteps")}</h2>
          <ol>{data.data.steps.map((s, i) => <li key={i} lang={txtLang(s, data.lang)}>{s.txt}</li>)}</ol>
          <h2>{t("RefundReturn")}</h2>
          <p lang={txtLang(data.data.refund, data.lang)}>{data.data.refund?.txt}</p>
        </section>
      ) : null}
      <section className="tabs-section">
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === "comments"} onClick={() => setTab("comments")} data-testid="tab-comments">
            {t("Comments")} ({g.commentCount})
          </button>
          <button type="button" role="tab" aria-selected={tab === "details"} onClick={() => setTab("details")} data-testid="tab-details">
            {t("Details")}
          </button>
        </div>
        <div role="tabpanel" hidden={hydrated && tab !== "comments"}><Comments treId={g.treId} first={data.data.comments ?? []} /></div>
        <div role="tabpanel" hidden={hydrated && tab !== "details"} className="details">
          <p lang={txtLang(g.introHtml, data.lang)}>{g.introHtml.txt}</p>
          {g.introAttrs.length ? (
            <table className="spec-table">
              <caption>{t("Specifications")}</caption>
              <tbody>{g.introAttrs.map((a, i) => <tr key={i}><th scope="row" lang={txtLang(a.k, data.lang)}>{a.k.txt}</th><td lang={txtLang(a.v, data.lang)}>{a.v.txt}</td></tr>)}</tbody>
            </table>
          ) : null}
        </div>
      </section>
    </Layout>
  );
}

// dressSizes says which arrival dates a dress shows: both until a size is
// chosen (when it offers the custom size), then the chosen kind's.
function dressSizes(g: Goods, size: number | undefined): Sizes {
  const offersCustom = g.scenarioLabels.some((l) => l.labelId === LABEL_SIZE && l.values.some((v) => v.id === CUSTOM_SIZE_OPTION));
  if (size === undefined) return { standard: true, custom: offersCustom };
  return size === CUSTOM_SIZE_OPTION ? { standard: false, custom: true } : { standard: true, custom: false };
}
