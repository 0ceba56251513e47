import { useState } from "react";
import { priceText } from "./PriceTag";
import { useShop, useT, usePrice, useData } from "../stores/context";
import { addToCart } from "../lib/cart";
import { goodsPath, loginPath } from "../lib/paths";
import { requireLogin } from "../lib/auth";
import { txtLang } from "../lib/i18n";
import type { Card } from "../lib/types";

// GoodsCard: image, title, price or range, '≥N' minimum quantity, stock
// state, add-to-cart (hidden for the owner) and the card menu.
export function GoodsCard({ card, hiddenMenu, eager }: { card: Card; hiddenMenu?: boolean; eager?: boolean }) {
  const t = useT();
  const price = usePrice();
  const { lang, langs } = useData();
  const isOwner = !!card.sid; // sid is present only on the viewer's own goods
  const [menu, setMenu] = useState(false);
  const href = goodsPath(lang, card.treId, card.uri);
  const onSale = card.saleable === 1 && card.stock > 0;
  const img = card.treImage?.smallThumbnail;
  const setCartQty = useShop((s) => s.setCartQty);
  const showToast = useShop((s) => s.showToast);
  const { region, currency } = useData();
  const add = () => {
    // Goods with attributes or scenario options are chosen on their page (SPEC §4).
    if (card.needsPick) return void (location.href = href);
    if (!requireLogin(lang)) return;
    addToCart({ lang, region, currency, t }, card.treId, "", [])
      .then((r) => { setCartQty(r.shoppingQuantity); showToast(t("AddedToCart")); })
      .catch(() => { /* the toast said why */ });
  };
  return (
    <article className={"card" + (onSale ? "" : " card-off")} data-testid="goods-card">
      <a className="card-link" href={href}>
        <div className="card-img">
          {img ? <img src={img.url} width={img.width} height={img.height} alt="" loading={eager ? "eager" : "lazy"} decoding="async" /> : null}
          {card.spe === 1 ? <span className="tag">{t("MadeToOrder")}</span> : null}
        </div>
        <h3 className="card-title" lang={txtLang(card.treName, lang)}>{card.treName.txt}</h3>
      </a>
      <div className="card-meta">
        {priceText(card.priceData, price)}
        {card.priceData.minQty > 1 ? <span className="moq" title={t("MinQty", { n: card.priceData.minQty })}>{t("MinQtyBadge", { n: card.priceData.minQty })}</span> : null}
      </div>
      <div className="card-foot">
        <span className={onSale ? "stock on" : "stock off"}>{onSale ? t("OnSale") : t("NotAvailable")}</span>
        {!isOwner && onSale ? (
          <button type="button" className="icon-btn add" onClick={add} aria-label={t("AddToCart")} title={t("AddToCart")}>
            {icon("cart")}
          </button>
        ) : null}
        {hiddenMenu ? null : (
          <div className="card-menu">
            <button type="button" className="icon-btn" aria-haspopup="menu" aria-expanded={menu} aria-label={t("MoreActions")} onClick={() => setMenu(!menu)}>
              {icon("more")}
            </button>
            {menu ? (
              <div className="menu-pop" role="menu">
                {isOwner ? <a role="menuitem" href={"/" + lang + "/createTre/" + card.treId}>{t("Edit")}</a> : null}
                <span className="menu-head">{t("OtherLans")}</span>
                {langs.filter((l) => l.code !== lang && card.lans.includes(l.code)).map((l) => (
                  <a role="menuitem" key={l.code} lang={l.code} href={goodsPath(l.code, card.treId, card.uri)}>{l.name}</a>
                ))}
              </div>
            ) : null}
          </div>
        )}
      </div>
    </article>
  );
}

// icon is Icon without a component boundary: cards are rendered by the
// dozen in goja, where every component costs a task.
function icon(name: string) {
  return <i className={"icon icon-" + name} style={{ width: 20, height: 20 }} aria-hidden="true" />;
}

export function CardGrid({ cards, eagerFirst = 0 }: { cards: Card[]; eagerFirst?: number }) {
  return (
    <div className="grid">
      {cards.map((c, i) => <GoodsCard key={c.treId} card={c} eager={i < eagerFirst} />)}
    </div>
  );
}
