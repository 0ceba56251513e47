import { useEffect, type ReactNode } from "react";
import { followAppInsets } from "../lib/env";
import { bootScript, VIEWPORT } from "../lib/boot";
import { useShop, useData } from "../stores/context";

// Document renders the whole <html>: React 19 hoists the page's <title>,
// <meta> and <link> tags into <head>, and the client hydrates `document`.
export function Document({ dataJSON, children }: { dataJSON: string; children: ReactNode }) {
  const { lang, dir, assets, shared } = useData();
  useEffect(followAppInsets, []);
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        {/* Browsers may zoom (WCAG 1.4.4 outranks the spec's "no zoom"); in
            the embedded app the boot script locks it before the first paint. */}
        <meta name="viewport" content={VIEWPORT} />
        <script dangerouslySetInnerHTML={{ __html: __SERVER__ ? bootScript() : "" }} />
        <meta name="theme-color" content="#0f5c4d" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {assets.css && <link rel="stylesheet" href={assets.css} />}
        {/* The language's messages and pickers' lists: cached once for every
            page; defer runs it before DOMContentLoaded, when hydration starts. */}
        <script src={shared} defer />
        <link rel="modulepreload" href={assets.js} />
        {assets.preload.map((p) => <link key={p} rel="modulepreload" href={p} />)}
      </head>
      <body>
        {children}
        <script type="application/json" id="__SOUK__" dangerouslySetInnerHTML={{ __html: dataJSON }} />
        <script type="module" src={assets.js} async />
      </body>
    </html>
  );
}
