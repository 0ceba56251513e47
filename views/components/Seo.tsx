import { Helmet } from "react-helmet-async";
import { useShop, useData } from "../stores/context";
import { withLang } from "../lib/paths";

// blankLd stands in the browser for a page's n JSON-LD blocks, made only on
// the server (`__SERVER__ ? productLd(…) : blankLd(n)`), where crawlers read
// them. Hydration never compares a script's inner HTML (only text children)
// and the blocks never change afterwards, so the server's text stays, and
// the code that makes it (a product's offers, shipping, breadcrumbs) is not
// part of the page's script.
export function blankLd(n: number): null[] {
  return new Array<null>(n).fill(null);
}

interface SeoProps {
  title: string;
  description: string;
  image?: string;
  type?: "website" | "product" | "profile";
  noindex?: boolean | "follow"; // "follow": not indexed, its links still crawled
  jsonLd?: (object | null)[];
}

// Seo writes the head tags every page needs: title, description, canonical,
// Open Graph, and the page's JSON-LD (in the body, which search engines read
// too). The hreflang alternates for every language are written by the
// server (server/web/alternates.go): 133 links rendered by React in goja
// cost more than the rest of a product page.
export function Seo({ title, description, image, type = "website", noindex, jsonLd }: SeoProps) {
  const { baseUrl, path, lang, query, xDefault } = useData();
  // The unprefixed URL is the hreflang x-default and canonical to itself:
  // pointing it at a prefixed URL would make it a duplicate that search
  // engines drop, and the x-default link would lead to a non-canonical page.
  const canonical = baseUrl + (xDefault ? path : withLang(lang, path)) + query;
  const img = image ? (image.startsWith("http") ? image : baseUrl + image) : undefined;
  return (
    <>
      <Helmet>
        <title>{title}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content={noindex === "follow" ? "noindex, follow" : "noindex, nofollow"} /> : null}
        <link rel="canonical" href={canonical} />
        <meta property="og:type" content={type} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:site_name" content="Souk" />
        <meta property="og:locale" content={lang.replace("-", "_")} />
        {img ? <meta property="og:image" content={img} /> : null}
        <meta name="twitter:card" content={img ? "summary_large_image" : "summary"} />
      </Helmet>
      {(jsonLd ?? []).map((j, i) => (
        // Escaping "<" keeps a "</script>" inside the data from ending the tag.
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: j ? JSON.stringify(j).replace(/</g, "\\u003c") : "" }} />
      ))}
    </>
  );
}
