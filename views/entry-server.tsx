import { renderToString } from "react-dom/server.browser";
import { App } from "./App";
import { pages } from "./pages/all";
import { fillPage } from "./lib/pagecards";
import type { PageProps, SharedData, SoukData } from "./lib/types";
import { bootScript } from "./lib/boot";
import * as jsxRuntime from "react/jsx-runtime";
import { plainJSX, setHostHTML } from "./ssr/hostHTML";
import { serverCards } from "./ssr/pure";
import { cardHTML } from "./ssr/cards";
import { writeGoodsParts } from "./ssr/goods";
import { writeTopBar } from "./ssr/topbar";

// The bundler reads jsx and jsxs off react/jsx-runtime's exports at each
// call: the server's plain elements become markup (ssr/hostHTML).
plainJSX((jsxRuntime as unknown as { default: Parameters<typeof plainJSX>[0] }).default);
// Goods cards, thirty on a home page, are written as strings (ssr/cards).
serverCards.write = cardHTML;
// The product page's gallery, reviews and stars too (ssr/goods).
writeGoodsParts();
// And every page's top bar (ssr/topbar).
writeTopBar();

// Each language's shared data, parsed once per runtime (server/ssr keeps
// the count bounded and calls SoukForgetShared past it).
const shared = new Map<string, SharedData>();

type Globals = {
  SoukRender(json: string, key: string, sharedJSON: string | null): string;
  SoukForgetShared(): void;
  SoukPlainMarkup(on: boolean): void;
  SoukInlineScripts: string[];
};

// withoutPreload is the page's data as the document embeds it: the chunks
// to preload are the document's own modulepreload links, read back by the
// client (entry-client), not written twice (~350 bytes a page).
// (indexOf, not a regular expression: goja's regexp took 0.3 ms a page.)
function withoutPreload(json: string): string {
  const key = '"preload":[';
  const at = json.indexOf(key);
  const end = at < 0 ? -1 : json.indexOf("]", at + key.length);
  return end < 0 ? json : json.slice(0, at + key.length) + json.slice(end);
}

// SoukRender is called by Go (server/ssr) with the page's own props as JSON,
// already escaped for a <script> by the Go side, and its language's shared
// data (null when this runtime parsed that key before). It returns the
// document without its doctype.
(globalThis as unknown as Globals).SoukRender = (json, key, sharedJSON) => {
  let site = shared.get(key);
  if (!site) {
    site = (sharedJSON ? JSON.parse(sharedJSON) : {}) as SharedData;
    if (key) shared.set(key, site);
  }
  const data = fillPage({ ...site, ...(JSON.parse(json) as PageProps) });
  const Page = pages[data.page] ?? pages.notfound;
  return renderToString(<App data={data} dataJSON={withoutPreload(json)} Page={Page} />);
};

(globalThis as unknown as Globals).SoukForgetShared = () => shared.clear();

// SoukPlainMarkup turns the fast path for plain subtrees off and on, so a
// test can check that it writes what React writes (ssr/hostHTML).
(globalThis as unknown as Globals).SoukPlainMarkup = setHostHTML;

// SoukInlineScripts are the inline scripts a document carries, which the
// server's CSP allows by their hashes (server/ssr): no other inline script runs.
(globalThis as unknown as Globals).SoukInlineScripts = [bootScript()];
