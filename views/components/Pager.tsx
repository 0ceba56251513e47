import { useT } from "../stores/context";

// Pager links a page of goods to the ones before and after it (?page=n;
// page 1 is the base URL itself). Nothing when there is one page.
export function Pager({ base, page, total, pageSize }: { base: string; page: number; total: number; pageSize: number }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages < 2) return null;
  return (
    <nav className="pager" aria-label={t("PageN", { n: page })}>
      {page > 1 ? <a rel="prev" className="btn" href={base + (page > 2 ? "?page=" + (page - 1) : "")}>{t("PrevPage")}</a> : <span />}
      <span>{t("PageN", { n: page })} / {pages}</span>
      {page < pages ? <a rel="next" className="btn" href={base + "?page=" + (page + 1)}>{t("NextPage")}</a> : <span />}
    </nav>
  );
}
