import { Children, createContext, isValidElement, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Helmet as RealHelmet, HelmetProps } from "react-helmet-async";

// The browser's react-helmet-async: the client build gives this module to
// our static imports of the library (server/ssr/bundle.go), the server
// renders the real one. The first paint's head is the server's, so the
// library (~5.5 KB brotli) need not come before hydration: it is imported
// once the page is idle after hydrating, or as soon as a page's title
// changes, and from then on the real Helmet renders every Seo.

type Lib = { Real: typeof RealHelmet | null; load: () => void };

const HelmetLib = /* @__PURE__ */ createContext<Lib>({ Real: null, load: () => undefined });

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

// HelmetProvider renders its children as the real one does on React 19 (a
// fragment), and loads the library when the page is idle.
export function HelmetProvider({ children }: { children?: ReactNode }) {
  const [Real, setReal] = useState<typeof RealHelmet | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // A failed fetch (a flaky network) is tried again at the next change.
    import("../lib/helmetLib").then((m) => setReal(() => m.Helmet), () => { started.current = false; });
  }, []);
  useEffect(() => {
    const w = window as IdleWindow;
    if (w.requestIdleCallback) w.requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 200);
  }, [load]);
  const lib = useMemo(() => ({ Real, load }), [Real, load]);
  return <HelmetLib.Provider value={lib}>{children}</HelmetLib.Provider>;
}

// Helmet renders nothing until the library is there: hydration leaves the
// server's head tags as they are. React adopts a server's <title>, <meta>
// and <link> only while hydrating, so when the real Helmet then renders its
// own, the server's copies of the tags this one was hydrated with go (a
// second canonical or description would linger otherwise). A title that
// changes before the library is there is written to the document at once.
export function Helmet(props: HelmetProps & { children?: ReactNode }) {
  const { Real, load } = useContext(HelmetLib);
  const [first] = useState(props.children);
  const server = useRef<Element[]>([]);
  const title = titleOf(props.children);
  useLayoutEffect(() => {
    if (!Real) server.current = [...document.head.children]; // as hydrated: the server's
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (Real) dropServerTags(first, server.current);
  }, [Real, first]);
  useEffect(() => {
    if (!Real && title !== undefined && title !== document.title) {
      document.title = title;
      load();
    }
  }, [Real, title, load]);
  return Real ? <Real {...props} /> : null;
}

// dropServerTags removes from the document, among the server's head
// elements, one of each tag in children: a title, or the element whose
// attributes are the tag's props.
function dropServerTags(children: ReactNode, server: Element[]) {
  Children.forEach(children, (c) => {
    if (!isValidElement<Record<string, unknown>>(c) || typeof c.type !== "string") return;
    const { children: _, ...attrs } = c.props;
    const el = server.find((e) => e.isConnected && e.localName === c.type &&
      (c.type === "title" || Object.entries(attrs).every(([k, v]) => e.getAttribute(k) === String(v))));
    el?.remove();
  });
}

// titleOf is the text of the <title> among a Helmet's children.
function titleOf(children: ReactNode): string | undefined {
  let title: string | undefined;
  Children.forEach(children, (c) => {
    if (isValidElement<{ children?: ReactNode }>(c) && c.type === "title") title = Children.toArray(c.props.children).join("");
  });
  return title;
}
