import { Icon } from "./Icon";
import { Badge } from "./Badge";
import { useShop, useT, useData } from "../stores/context";
import { withLang, loginPath } from "../lib/paths";
import { requireLogin } from "../lib/auth";
import { picture } from "./Picture";

// TopBar: back, logo, menu, download app, chat and cart with badges (max
// 999), region and language pickers, orders.
export function TopBar() {
  const t = useT();
  const { lang, region, currency, path, query } = useData();
  const [cartQty, chatUnread, open] = [useShop((s) => s.cartQty), useShop((s) => s.chatUnread), useShop((s) => s.openDialog)];
  const home = withLang(lang, "/");
  // Back goes one step back only when we came from our own site (SPEC §2).
  const back = (e: React.MouseEvent) => {
    if (document.referrer && new URL(document.referrer).origin === location.origin && history.length > 1) {
      e.preventDefault();
      history.back();
    }
  };
  // Login-only pages: without a token go to /login with the way back.
  const guarded = (target: string) => (e: React.MouseEvent) => {
    if (!requireLogin(lang, withLang(lang, target))) e.preventDefault();
  };
  const user = useShop((s) => s.user);
  const cartPulse = useShop((s) => s.cartPulse);
  const signedIn = useShop((s) => s.signedIn);
  const here = withLang(lang, path) + query;
  return (
    <header className="topbar">
      {/* First in the page, so it is the first Tab stop. */}
      <a className="skip" href={here + "#main"}>{t("SkipToContent")}</a>
      <div className="topbar-row">
        {path !== "/" ? (
          <a className="icon-btn" href={home} onClick={back} aria-label={t("Back")} data-testid="back"><Icon name="back" /></a>
        ) : null}
        <button type="button" className="icon-btn" onClick={() => open("menu")} aria-label={t("Menu")} data-testid="menu-btn">
          <Icon name="menu" />
        </button>
        <a className={"logo" + (path !== "/" ? " logo-beside-back" : "")} href={home} aria-label={t("Home") + " — Souk"}>
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0f5c4d" /><path d="M9 12h14l-1.5 12h-11zM12.5 12a3.5 3.5 0 0 1 7 0" stroke="#f3c64b" strokeWidth="2.2" fill="none" strokeLinecap="round" /></svg>
          <span>Souk</span>
        </a>
        <span className="spacer" />
        <nav className="topbar-actions" aria-label={t("Menu")}>
          <a className="icon-btn hide-narrow" href={withLang(lang, "/downloadapp")} aria-label={t("DownloadApp")} title={t("DownloadApp")}><Icon name="download" /></a>
          <button type="button" className="pill" onClick={() => open("region")} data-testid="region-btn">
            <Icon name="pin" size={18} /><span className="sr-only">{t("Region") + ": "}</span><span>{region} · {currency}</span>
          </button>
          <button type="button" className="pill" onClick={() => open("language")} data-testid="lang-btn">
            <Icon name="globe" size={18} /><span className="sr-only">{t("Language") + ": "}</span><span>{lang.toUpperCase()}</span>
          </button>
          <a className="icon-btn badged hide-narrow" href={withLang(lang, "/myorders")} onClick={guarded("/myorders")} aria-label={t("Orders")} title={t("Orders")}><Icon name="orders" /></a>
          {/* A visitor's chat link only leads to sign-in, which the login pill offers: phones keep the room. */}
          <a className={"icon-btn badged" + (signedIn ? "" : " hide-narrow")} href={withLang(lang, "/bigchat")} onClick={guarded("/bigchat")} title={t("Chat")} data-testid="chat-link">
            <Icon name="chat" /><span className="sr-only">{t("Chat")}</span><Badge count={chatUnread} max={999} />
          </a>
          <a className="icon-btn badged" href={withLang(lang, "/cart")} onClick={guarded("/cart")} title={t("Cart")} data-testid="cart-link">
            <Icon name="cart" /><span className="sr-only">{t("Cart")}</span><Badge count={cartQty} max={999} pulse={cartPulse} />
          </a>
          {signedIn ? (
            <a className="icon-btn me" href={withLang(lang, "/mysafes")} aria-label={t("MyAccount") + ": " + user.userName} title={user.userName} data-testid="me">
              {user.avatarUrl ? picture({ src: user.avatarUrl, width: 28, height: 28, eager: true }) : <span className="avatar tiny">{user.userName.slice(0, 1)}</span>}
            </a>
          ) : (
            <a className="pill login-pill" href={loginPath(lang, here)} data-testid="login-link">{t("Login")}</a>
          )}
        </nav>
      </div>
    </header>
  );
}
