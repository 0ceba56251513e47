import { useEffect, useRef, useState, type CSSProperties } from "react";
import { priceText } from "./PriceTag";
import { useShopStore, useT, usePrice, useData } from "../stores/context";
import { addToCart } from "../lib/cart";
import { useOneAtATime } from "../lib/throttle";
import { goodsPath, loginPath } from "../lib/paths";
import { requireLogin } from "../lib/auth";
import { txtLang } from "../lib/i18n";
import type { Card } from "../lib/types";
import { picture, SIZES, CARD_MAX } from "./Picture";
import { ChoiceDialog } from "./TextDialog";
import { useApi } from "../api/useApi";
import { useMine } from "../lib/mine";
import { ChatButton } from "./ChatButton";

// GoodsCard: image, title, price or range, '≥N' minimum quantity, stock
// state, add-to-cart (hidden for the owner) and the card menu: Edit and
// Delete for the owner (a card with sid, SPEC §6), other languages for all.
export function GoodsCard({ card, hiddenMenu, eager, lcp, onDeleted }: {
  card: Card; hiddenMenu?: boolean; eager?: boolean; lcp?: boolean; onDeleted?: (treId: string) => void;
}) {
  const t = useT();
  const price = usePrice();
  const { lang, langs } = useData();
  // sid is present only on the viewer's own goods: in "my goods" cards, or
  // learnt after hydration (cached pages are the same for everyone).
  const mine = useMine(card.sid ? "" : card.treId);
  const sid = card.sid ?? mine?.sid;
  const isOwner = !!sid;
  const saleable = mine?.saleable ?? card.saleable;
  const [gone, setGone] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null); // the button of the open menu
  const href = goodsPath(lang, card.treId, card.uri);
  const onSale = saleable === 1 && card.stock > 0;
  const set = card.treImage;
  const store = useShopStore(); // its actions, read when used
  const showToast = (msg: string) => store.getState().showToast(msg);
  const { region, currency } = useData();
  const once = useOneAtATime(200); // the product page's throttle; one requestId per intent
  const api = useApi();
  const [confirm, setConfirm] = useState(false);
  const remove = () => {
    setConfirm(false);
    api("tre/deleteTre", { treId: card.treId, sid })
      .then(() => { showToast(t("GoodsDeleted")); if (onDeleted) onDeleted(card.treId); else setGone(true); }, () => undefined); // the failure's toast is the client's
  };
  // SPEC §2: the owner's own card opens only while it is on sale.
  const closed = isOwner && saleable !== 1;
  const review = card.sid ? undefined : mine?.reviewStatus.tNa; // "my goods" shows it beside the card
  if (gone) return null;
  const add = () => {
    // Goods with attributes or scenario options are chosen on their page (SPEC §4).
    if (card.needsPick) return void (location.href = href);
    if (!requireLogin(lang)) return;
    once(() => addToCart({ lang, region, currency, t }, card.treId, "", [])
      .then((r) => { store.getState().setCartQty(r.shoppingQuantity); showToast(t("AddedToCart")); }));
  };
  // Few elements and attributes: a home page renders dozens of cards in
  // goja, where each one costs time (the icons are the buttons' ::before);
  // on the server the card's inside is written as markup (ssr/hostHTML).
  return (
    <article className={"card" + (onSale ? "" : " card-off")}>
      <a className="card-link" href={href} aria-disabled={closed || undefined}
        onClick={closed ? (e) => { e.preventDefault(); showToast(t("OwnGoodsOffSale")); } : undefined}>
        {set ? picture({ src: set.smallThumbnail.url, set, sizes: SIZES.card, max: CARD_MAX, width: set.smallThumbnail.width, height: set.smallThumbnail.height, eager, lcp }) : <span className="card-noimg" />}
        {card.spe === 1 ? <span className="tag">{t("MadeToOrder")}</span> : null}
        <h3 className="card-title" lang={txtLang(card.treName, lang)}>{card.treName.txt}</h3>
      </a>
      <div className="card-foot">
        {priceText(card.priceData, price)}
        {card.priceData.minQty > 1 ? <span className="moq" title={t("MinQty", { n: card.priceData.minQty })}>{t("MinQtyBadge", { n: card.priceData.minQty })}</span> : null}
        <span className={onSale ? "stock on" : "stock off"}>{onSale ? t("OnSale") : isOwner && saleable !== 1 ? t("OffSale") : t("NotAvailable")}</span>
        {review ? <span className="moq" data-testid="card-review">{review}</span> : null}
        {!isOwner && onSale ? <button type="button" className="icon-btn ic icon-cart add" onClick={add} aria-labelledby="l-add" /> : null}
        {hiddenMenu ? null : (
          <button type="button" className="icon-btn ic icon-more more" aria-haspopup="menu" aria-expanded={!!menu} aria-labelledby="l-more"
            onClick={(e) => setMenu(menu ? null : e.currentTarget)} />
        )}
        {menu ? (
          <CardMenu anchor={menu} onClose={() => setMenu(null)}>
            {isOwner ? <a role="menuitem" href={"/" + lang + "/createTre/" + card.treId} data-testid="card-edit">{t("Edit")}</a> : null}
            {isOwner ? <a role="menuitem" href={"/" + lang + "/createTre/" + card.treId + "#translate"} data-testid="card-translate">{t("Translate")}</a> : null}
            {isOwner ? <button type="button" role="menuitem" className="menu-item" data-testid="card-delete"
              onClick={() => { setMenu(null); setConfirm(true); }}>{t("Delete")}</button> : null}
            {isOwner ? null : <ChatButton args={{ kind: "goods", treId: card.treId }} label="ChatWithSeller" className="menu-item" role="menuitem" testid="card-chat" onDone={() => setMenu(null)} />}
            <div role="group" aria-label={t("OtherLans")}>
              <span className="menu-head" aria-hidden="true">{t("OtherLans")}</span>
              {langs.filter((l) => l.code !== lang && card.lans.includes(l.code)).map((l) => (
                <a role="menuitem" key={l.code} lang={l.code} href={goodsPath(l.code, card.treId, card.uri)}>{l.name}</a>
              ))}
            </div>
          </CardMenu>
        ) : null}
        {confirm ? (
          <ChoiceDialog title={t("DeleteGoodsTitle")} text={t("DeleteGoodsText", { name: card.treName.txt })} onClose={() => setConfirm(false)}>
            <button type="button" className="btn" onClick={() => setConfirm(false)} data-autofocus>{t("Cancel")}</button>
            <button type="button" className="btn danger" onClick={remove} data-testid="delete-confirm">{t("Delete")}</button>
          </ChoiceDialog>
        ) : null}
      </div>
    </article>
  );
}

const MENU_MAX = 256; // px: the menu's max-height (16rem)

// menuPlace puts the menu beside its button in the viewport (position:
// fixed), so no scrolling row clips it: below the button when there is room,
// else above, aligned to the button's inline end.
function menuPlace(btn: HTMLElement): CSSProperties {
  const r = btn.getBoundingClientRect();
  const rtl = getComputedStyle(btn).direction === "rtl";
  const end = rtl ? r.left : window.innerWidth - r.right;
  const below = window.innerHeight - r.bottom >= MENU_MAX + 8 || r.top < window.innerHeight - r.bottom;
  return below ? { top: r.bottom + 4, insetInlineEnd: Math.max(4, end) } : { bottom: window.innerHeight - r.top + 4, insetInlineEnd: Math.max(4, end) };
}

// CardMenu is the open menu. It follows its button when the page or a row
// scrolls; Escape or a press outside closes it.
function CardMenu({ anchor, onClose, children }: { anchor: HTMLElement; onClose(): void; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>(() => menuPlace(anchor));
  // Once, on opening: the focus goes to the first item (the arrows take it on).
  useEffect(() => box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus({ preventScroll: true }), []);
  useEffect(() => {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = anchor.getBoundingClientRect();
        if (r.bottom < 0 || r.top > window.innerHeight) onClose(); // its card scrolled away
        else setStyle(menuPlace(anchor));
      });
    };
    // A press on the button is its own: its click toggles the menu.
    const outside = (e: Event) => { if (!box.current?.contains(e.target as Node) && !anchor.contains(e.target as Node)) onClose(); };
    const key = (e: KeyboardEvent) => menuKey(e, box.current, anchor, onClose);
    const scroll = (e: Event) => { if (!box.current?.contains(e.target as Node)) follow(); };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", key);
    window.addEventListener("scroll", scroll, true);
    window.addEventListener("resize", follow);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", key);
      window.removeEventListener("scroll", scroll, true);
      window.removeEventListener("resize", follow);
    };
  }, [anchor, onClose]);
  return <div ref={box} className="menu-pop" role="menu" style={style} data-testid="card-menu-pop">{children}</div>;
}

// menuKey gives the open menu the keys of a menu button (WAI-ARIA APG):
// the arrows, Home and End move between items, Escape closes it and goes
// back to the button, Tab closes it and moves on from the button.
function menuKey(e: KeyboardEvent, box: HTMLElement | null, anchor: HTMLElement, onClose: () => void) {
  if (e.key === "Escape" || e.key === "Tab") {
    onClose();
    if (e.key === "Escape" || box?.contains(document.activeElement)) anchor.focus();
    return;
  }
  const items = Array.from(box?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
  if (to === undefined || !items.length || at < 0) return;
  e.preventDefault();
  items[(to + items.length) % items.length].focus();
}

// CardGrid: eagerFirst cards load at once; with lcp the first is the page's
// largest picture.
export function CardGrid({ cards, eagerFirst = 0, lcp }: { cards: Card[]; eagerFirst?: number; lcp?: boolean }) {
  return (
    <div className="grid">
      {cards.map((c, i) => <GoodsCard key={c.treId} card={c} eager={i < eagerFirst} lcp={lcp && i === 0} />)}
    </div>
  );
}
