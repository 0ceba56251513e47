import { GoodsCard } from "../../components/GoodsCard";
import { useData, useT } from "../../stores/context";
import { formatNumber } from "../../lib/i18n";
import type { GoodsList, SearchTab } from "../../stores/search";
import { Suggestions } from "./Suggestions";
import { Corrected } from "./Corrected";

const COLLAPSED = 8; // cards a group shows before it is expanded

function Group({ title, list, testid, onExpand, onMore }: { title: string; list: GoodsList; testid: string; onExpand(): void; onMore(): void }) {
  const t = useT();
  if (list.isEmpty) return null;
  const shown = list.lineExpand ? list.items : list.items.slice(0, COLLAPSED);
  return (
    <section className="result-group" data-testid={testid}>
      <h2>{title} <small className="muted">({list.items.length}{list.hasNextPage ? "+" : ""})</small></h2>
      <div className="grid">{shown.map((c) => <GoodsCard key={c.treId} card={c} />)}</div>
      {!list.isTransCompleted ? <div className="skeleton-row" aria-hidden="true" /> : null}
      <div className="group-actions">
        {list.items.length > COLLAPSED ? <button type="button" className="btn" onClick={onExpand}>{list.lineExpand ? t("Close") : t("SeeAll")}</button> : null}
        {list.lineExpand && list.hasNextPage ? <button type="button" className="btn" onClick={onMore} data-testid={testid + "-more"}>{t("LoadMore")}</button> : null}
      </div>
    </section>
  );
}

// Understood shows what the search read from the query, as chips.
function UnderstoodChips({ u }: { u: NonNullable<SearchTab["understood"]> }) {
  const t = useT();
  const price = useData().numfmt;
  const chips: string[] = [];
  if (u.colors?.length) chips.push((u.colorNames ?? u.colors).join(" · "));
  if (u.dominant?.length) chips.push(t("ImageColours", { colours: (u.colorNames ?? u.dominant).join(" · ") }));
  if (u.sizes?.length) chips.push(u.sizes.join(" · "));
  if (u.maxPrice) chips.push(t("PriceAtMost", { price: formatNumber(u.maxPrice, price, 0) + (u.currency ? " " + u.currency : "") }));
  if (u.minPrice) chips.push(t("PriceAtLeast", { price: formatNumber(u.minPrice, price, 0) + (u.currency ? " " + u.currency : "") }));
  if (u.wholesale) chips.push(u.quantity ? t("WholesaleQty", { n: u.quantity }) : t("WholesaleIntent"));
  if (!chips.length) return null;
  return <p className="understood" data-testid="understood">{t("Understood")} {chips.map((c) => <span key={c} className="chip-static">{c}</span>)}</p>;
}

// Results shows one tab's consumer and wholesale groups and its sections.
export function Results({ tab, onExpand, onMore, onFeedback, onShowMore, onSearch }: {
  tab: SearchTab; onExpand(w: "consumer" | "wholesaler"): void; onMore(w: "consumer" | "wholesaler"): void;
  onFeedback(useful: boolean): void; onShowMore(): void; onSearch(q: string, exact?: boolean): void;
}) {
  const t = useT();
  if (tab.result === "error") {
    return <div className="result-error" role="alert" data-testid="search-error"><p>{tab.failReason || t("ErrorOccurs")}</p></div>;
  }
  return (
    <div className="results" aria-busy={tab.result === "running"}>
      {tab.corrected ? <Corrected c={tab.corrected} onSearch={(q) => onSearch(q, true)} /> : null}
      {tab.understood ? <UnderstoodChips u={tab.understood} /> : null}
      {tab.result === "done" && tab.consumer.isEmpty && tab.wholesaler.isEmpty ? <p className="muted" data-testid="no-results">{t(tab.understood && "dominant" in tab.understood ? "ImageNoSimilar" : "NoResults")}</p> : null}
      {tab.result === "done" ? <Suggestions s={tab.suggest} onSearch={onSearch} /> : null}
      {/* A query that asks for wholesale shows wholesale offers first. */}
      {(tab.understood?.wholesale ? ["wholesaler", "consumer"] as const : ["consumer", "wholesaler"] as const).map((g) => (
        <Group key={g} title={t(g === "consumer" ? "ConsumerGoods" : "WholesalerGoods")} list={tab[g]} testid={g}
          onExpand={() => onExpand(g)} onMore={() => onMore(g)} />
      ))}
      {tab.showMoreBtnSection ? (
        <section className="show-more" data-testid="show-more">
          <p className="muted">{t("ShowMoreHelp")}</p>
          <button type="button" className="btn" onClick={onShowMore}>{t("ShowMore")}</button>
        </section>
      ) : null}
      {tab.showFeedBackBtnSection ? (
        <section className="feedback" data-testid="feedback">
          {tab.feedback === "sent" ? <p className="ok">{t("FeedbackThanks")}</p> : (
            <>
              <span>{t("FeedbackAsk")}</span>
              <button type="button" className="btn small" onClick={() => onFeedback(true)} data-testid="feedback-yes">{t("FeedbackYes")}</button>
              <button type="button" className="btn small" onClick={() => onFeedback(false)} data-testid="feedback-no">{t("FeedbackNo")}</button>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
