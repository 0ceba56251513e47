import type { MouseEvent, ReactNode } from "react";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import type { Correction } from "../../lib/types";
import { echoQuery } from "./searchTitle";

// exactHref is the results page of exactly what was typed: exact=1 turns
// the automatic correction off (server/web/search.go).
export function exactHref(lang: string, q: string): string {
  return withLang(lang, "/search") + "?q=" + encodeURIComponent(q) + "&exact=1";
}

// fill puts el where the translation has the placeholder {name}, so each
// language orders the sentence its own way; every catalogue keeps the
// placeholders of English (locales/catalog_test.go).
function fill(text: string, name: string, el: ReactNode): ReactNode {
  const [before, after = ""] = text.split("{" + name + "}");
  return <>{before}{el}{after}</>;
}

// Corrected says the results shown are of the query spelt right, because
// the query as typed found nothing, and links to the query as typed
// (onSearch, when given, runs it in a new tab instead). Each sentence takes
// its direction from its own words, not the queries in it (they have dir
// of their own): a sentence not translated yet reads left to right on a
// right-to-left page.
export function Corrected({ c, onSearch }: { c: Correction; onSearch?(q: string): void }) {
  const t = useT();
  const { lang } = useData();
  const run = (e: MouseEvent) => {
    if (!onSearch) return;
    e.preventDefault();
    onSearch(c.from);
  };
  return (
    <div className="corrected" data-testid="corrected">
      <p dir="auto">{fill(t("ShowingResultsFor"), "corrected", <strong dir="auto" data-testid="corrected-to">{echoQuery(c.to)}</strong>)}</p>
      <p dir="auto">{fill(t("SearchInsteadFor"), "typed", <a href={exactHref(lang, c.from)} onClick={run} dir="auto"
        data-testid="search-instead">{echoQuery(c.from)}</a>)}</p>
    </div>
  );
}
