import { useEffect, useRef, useState } from "react";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { newRequestId, type ScenarioChoice } from "../../lib/cart";
import { useSessionState } from "../../lib/sessionState";
import { AddressView, DeliveryView, OrderFrame } from "../order/OrderParts";
import { PayForm, usePayFlow } from "../order/PayForm";
import { queryParam, type Made, type PayChoice } from "../order/orders";
import { SkuPicker } from "../goods/SkuPicker";
import { ScenarioPicker } from "../goods/ScenarioPicker";
import { CustomSizeForm } from "../goods/CustomSize";
import { isSet, skuKey, toggle } from "../goods/selection";
import { CUSTOM_SIZE_OPTION, LABEL_SIZE, sizeComplete, type SizeData } from "../goods/sizes";
import { askOf, isVersionUid, type MakeLinePrice } from "./makeline";

// MakeLinePage (makeline/{uid}): one piece made by a maker, of a creation
// version (uid is its createVUid) or a made-to-measure dress (uid is its
// treId). The shopper chooses sku, options and measurements (the product
// page's pickers, and its kept choice), sees the server's price in parts,
// fixes it as a quote (getPreMakeLineUid: from then on only its uid
// travels), then orders and pays like any checkout.
export function MakeLinePage() {
  const t = useT();
  const price = usePrice();
  const { lang, data } = useData();
  const uid = data.param ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const sessionLoaded = useShop((s) => s.sessionLoaded);
  const [start, setStart] = useState<MakeLinePrice | null>(null);
  const [priced, setPriced] = useState<MakeLinePrice | null>(null);
  const [quote, setQuote] = useState<MakeLinePrice | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const requestId = useRef("");
  const flow = usePayFlow();
  // A dress keeps the choice made on its product page (the same keys).
  const kept = "souk.choice." + (start?.treId ?? uid) + ".";
  const [picked, setPicked] = useSessionState<(string | undefined)[]>(kept + "attrs", []);
  const [chosen, setChosen] = useSessionState<Record<number, number | undefined>>(kept + "options", {});
  const [size, setSize] = useSessionState<SizeData>(kept + "size", {});
  const [maker, setMaker] = useState("");
  const [flagged, setFlagged] = useState(false);
  const addressId = typeof window === "undefined" ? "" : queryParam("addressId");

  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
  useEffect(() => {
    if (!sessionLoaded || !signedIn) return;
    const q = queryParam("q");
    if (q) { // a fixed quote, after a reload or the address book
      api<MakeLinePrice>("order/preMakeLineData", { uid: q, addressId }, { silent: true }).then((p) => { setQuote(p); setPriced(p); }).catch(fail);
    }
    api<MakeLinePrice>("order/preMakeLineData", { ...askOf(uid), addressId }, { silent: true })
      .then((p) => { setStart(p); setMaker(p.makerUid); }).catch(fail);
  }, [uid, sessionLoaded, signedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const g = start?.goods;
  const customSize = chosen[LABEL_SIZE] === CUSTOM_SIZE_OPTION;
  const complete = !!g && g.skuModule.attrs.every((_, i) => isSet(picked[i])) &&
    g.scenarioLabels.every((l) => chosen[l.labelId] !== undefined) && (!customSize || sizeComplete(size));
  const ask = () => {
    if (!g) return null;
    const key = skuKey(g.skuModule, picked);
    const options: ScenarioChoice[] = g.scenarioLabels.map((l) => {
      const c: ScenarioChoice = { labelId: l.labelId, optionId: chosen[l.labelId] as number };
      if (l.labelId === LABEL_SIZE && c.optionId === CUSTOM_SIZE_OPTION) c.sizeData = size as Record<string, number>;
      return c;
    });
    return { ...askOf(uid), skuId: key ? g.skuModule.skus[key]?.id ?? "" : "", scenarioOptions: options, makerUid: maker, addressId };
  };
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError("");
    try { await fn(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const see = () => {
    if (!complete) { setFlagged(true); setError(t("PSSp")); return; }
    void run(async () => { setPriced(await api<MakeLinePrice>("order/preMakeLineData", ask(), { silent: true })); });
  };
  const fix = () => void run(async () => {
    const q = await api<MakeLinePrice>("order/getPreMakeLineUid", ask(), { silent: true });
    setQuote(q);
    setPriced(q);
    history.replaceState(null, "", location.pathname + "?q=" + encodeURIComponent(q.uid ?? ""));
  });
  const place = (choice: PayChoice) => void run(async () => {
    if (!quote?.uid || !quote.address) return;
    let m = made;
    if (!m) {
      requestId.current ||= newRequestId();
      m = await api<Made>("order/makeLineOrderData", { uid: quote.uid, requestId: requestId.current, addressId: quote.address.id, total: quote.total.amount }, { silent: true });
      setMade(m);
    }
    await flow.pay(m.payUid, choice, m.orderNumbers);
  });
  const here = encodeURIComponent(withLang(lang, "/makeline/" + uid) + (quote?.uid ? "?q=" + quote.uid : ""));
  const shown = quote ?? priced;

  if (sessionLoaded && !signedIn) {
    return (
      <OrderFrame title={t("MakeLineTitle")}>
        <p className="empty-state"><a className="btn primary" href={withLang(lang, "/login") + "?redirect=" + encodeURIComponent(withLang(lang, "/makeline/" + uid))}>{t("Login")}</a></p>
      </OrderFrame>
    );
  }
  return (
    <OrderFrame title={t("MakeLineTitle")} wide>
      {error ? <p className="hint error" role="alert" data-testid="makeline-error">{error}</p> : null}
      {!start ? (error ? null : <p className="muted">{t("Loading")}</p>) : (
        <div className="checkout" data-testid="makeline-page">
          <div className="checkout-main">
            <section className="panel">
              <div className="ml-item">
                {start.imageUrl ? <img src={start.imageUrl} alt="" width={96} height={96} className="ml-thumb" /> : null}
                <div>
                  <h2 data-testid="makeline-name">{start.name}</h2>
                  <p className="muted">{isVersionUid(uid) ? t("MakeLineFromVersion") : t("MakeLineIntro")}</p>
                </div>
              </div>
            </section>
            {g && !quote ? (
              <section className="panel" aria-labelledby="ml-choose">
                <h2 id="ml-choose">{t("MakeLineChoose")}</h2>
                <SkuPicker mod={g.skuModule} picked={picked} lang={lang} flagged={flagged} minQty={1} onPick={(grp, id) => setPicked(toggle(picked, grp, id))} />
                <ScenarioPicker labels={g.scenarioLabels} chosen={chosen} lang={lang} flagged={flagged}
                  onChoose={(id, opt) => { setChosen({ ...chosen, [id]: opt }); setPriced(null); }} />
                {customSize ? <CustomSizeForm value={size} flagged={flagged} onChange={(v) => { setSize(v); setPriced(null); }} /> : null}
                <label className="field">
                  <span>{t("MakeLineMaker")}</span>
                  <select dir="auto" value={maker} onChange={(e) => { setMaker(e.target.value); setPriced(null); }} data-testid="makeline-maker">
                    {start.makers.map((m) => <option key={m.uid} value={m.uid}>{m.name}{m.country ? " (" + m.country + ")" : ""}</option>)}
                  </select>
                </label>
                <button type="button" className="btn" onClick={see} disabled={busy} data-testid="makeline-see">{t("MakeLineSeePrice")}</button>
              </section>
            ) : null}
            {shown ? <DeliveryView d={shown.delivery} lines={[{ goodsUid: "", skuUid: "", name: "", imageUrl: "", options: shown.options, quantity: 1, unitPrice: shown.unitPrice, lineTotal: shown.unitPrice }]} /> : null}
            <section className="panel" aria-labelledby="ml-addr">
              <div className="panel-head">
                <h2 id="ml-addr">{t("DeliveryAddress")}</h2>
                {start.address && !made ? <a href={withLang(lang, "/addressmanagement") + "?redirect=" + here}>{t("ChangeAddress")}</a> : null}
              </div>
              {(quote ?? start).address ? <AddressView a={(quote ?? start).address!} /> : (
                <div className="addr-empty">
                  <p className="muted">{t("NoAddressYet")}</p>
                  <a className="btn primary" href={withLang(lang, "/addressedit/new") + "?redirect=" + here} data-testid="add-address">{t("AddAddress")}</a>
                </div>
              )}
            </section>
          </div>
          <aside className="checkout-side">
            {shown ? (
              <section className="panel" data-testid="makeline-price">
                <h2>{t("OrderSummary")}</h2>
                <dl className="totals">
                  <dt>{t("MakeLineBasePrice")}</dt><dd dir="ltr">{price(shown.basePrice)}</dd>
                  <dt>{t("MakeLineOptionsPrice")}</dt><dd dir="ltr">{price(shown.optionsPrice)}</dd>
                  <dt>{t("MakeLineSizePrice")}</dt><dd dir="ltr" data-testid="makeline-size-price">{price(shown.customSizePrice)}</dd>
                  <dt>{t("Shipping")}</dt><dd dir="ltr">{shown.shipping.amount === 0 ? t("ShippingFree") : price(shown.shipping)}</dd>
                  <dt className="grand">{t("OrderTotal")}</dt><dd className="grand" dir="ltr" data-testid="makeline-total">{price(shown.total)}</dd>
                </dl>
                <p className="hint muted">{t("MakeLineRespondHint", { n: shown.respondHours })}</p>
                {!quote ? <button type="button" className="btn primary wide" onClick={fix} disabled={busy} data-testid="makeline-fix">{t("MakeLineFixPrice")}</button>
                  : <p className="notice ok-notice" data-testid="makeline-fixed">{t("MakeLineFixed")}</p>}
              </section>
            ) : null}
            {quote ? (
              <section className="panel">
                {made ? <p className="notice ok-notice" data-testid="order-placed">{t("OrderPlacedPayNow", { n: made.orderNumbers.join(", ") })}</p> : null}
                <PayForm methods={quote.payMethods} busy={busy || !quote.address} label={made ? t("PayAgain") : t("PlaceOrder")} testid="place-order" onPay={place}>
                  {flow.errorView}
                  {!quote.address ? <p className="hint error">{t("AddressRequired")}</p> : null}
                </PayForm>
              </section>
            ) : null}
          </aside>
        </div>
      )}
      {flow.dialog}
    </OrderFrame>
  );
}
