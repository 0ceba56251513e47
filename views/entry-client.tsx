import { hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { fillPage } from "./lib/pagecards";
import type { ComponentType } from "react";
import type { PageProps, SharedData, SoukData } from "./lib/types";

declare global {
  interface Window { __SOUK_SITE__?: SharedData }
}

// sharedData waits for the language's shared script. The document loads it
// with `defer`, which runs before DOMContentLoaded; if it failed (a flaky
// network), it is asked for once more.
function sharedData(url: string): Promise<SharedData> {
  if (window.__SOUK_SITE__) return Promise.resolve(window.__SOUK_SITE__);
  return new Promise((ok, fail) => {
    const s = document.createElement("script");
    s.src = url;
    s.onload = () => (window.__SOUK_SITE__ ? ok(window.__SOUK_SITE__) : fail(new Error("no shared data in " + url)));
    s.onerror = () => fail(new Error("cannot load " + url));
    document.head.appendChild(s);
  });
}

// start loads the page's own chunk (the document preloads it) and the
// language's shared data, then hydrates the server-rendered document with
// the data the server embedded in #__SOUK__.
async function start() {
  const el = document.getElementById("__SOUK__");
  if (!el) return;
  const json = el.textContent ?? "";
  const props = JSON.parse(json) as PageProps;
  // The chunks the document preloads are its modulepreload links (the
  // embedded data leaves them out: entry-server's withoutPreload).
  props.assets.preload = [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")]
    .map((l) => l.getAttribute("href") ?? "").filter((h) => h && h !== props.assets.js);
  // The page's own module and component are named by the server (from
  // views/pages/lazy.ts): this script carries no table of every page's chunk.
  const [site, mod] = await Promise.all([sharedData(props.shared), import(props.assets.page) as Promise<Record<string, ComponentType>>]);
  const Page = mod[props.assets.export];
  const data = fillPage({ ...site, ...props });
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
