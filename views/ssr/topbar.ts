import type { SoukData } from "../lib/types";
import { at, esc, hostHTMLOn, texts } from "./hostHTML";
import { loginPath, withLang } from "../lib/paths";
import { serverParts } from "./parts";

// The top bar's inside as one string, as React writes TopBar's header with
// a server's state (signed out, no cart or chat count: what a visitor
// learns is the browser's). Every page renders it, in goja at ~10% of a
// product page through JSX and the markup writer. server/plainmarkup_test.go
// renders pages with this and with React's TopBar and compares them.

function topBarInner(t: (key: string) => string, d: SoukData): string | null {
  if (!hostHTMLOn()) return null;
  const { lang, region, currency, path, query } = d;
  const home = withLang(lang, "/");
  const here = withLang(lang, path) + query;
  const inner = path !== "/";
  return '<a class="skip"' + at("href", here + "#main") + ">" + esc(t("SkipToContent")) + '</a><div class="topbar-row">' +
    (inner ? '<a class="icon-btn ic icon-back"' + at("href", home) + at("aria-label", t("Back")) + ' data-testid="back"></a>' : "") +
    '<button type="button" class="icon-btn ic icon-menu"' + at("aria-label", t("Menu")) + ' data-testid="menu-btn"></button>' +
    '<a class="logo' + (inner ? " logo-beside-back" : "") + '"' + at("href", home) + at("aria-label", t("Home") + " — Souk") + "><span>Souk</span></a>" +
    '<span class="spacer"></span><nav class="topbar-actions"' + at("aria-label", t("Menu")) + ">" +
    '<a class="icon-btn ic icon-download hide-narrow not-in-app"' + at("href", withLang(lang, "/downloadapp")) + at("aria-label", t("DownloadApp")) +
    at("title", t("DownloadApp")) + ' data-testid="download-app"></a>' +
    '<button type="button" class="pill ic icon-pin" data-testid="region-btn"><span class="sr-only">' + esc(t("Region") + ": ") + "</span><span>" +
    texts([region, " · ", currency]) + "</span></button>" +
    '<button type="button" class="pill ic icon-globe" data-testid="lang-btn"><span class="sr-only">' + esc(t("Language") + ": ") + "</span><span>" +
    esc(lang.toUpperCase()) + "</span></button>" +
    '<a class="icon-btn ic icon-orders badged hide-narrow"' + at("href", withLang(lang, "/myorders")) + at("aria-label", t("Orders")) + at("title", t("Orders")) + "></a>" +
    '<a class="icon-btn ic icon-chat badged hide-narrow"' + at("href", withLang(lang, "/bigchat")) + at("title", t("Chat")) + ' data-testid="chat-link"><span class="sr-only">' +
    esc(t("Chat")) + "</span></a>" +
    '<a class="icon-btn ic icon-cart badged"' + at("href", withLang(lang, "/cart")) + at("title", t("Cart")) + ' data-testid="cart-link"><span class="sr-only">' +
    esc(t("Cart")) + "</span></a>" +
    '<a class="pill login-pill"' + at("href", loginPath(lang, here)) + ' data-testid="login-link">' + esc(t("Login")) + "</a></nav></div>";
}

// writeTopBar registers the writer (called by the server's entry).
export function writeTopBar() {
  serverParts.topBar = topBarInner;
}
