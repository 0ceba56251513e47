import { useState } from "react";
import { useShop, useT, useData } from "../../stores/context";
import { Stars } from "../../components/PriceTag";
import { call } from "../../api/client";
import { relativeTime, useHydrated } from "../../lib/hydrated";
import type { Comment } from "../../lib/types";
import { pure } from "../../ssr/pure";

const PAGE = 5; // comment list page size (SPEC §5)

// Comments shows reviews five at a time; fewer than five back means no more.
// A failed load just stops the loading state (SPEC §8).
export function Comments({ treId, first }: { treId: string; first: Comment[] }) {
  const t = useT();
  const { lang, region, currency, now } = useData();
  const hydrated = useHydrated();
  const [items, setItems] = useState(first);
  const [more, setMore] = useState(first.length >= PAGE);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    if (loading) return;
    setLoading(true);
    try {
      const last = items[items.length - 1]?.sortFactor ?? 0;
      const page = await call<Comment[]>({ lang, region, currency, t }, "content/commentList",
        { lastSortFactor: last, pageSize: PAGE, parentObjId: treId, parentObType: 6, sortType: 0 });
      setItems((prev) => prev.concat(page.filter((c) => !prev.some((p) => p.objId === c.objId))));
      setMore(page.length >= PAGE);
    } catch {
      /* silently stop loading */
    } finally {
      setLoading(false);
    }
  };
  if (!items.length) return <p className="muted">{t("NoComments")}</p>;
  return (
    <div className="comments">
      <ul data-testid="comments">
        {items.map((c) => (
          <li key={c.objId} className="comment">
            <div className="comment-head">
              <span className="avatar" aria-hidden="true">{c.author.userName.slice(0, 1)}</span>
              <strong>{c.author.userName}</strong>
              <Stars rating={c.ratingValue} />
              <time dateTime={new Date(c.creTime).toISOString()}>{relativeTime(c.creTime, hydrated ? Date.now() : now, lang, hydrated)}</time>
            </div>
            <p dir="auto" lang={c.content.lan !== lang ? c.content.lan : undefined}>{c.content.txt}</p>
          </li>
        ))}
      </ul>
      {more ? (
        <button type="button" className="btn" onClick={load} disabled={loading} data-testid="more-comments">
          {loading ? t("LoadingComments") : t("LoadMoreComments")}
        </button>
      ) : null}
    </div>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(Comments);
