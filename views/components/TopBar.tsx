import { Badge } from "./Badge";
import { useShop, useT, useData } from "../stores/context";
import { withLang, loginPath } from "../lib/paths";
import { requireLogin } from "../lib/auth";
import { picture } from "./Picture";
import { useChat } from "../stores/chat";
import { serverParts } from "../ssr/parts";

// TopBar: back, logo, menu, download app, chat and cart with badges (max
// 999), region and language pickers, orders. Icons are the controls' own
// ::before (icons.css), and the logo's mark is CSS: every page renders this
// in goja, where each element costs time (the server writes its inside as
// markup, ssr/hostHTML).
export function TopBar() {
  const t = useT();
  if (__SERVER__) { // its inside as one string (ssr/topbar.ts); the browser's build drops this
    const html = serverParts.topBar?.(t, useData());
    if (html) return <header className="topbar" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const { lang, region, currency, path, query } = useData();
  const [cartQty, open] = [useShop((s) => s.cartQty), useShop((s) => s.openDialog)];
  const chatUnread = useChat((s) => s.unread.total);
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
          <a className="icon-btn ic icon-back" href={home} onClick={back} aria-label={t("Back")} data-testid="back" />
        ) : null}
        <button type="button" className="icon-btn ic icon-menu" onClick={() => open("menu")} aria-label={t("Menu")} data-testid="menu-btn" />
        <a className={"logo" + (path !== "/" ? " logo-beside-back" : "")} href={home} aria-label={t("Home") + " — Souk"}>
          <span>Souk</span>
        </a>
        <span className="spacer" />
        <nav className="topbar-actions" aria-label={t("Menu")}>
          {/* Not inside the app itself (not-in-app: hidden by CSS there, as the page is shared). */}
          <a className="icon-btn ic icon-download hide-narrow not-in-app" href={withLang(lang, "/downloadapp")} aria-label={t("DownloadApp")} title={t("DownloadApp")} data-testid="download-app" />
          <button type="button" className="pill ic icon-pin" onClick={() => open("region")} data-testid="region-btn">
            <span className="sr-only">{t("Region") + ": "}</span><span>{region} · {currency}</span>
          </button>
          <button type="button" className="pill ic icon-globe" onClick={() => open("language")} data-testid="lang-btn">
            <span className="sr-only">{t("Language") + ": "}</span><span>{lang.toUpperCase()}</span>
          </button>
          <a className="icon-btn ic icon-orders badged hide-narrow" href={withLang(lang, "/myorders")} onClick={guarded("/myorders")} aria-label={t("Orders")} title={t("Orders")} />
          {/* A visitor's chat link only leads to sign-in, which the login pill offers: phones keep the room. */}
          <a className={"icon-btn ic icon-chat badged" + (signedIn ? "" : " hide-narrow")} href={withLang(lang, "/bigchat")} onClick={guarded("/bigchat")} title={t("Chat")} data-testid="chat-link">
            <span className="sr-only">{t("Chat")}</span><Badge count={chatUnread} max={999} />
          </a>
          <a className="icon-btn ic icon-cart badged" href={withLang(lang, "/cart")} onClick={guarded("/cart")} title={t("Cart")} data-testid="cart-link">
            <span className="sr-only">{t("Cart")}</span><Badge count={cartQty} max={999} pulse={cartPulse} />
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
