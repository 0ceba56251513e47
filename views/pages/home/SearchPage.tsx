import { useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { useData, useT } from "../../stores/context";
import { SearchBox } from "./SearchBox";
import type { Card } from "../../lib/types";
import { searchTitle } from "./searchTitle";
import { Suggestions } from "./Suggestions";
import { Corrected } from "./Corrected";
import { call } from "../../api/client";
import { withLang } from "../../lib/paths";

// SearchPage is the server-rendered results of /{lang}/search?q=…: what
// the search box submits when there is no JavaScript to stream results into
// tabs. The server lists the first page of each group; the page is noindex
// and never cached (server/web/search.go).
export function SearchPage() {
  const t = useT();
  const s = useData().data.search ?? { q: "", consumer: [], wholesaler: [], consumerTotal: 0, wholesalerTotal: 0 };
  const searched = s.corrected?.to ?? s.q; // what the results are of
  const title = searched ? searchTitle(t, searched) : t("SearchLabel");
  return (
    <Layout>
      <Seo title={title + " | Souk"} description={title} noindex />
      <div className="home">
        <SearchBox initial={s.q} />
        <h1 className="search-title" dir="auto">{title}</h1>
        {s.corrected ? <Corrected c={s.corrected} /> : null}
        {s.error ? <p className="hint error" role="alert" data-testid="search-error">{s.error}</p>
          : s.q && !s.consumer.length && !s.wholesaler.length ? <NothingFound q={s.q} /> : null}
        <Group title={t("ConsumerGoods")} cards={s.consumer} total={s.consumerTotal} testid="consumer" />
        <Group title={t("WholesalerGoods")} cards={s.wholesaler} total={s.wholesalerTotal} testid="wholesaler" />
      </div>
    </Layout>
  );
}

// NothingFound is the answer to a search with no results: it says so,
// offers what the server suggests, and the 'show more' and feedback
// sections the stream shows (frames 6 and 7).
function NothingFound({ q }: { q: string }) {
  const t = useT();
  const data = useData();
  const [sent, setSent] = useState(false);
  const feedback = async (useful: boolean) => {
    const ctx = { lang: data.lang, region: data.region, currency: data.currency, t };
    try {
      await call(ctx, "search/feedback", { pageId: "s" + Date.now().toString(36), txt: q, useful, shown: 0 });
      setSent(true);
    } catch { /* the toast said why */ }
  };
  return (
    <>
      <p className="muted" data-testid="no-results">{t("NoResults")}</p>
      <Suggestions s={data.data.search?.suggest} />
      <section className="show-more" data-testid="show-more">
        <p className="muted">{t("ShowMoreHelp")}</p>
        <a className="btn" href={withLang(data.lang, "/")}>{t("ShowMore")}</a>
      </section>
      <section className="feedback" data-testid="feedback">
        {sent ? <p className="ok">{t("FeedbackThanks")}</p> : (
          <>
            <span>{t("FeedbackAsk")}</span>
            <button type="button" className="btn small" onClick={() => void feedback(true)} data-testid="feedback-yes">{t("FeedbackYes")}</button>
            <button type="button" className="btn small" onClick={() => void feedback(false)} data-testid="feedback-no">{t("FeedbackNo")}</button>
          </>
        )}
      </section>
    </>
  );
}

function Group({ title, cards, total, testid }: { title: string; cards: Card[]; total: number; testid: string }) {
  if (!cards.length) return null;
  return (
    <section className="result-group" data-testid={testid}>
      <h2>{title} <small className="muted">({cards.length}{total > cards.length ? "+" : ""})</small></h2>
      <CardGrid cards={cards} eagerFirst={2} />
    </section>
  );
}
