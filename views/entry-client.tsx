import { hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { pageLoaders } from "./pages/lazy";
import type { SoukData } from "./lib/types";

// start loads the page's own chunk (the document preloads it), then
// hydrates the server-rendered document with the data the server embedded
// in #__SOUK__.
async function start() {
  const el = document.getElementById("__SOUK__");
  if (!el) return;
  const json = el.textContent ?? "";
  const data = JSON.parse(json) as SoukData;
  const Page = await (pageLoaders[data.page] ?? pageLoaders.notfound)();
  hydrateRoot(document, <App data={data} dataJSON={json} Page={Page} />, {
    onRecoverableError(err) {
      // A hydration mismatch is a bug: make it loud for the browser tests.
      console.error("hydration error", err);
    },
  });
}

// React hoists our async module script into <head>: from the HTTP cache it
// can run before the parser has reached the body (and #__SOUK__), so wait
// for the whole document before hydrating it.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => void start(), { once: true });
} else {
  void start();
}
