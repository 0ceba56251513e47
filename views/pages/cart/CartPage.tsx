import { useEffect, useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { QtyInput } from "./QtyInput";
import { goodsPath, withLang } from "../../lib/paths";
import { txtLang } from "../../lib/i18n";
import { ChosenList, type Chosen } from "../order/Chosen";
import type { Card, ImageSet, Price } from "../../lib/types";
import { picture } from "../../components/Picture";

interface Line {
  id: string; goods: Card; quantity: number; selected: boolean; unitPrice: Price; available: boolean;
  variant: { chosen: Chosen[]; image?: ImageSet };
}
interface Group { sellerUid: string; sellerName: string; lines: Line[] }
interface Problem { lineId: string; name: string; kind: string; message: string }

// lineImage is a line's 64 px picture; the cart is short, so it loads at once.
function lineImage(set?: Partial<ImageSet>) {
  const src = (set?.tinyImg ?? set?.smallThumbnail)?.url;
  return src ? picture({ src, width: 64, height: 64, eager: true, testid: "line-image" }) : null;
}

// CartPage lists the cart by seller. Quantities follow the goods' minimum
// order quantity and stock (the server refuses anything else and says why);
// prices come from the server. Checkout checks the selected lines first
// (order/createCheck) and shows what stands in the way beside each line.
export function CartPage() {
  const t = useT();
  const price = usePrice();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const setCartQty = useShop((s) => s.setCartQty);
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const load = async () => {
    const g = await api<Group[]>("shoppingCartList", {});
    setGroups(g);
    setCartQty(g.reduce((n, x) => n + x.lines.reduce((m, l) => m + l.quantity, 0), 0));
  };
  useEffect(() => { if (signedIn) void load().catch(() => setGroups([])); }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const act = async (path: string, body: object) => {
    if (busy) return;
    setBusy(true);
    setProblems([]);
    try { await api(path, body); } catch { /* the toast said why */ }
    try { await load(); } finally { setBusy(false); }
  };
  const lines = groups?.flatMap((g) => g.lines) ?? [];
  const selected = lines.filter((l) => l.selected && l.available);
  const total = selected.reduce((s, l) => s + l.unitPrice.amount * l.quantity, 0);
  const currency = selected[0]?.unitPrice.currency;
  const checkout = async () => {
    if (busy || selected.length === 0) return;
    setBusy(true);
    try {
      // The prices shown here go along, so a change since is told, not paid.
      const seen = selected.map((l) => ({ id: l.id, unitPrice: l.unitPrice.amount }));
      const r = await api<{ ok: boolean; problems: Problem[] }>("order/createCheck", { lines: seen });
      if (r.ok) { location.assign(withLang(lang, "/makeorder")); return; }
      setProblems(r.problems ?? []);
      await load();
    } catch { /* the toast said why */ }
    setBusy(false);
  };
  const lineIds = new Set(lines.map((l) => l.id));
  const loose = problems.filter((p) => !lineIds.has(p.lineId));
  return (
    <AuthFrame title={t("Cart")} loginRequired>
      {groups === null ? <p className="muted">{t("LoadingAccount")}</p> : lines.length === 0 ? (
        <p className="muted" data-testid="cart-empty">{t("CartEmpty")}</p>
      ) : (
        <div className="cart" data-testid="cart">
          {loose.length ? (
            <ul className="check-problems" role="alert">
              {loose.map((p, i) => <li key={i} data-testid="check-problem">{p.name ? p.name + ": " : ""}{p.message}</li>)}
            </ul>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={lines.every((l) => l.selected)} disabled={busy}
              onChange={(e) => act(e.target.checked ? "shoppingSelectAll" : "shoppingUnSelectAll", {})} />
            <span>{t("SelectAll")}</span>
          </label>
          {groups.map((g) => (
            <section key={g.sellerUid} className="cart-group">
              <h2>{g.sellerName}</h2>
              {g.lines.map((l) => (
                <div key={l.id} className={"cart-line" + (l.available ? "" : " off")} data-testid="cart-line">
                  <input type="checkbox" checked={l.selected} disabled={busy} aria-label={t("Selected")}
                    onChange={(e) => act(e.target.checked ? "shoppingSetCartSelected" : "shoppingSetCartUnSelected", { ids: [l.id] })} />
                  {lineImage(l.variant.image ?? l.goods.treImage)}
                  <div className="cart-line-main">
                    <a href={goodsPath(lang, l.goods.treId, l.goods.uri)} lang={txtLang(l.goods.treName, lang)}>{l.goods.treName.txt}</a>
                    <ChosenList chosen={l.variant.chosen} />
                    <span className="price" dir="ltr">{price(l.unitPrice)}</span>
                    {l.available ? null : <span className="stock off">{t("NotAvailable")}</span>}
                    {problems.filter((p) => p.lineId === l.id).map((p, i) => <span key={i} className="check-problem" role="alert" data-testid="check-problem">{p.message}</span>)}
                  </div>
                  <div className="stepper">
                    <button type="button" className="icon-btn" disabled={busy || l.quantity <= l.goods.priceData.minQty}
                      onClick={() => act("shoppingDecr", { id: l.id })} aria-label="−" data-testid="qty-minus">−</button>
                    <QtyInput value={l.quantity} min={l.goods.priceData.minQty} busy={busy} onSet={(q) => act("shoppingModifyQuantity", { id: l.id, quantity: q })} />
                    <button type="button" className="icon-btn" disabled={busy} onClick={() => act("shoppingIncr", { id: l.id })} aria-label="+" data-testid="qty-plus">+</button>
                  </div>
                  <button type="button" className="linklike" disabled={busy} onClick={() => act("shoppingSetCartRemove", { ids: [l.id] })} data-testid="remove">{t("Delete")}</button>
                </div>
              ))}
            </section>
          ))}
          <p className="cart-total" data-testid="cart-total">{t("CartTotal")} <strong dir="ltr">{currency ? price({ currency, amount: Math.round(total * 100) / 100 }) : "—"}</strong></p>
          <button type="button" className="btn primary wide cart-checkout" disabled={busy || selected.length === 0} onClick={() => void checkout()} data-testid="checkout">{t("Checkout")}</button>
        </div>
      )}
    </AuthFrame>
  );
}
