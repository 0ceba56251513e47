import type { MouseEvent } from "react";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import type { Suggestions as Sug } from "../../lib/types";

// Suggestions say what to try when a search found nothing: the query spelt
// right (a link to its results page; onSearch, when given, runs it in a
// new tab instead) and the category of what was asked for.
export function Suggestions({ s, onSearch }: { s?: Sug; onSearch?(q: string): void }) {
  const t = useT();
  const { lang } = useData();
  if (!s || (!s.spelling && !s.category)) return null;
  const spelling = s.spelling;
  const run = (e: MouseEvent) => {
    if (!onSearch || !spelling) return;
    e.preventDefault();
    onSearch(spelling);
  };
  return (
    <div className="suggestions" data-testid="suggestions">
      {spelling ? (
        <p>{t("DidYouMean")}{" "}
          <a href={withLang(lang, "/search") + "?q=" + encodeURIComponent(spelling)} onClick={run} dir="auto"
            data-testid="suggest-spelling">{spelling}</a>
        </p>
      ) : null}
      {s.category ? (
        <p><a href={withLang(lang, "/category/" + encodeURIComponent(s.category.code))} data-testid="suggest-category">
          {t("BrowseCategory", { category: s.category.name })}</a></p>
      ) : null}
    </div>
  );
}
