import { Fragment } from "react";
import { Icon } from "./Icon";
import { useData, useT } from "../stores/context";
import { txtLang } from "../lib/i18n";
import { withLang } from "../lib/paths";
import { pure } from "../ssr/pure";
import type { CategoryLink, Txt } from "../lib/types";

// A crumb is one step of a page's breadcrumbs: a link, or (no href) the
// page itself.
export interface Crumb { name: Txt; href?: string }

// Crumbs are a page's breadcrumbs, from Home down; BreadcrumbList (below)
// names the same pages.
export function Crumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  const lang = useData().lang;
  return (
    <nav className="crumbs" aria-label={t("Breadcrumbs")} data-testid="crumbs">
      <a href={withLang(lang, "/")}>{t("Home")}</a>
      {items.map((c, i) => (
        <Fragment key={i}>
          <Icon name="chevron" size={14} />
          {c.href ? <a href={c.href} lang={txtLang(c.name, lang)}>{c.name.txt}</a>
            : <span aria-current="page" lang={txtLang(c.name, lang)}>{c.name.txt}</span>}
        </Fragment>
      ))}
    </nav>
  );
}

pure(Crumbs); // the server writes it as markup (ssr/pure.ts)

// categoryCrumbs are crumbs of categories (their pages in lang).
export function categoryCrumbs(lang: string, cats: CategoryLink[]): Crumb[] {
  return cats.map((c) => ({ name: c.name, href: withLang(lang, c.path) }));
}

// pageCrumbs are the crumbs of a page whose last item is the page itself
// (every item with its href, in lang): the items Crumbs shows (the last
// without its link) and their BreadcrumbList.
export function pageCrumbs(baseUrl: string, lang: string, items: Crumb[]): { shown: Crumb[]; ld: object } {
  const ld = breadcrumbLd(baseUrl, lang, items.map((c) => ({ name: c.name.txt, url: baseUrl + c.href })));
  return { shown: [...items.slice(0, -1), { name: items[items.length - 1].name }], ld };
}

// breadcrumbLd is the BreadcrumbList of a page's breadcrumbs: Souk's home,
// then each crumb; the last item is the page itself at url.
export function breadcrumbLd(baseUrl: string, lang: string, items: { name: string; url: string }[]): object {
  const all = [{ name: "Souk", url: baseUrl + withLang(lang, "/") }, ...items];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((it, i) => ({ "@type": "ListItem", position: i + 1, name: it.name, item: it.url })),
  };
}
