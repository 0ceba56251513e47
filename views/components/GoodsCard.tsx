import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from "react";
import { priceText } from "./PriceTag";
import { useShopStore, useT, usePrice, useData } from "../stores/context";
import { addToCart } from "../lib/cart";
import { useOneAtATime } from "../lib/throttle";
import { goodsPath, loginPath } from "../lib/paths";
import { requireLogin } from "../lib/auth";
import { txtLang } from "../lib/i18n";
import type { Card } from "../lib/types";
import { picture, SIZES, CARD_MAX } from "./Picture";
import { useApi } from "../api/useApi";
import { useMine } from "../lib/mine";
import { ChatButton } from "./ChatButton";
import { serverCards } from "../ssr/pure";

// The card's menu and its delete question open on a click, never in a first
// render: their code is a chunk fetched then, not part of the page's script.
const CardMenu = lazy(() => import("./CardMenu").then((m) => ({ default: m.CardMenu })));
const ChoiceDialog = lazy(() => import("./TextDialog").then((m) => ({ default: m.ChoiceDialog })));

type CardProps = { card: Card; hiddenMenu?: boolean; eager?: boolean; lcp?: boolean; onDeleted?: (treId: string) => void };

// GoodsCard: image, title, price or range, '≥N' minimum quantity, stock
// state, add-to-cart (hidden for the owner) and the card menu: Edit and
// Delete for the owner (a card with sid, SPEC §6), other languages for all.
// The server renders each card once and never again, with no visitor (a
// cached page is the same for all): its card is the face alone, without
// the state, store and API hooks (two thirds of a card's time in goja).
// The browser's card renders the same face first, then holds the state.
export const GoodsCard = __SERVER__ ? ServerGoodsCard : BrowserGoodsCard;

function ServerGoodsCard({ card, hiddenMenu, eager, lcp }: CardProps) {
  const { lang } = useData();
  const t = useT(), price = usePrice();
  const html = serverCards.write?.(card, { t, price, lang }, { eager, lcp, hiddenMenu });
  if (html) return <article className={html.className} dangerouslySetInnerHTML={{ __html: html.inner }} />;
  const onSale = card.saleable === 1 && card.stock > 0;
  const isOwner = !!card.sid;
  return cardFace({
    card, t, price, href: goodsPath(lang, card.treId, card.uri), lang, onSale, isOwner,
    closed: isOwner && card.saleable !== 1, hiddenMenu, eager, lcp, menuOpen: false,
  });
}

function BrowserGoodsCard({ card, hiddenMenu, eager, lcp, onDeleted }: CardProps) {
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
  return cardFace({
    card, t, price, href, lang, onSale, isOwner, closed, review, hiddenMenu, eager, lcp, menuOpen: !!menu, add,
    onLinkClick: closed ? (e) => { e.preventDefault(); showToast(t("OwnGoodsOffSale")); } : undefined,
    onMenuClick: (e) => setMenu(menu ? null : e.currentTarget),
    after: (
      <>
        {menu ? (
          <Suspense fallback={null}><CardMenu anchor={menu} onClose={() => setMenu(null)}>
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
          </CardMenu></Suspense>
        ) : null}
        {confirm ? (
          <Suspense fallback={null}><ChoiceDialog title={t("DeleteGoodsTitle")} text={t("DeleteGoodsText", { name: card.treName.txt })} onClose={() => setConfirm(false)}>
            <button type="button" className="btn" onClick={() => setConfirm(false)} data-autofocus>{t("Cancel")}</button>
            <button type="button" className="btn danger" onClick={remove} data-testid="delete-confirm">{t("Delete")}</button>
          </ChoiceDialog></Suspense>
        ) : null}
      </>
    ),
  });
}

interface Face {
  card: Card; t: ReturnType<typeof useT>; price: ReturnType<typeof usePrice>; href: string; lang: string;
  onSale: boolean; isOwner: boolean; closed: boolean; review?: string; hiddenMenu?: boolean; eager?: boolean; lcp?: boolean;
  menuOpen: boolean; add?: () => void; onLinkClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
  onMenuClick?: (e: MouseEvent<HTMLButtonElement>) => void; after?: ReactNode;
}

// cardFace is the card both sides write. Few elements and attributes: a
// home page renders dozens of cards in goja, where each one costs time (the
// icons are the buttons' ::before); on the server the card's inside is
// written as markup (ssr/hostHTML).
function cardFace(f: Face) {
  const { card, t, onSale } = f;
  const set = card.treImage;
  return (
    <article className={"card" + (onSale ? "" : " card-off")}>
      <a className="card-link" href={f.href} aria-disabled={f.closed || undefined} onClick={f.onLinkClick}>
        {set ? picture({ src: set.smallThumbnail.url, set, sizes: SIZES.card, max: CARD_MAX, width: set.smallThumbnail.width, height: set.smallThumbnail.height, eager: f.eager, lcp: f.lcp }) : <span className="card-noimg" />}
        {card.spe === 1 ? <span className="tag">{t("MadeToOrder")}</span> : null}
        <h3 className="card-title" lang={txtLang(card.treName, f.lang)}>{card.treName.txt}</h3>
      </a>
      <div className="card-foot">
        {priceText(card.priceData, f.price)}
        {card.priceData.minQty > 1 ? <span className="moq" title={t("MinQty", { n: card.priceData.minQty })}>{t("MinQtyBadge", { n: card.priceData.minQty })}</span> : null}
        <span className={onSale ? "stock on" : "stock off"}>{onSale ? t("OnSale") : f.isOwner && f.closed ? t("OffSale") : t("NotAvailable")}</span>
        {f.review ? <span className="moq" data-testid="card-review">{f.review}</span> : null}
        {!f.isOwner && onSale ? <button type="button" className="icon-btn ic icon-cart add" onClick={f.add} aria-labelledby="l-add" /> : null}
        {f.hiddenMenu ? null : (
          <button type="button" className="icon-btn ic icon-more more" aria-haspopup="menu" aria-expanded={f.menuOpen} aria-labelledby="l-more"
            onClick={f.onMenuClick} />
        )}
        {f.after}
      </div>
    </article>
  );
}

// CardGrid: eagerFirst cards load at once; with lcp the first is the page's
// largest picture.
export function CardGrid({ cards, eagerFirst = 0, lcp }: { cards: Card[]; eagerFirst?: number; lcp?: boolean }) {
  return <CardList className="grid" cards={cards} eagerFirst={eagerFirst} lcp={lcp} />;
}

type ListProps = { className: string; cards: Card[]; eagerFirst?: number; lcp?: boolean };

// CardList is a div of cards (a grid, a home row's strip). The server
// writes its cards as one piece of markup, with no component a card; the
// browser hydrates its cards against it.
export const CardList = __SERVER__ ? ServerCardList : BrowserCardList;

function BrowserCardList({ className, cards, eagerFirst = 0, lcp }: ListProps) {
  return (
    <div className={className}>
      {cards.map((c, i) => <GoodsCard key={c.treId} card={c} eager={i < eagerFirst} lcp={lcp && i === 0} />)}
    </div>
  );
}

function ServerCardList(p: ListProps) {
  const { lang } = useData();
  const v = { t: useT(), price: usePrice(), lang };
  let html = "";
  for (let i = 0; i < p.cards.length && serverCards.write; i++) {
    const c = serverCards.write(p.cards[i], v, { eager: i < (p.eagerFirst ?? 0), lcp: p.lcp && i === 0 });
    if (!c) return BrowserCardList(p);
    html += '<article class="' + c.className + '">' + c.inner + "</article>";
  }
  if (!serverCards.write) return BrowserCardList(p);
  return <div className={p.className} dangerouslySetInnerHTML={{ __html: html }} />;
}
