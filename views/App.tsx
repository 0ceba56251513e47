import type { ComponentType } from "react";
import { HelmetProvider } from "react-helmet-async";
import { Document } from "./components/Document";
import { ShopProvider } from "./stores/context";
import type { SoukData } from "./lib/types";
import "./styles.css";
import "./icons.css";

// App is the whole document for one page. The server picks the page and
// loads its data; the same props hydrate it in the browser. Page is the
// page's component: the server has them all, the browser loads just this
// one's chunk before hydrating (entry-client.tsx).
export function App({ data, dataJSON, Page }: { data: SoukData; dataJSON: string; Page: ComponentType }) {
  return (
    <HelmetProvider>
      <ShopProvider data={data}>
        <Document dataJSON={dataJSON}>
          <Page />
        </Document>
      </ShopProvider>
    </HelmetProvider>
  );
}
