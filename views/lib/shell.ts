// The shell: the modules every page's first render uses (React, the stores,
// the frame, the API client, the goods card's price and buttons). Every
// chunk reaches this file (stores/context imports it, and so does each
// lazily loaded module that does not use the context), so esbuild's
// splitting sees these modules used by every chunk alike and keeps them in
// one shared chunk instead of a dozen small ones, one per set of pages that
// happens to use each (every extra file compresses worse on its own: ~4 KB
// brotli on a first load). The server bundle gets it empty (bundle.go).
import * as jsx from "react/jsx-runtime";
import * as react from "react";
import * as reactDom from "react-dom";
import * as reactDomClient from "react-dom/client";
import * as zustand from "zustand";
import * as context from "../stores/context";
import * as chat from "../stores/chat";
import * as paths from "./paths";
import * as auth from "./auth";
import * as hydrated from "./hydrated";
import * as client from "../api/client";
import * as useApi from "../api/useApi";
import * as layout from "../components/Layout";
import * as seo from "../components/Seo";
import * as icon from "../components/Icon";
import * as documentFrame from "../components/Document";
import * as pagecards from "./pagecards";
import * as priceTag from "../components/PriceTag";
import * as chatButton from "../components/ChatButton";
import * as cart from "./cart";
import * as mine from "./mine";
import * as throttle from "./throttle";
import * as sizes from "../pages/goods/sizes";

// shellModules names them in a call esbuild cannot prove pure, so no
// module's tree shaking drops them from a chunk.
export function shellModules(...modules: unknown[]): number {
  return modules.length;
}
shellModules(jsx, react, reactDom, reactDomClient, zustand, context, chat, paths, auth, hydrated, client, useApi, layout, seo, icon, documentFrame, pagecards, priceTag, chatButton, cart, mine, throttle, sizes);
