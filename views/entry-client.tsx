import { hydrateRoot } from "react-dom/client";
import { App } from "./App";
import type { SoukData } from "./lib/types";

const el = document.getElementById("__SOUK__");
if (el) {
  const json = el.textContent ?? "";
  const data = JSON.parse(json) as SoukData;
  hydrateRoot(document, <App data={data} dataJSON={json} />, {
    onRecoverableError(err) {
      // A hydration mismatch is a bug: make it loud for the browser tests.
      console.error("hydration error", err);
    },
  });
}
