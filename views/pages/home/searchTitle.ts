import type { useT } from "../../stores/context";

// A query is echoed in the page's heading and title at most this long (in
// characters): a search may be 500, which would fill a phone's screen.
const ECHO_MAX = 80;

// echoQuery is a query to show in a sentence, cut short when long.
export function echoQuery(q: string): string {
  const chars = [...q];
  return chars.length > ECHO_MAX ? chars.slice(0, ECHO_MAX - 1).join("") + "…" : q;
}

// searchTitle is "Search results for «q»", with a long query cut short.
export function searchTitle(t: ReturnType<typeof useT>, q: string): string {
  return t("SearchResultsTitle", { q: echoQuery(q) });
}
