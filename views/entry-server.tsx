import { renderToString } from "react-dom/server.browser";
import { App } from "./App";
import { pages } from "./pages/all";
import type { SoukData } from "./lib/types";

// SoukRender is called by Go (server/ssr) with the page's props as JSON,
// already escaped for a <script> by the Go side. It returns the document
// without its doctype.
(globalThis as unknown as { SoukRender(json: string): string }).SoukRender = (json: string) => {
  const data = JSON.parse(json) as SoukData;
  const Page = pages[data.page] ?? pages.notfound;
  return renderToString(<App data={data} dataJSON={json} Page={Page} />);
};
