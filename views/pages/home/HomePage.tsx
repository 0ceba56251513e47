import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useShop, useT, useData } from "../../stores/context";
import { createSearchStore, newTab, type SearchTab } from "../../stores/search";
import { call } from "../../api/client";
import { SearchBox, type SearchQuery } from "./SearchBox";
import { Promo, RotatingLogo, Row } from "./Promos";
import { searchTitle } from "./searchTitle";

// The results and the streaming call exist only after a search, never in a
// first render: their code is fetched when the shopper searches.
const Results = lazy(() => import("./Results").then((m) => ({ default: m.Results })));

export function HomePage() {
  const t = useT();
  const data = useData();
  const home = data.data.home ?? {};
  const [store] = useState(createSearchStore);
  const { tabs, active, running } = useStore(store);
  const abort = useRef<AbortController | null>(null);
  const ctx = { lang: data.lang, region: data.region, currency: data.currency, t };
  useEffect(() => {
    // Fetch the search's code once the page is idle, so the first search does not wait for it.
    const id = setTimeout(() => void Promise.all([import("./Results"), import("../../api/stream")]).catch(() => undefined), 2500);
    return () => clearTimeout(id);
  }, []);

  const run = async (pageId: string, path: string, body: BodyInit, json: boolean) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    try {
      const { streamSearch } = await import("../../api/stream").catch(() => { throw new Error(t("NetworkConFailed")); });
      await streamSearch(ctx, path, body, json, (f) => store.getState().frame(pageId, f), ctrl.signal);
      store.getState().finish(pageId);
    } catch (e) {
      if ((e as Error).name !== "AbortError") store.getState().finish(pageId, (e as Error).message);
    }
  };
  const search = (q: SearchQuery) => {
    const pageId = "p" + Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
    store.getState().start(newTab(pageId, q.txt || t("ImageQuery"), Date.now()));
    if (q.image) {
      const fd = new FormData();
      fd.append("image", q.image);
      fd.append("contentType", q.image.type);
      fd.append("txt", q.txt);
      void run(pageId, "image/stream/search", fd, false);
    } else {
      void run(pageId, "stream/search", JSON.stringify(q.exact ? { txt: q.txt, exact: true } : { txt: q.txt }), true);
    }
  };
  const more = (which: "consumer" | "wholesaler") => {
    const tab = tabs.find((x) => x.pageId === active);
    if (!tab || running) return;
    store.getState().resume(tab.pageId, which);
    // A corrected search's later pages are of the correction.
    const txt = tab.corrected?.to ?? tab.searchTxt;
    void run(tab.pageId, "stream/search", JSON.stringify({ txt, group: which, pageInfo: tab[which].pageInfo }), true);
  };
  const sendFeedback = async (tab: SearchTab, useful: boolean) => {
    try {
      await call(ctx, "search/feedback", { pageId: tab.pageId, txt: tab.searchTxt, useful, shown: tab.consumer.items.length + tab.wholesaler.items.length });
      store.getState().feedbackSent(tab.pageId);
    } catch { /* the toast said why */ }
  };
  // clearAll resets every tab and shows the home page's rows again.
  const clearAll = () => { abort.current?.abort(); store.getState().clear(); };
  const current = tabs.find((x) => x.pageId === active);
  const count = current && current.result !== "running" ? current.consumer.items.length + current.wholesaler.items.length : null;
  return (
    <Layout>
      <Seo title={t("MetaHomeTitle")} description={t("MetaHomeDescription")} />
      <div className="home">
        <SearchBox busy={running} count={count} onSearch={search} onClear={clearAll} />
        {tabs.length > 0 ? (
          <div className="search-tabs" role="tablist" data-testid="search-tabs">
            {tabs.map((tab) => (
              <button key={tab.pageId} type="button" role="tab" aria-selected={tab.pageId === active} disabled={running}
                onClick={() => store.getState().select(tab.pageId)}>{tab.searchTxt}</button>
            ))}
          </div>
        ) : null}
        {current ? (
          <>
            {/* The promos' h1 goes with them: the results name the page instead. */}
            <h1 className="search-title" dir="auto">{searchTitle(t, current.corrected?.to ?? current.searchTxt)}</h1>
            <Suspense fallback={null}>
              <Results tab={current} onExpand={(w) => store.getState().expand(current.pageId, w)} onMore={more}
                onFeedback={(useful) => sendFeedback(current, useful)} onShowMore={clearAll} onSearch={(txt, exact) => search({ txt, exact })} />
            </Suspense>
          </>
        ) : (
          <>
            <RotatingLogo />
            <div className="promos">
              <Promo id="makeTre" block={home.makeTre} accent="promo-make" lcp />
              <Promo id="ad1" block={home.ad1} accent="promo-dress" eager />
            </div>
            <a className="hots-band" href={"/" + data.lang + "/hotspage"} data-testid="home-hots">{t("MenuHots")}</a>
            <Row id="wn3" block={home.wn3} eager={2} />
            <Row id="wn4" block={home.wn4} />
            <Row id="bt1" block={home.bt1} />
            <Row id="drT1" block={home.drT1} />
            <Row id="drT2" block={home.drT2} />
          </>
        )}
      </div>
    </Layout>
  );
}
