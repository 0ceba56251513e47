import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { useData, useT } from "../../stores/context";
import { SearchBox } from "./SearchBox";
import type { Card } from "../../lib/types";
import { searchTitle } from "./searchTitle";

// SearchPage is the server-rendered results of /{lang}/search?q=…: what
// the search box submits when there is no JavaScript to stream results into
// tabs. The server lists the first page of each group; the page is noindex
// and never cached (server/web/search.go).
export function SearchPage() {
  const t = useT();
  const s = useData().data.search ?? { q: "", consumer: [], wholesaler: [], consumerTotal: 0, wholesalerTotal: 0 };
  const title = s.q ? searchTitle(t, s.q) : t("SearchLabel");
  return (
    <Layout>
      <Seo title={title + " | Souk"} description={title} noindex />
      <div className="home">
        <SearchBox initial={s.q} />
        <h1 className="search-title" dir="auto">{title}</h1>
        {s.error ? <p className="hint error" role="alert" data-testid="search-error">{s.error}</p>
          : s.q && !s.consumer.length && !s.wholesaler.length ? <p className="muted" data-testid="no-results">{t("NoResults")}</p> : null}
        <Group title={t("ConsumerGoods")} cards={s.consumer} total={s.consumerTotal} testid="consumer" />
        <Group title={t("WholesalerGoods")} cards={s.wholesaler} total={s.wholesalerTotal} testid="wholesaler" />
      </div>
    </Layout>
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
