import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { Crumbs, pageCrumbs } from "../../components/Crumbs";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { SizeChart } from "../goods/SizeChart";
import { faqPath } from "./dresses";
import { FaqLinks } from "./FaqLinks";

// FaqPage is one question of the dresses FAQ (/dresses/faq/{faqId}), an
// admin's text (operations/EditForm/dressesfaq) in the page's language or,
// until translated, in English. The size chart of the dress pages goes with
// every answer: sizing and measuring answers point to it. Its FAQPage data
// names this page's question; the others have pages of their own.
export function FaqPage() {
  const t = useT();
  const d = useData();
  const f = d.data.faq!;
  const id = Number(d.data.param);
  const e = f.entries[id - 1];
  const other = f.lan !== d.lang;
  const ld = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: f.lan,
    mainEntity: [{ "@type": "Question", name: e.q, acceptedAnswer: { "@type": "Answer", text: e.a } }],
  };
  const crumbs = pageCrumbs(d.baseUrl, d.lang, [{ name: { txt: t("DressesTitle") }, href: withLang(d.lang, "/dresses") },
    { name: { txt: e.q, lan: f.lan }, href: faqPath(d.lang, id) }]);
  return (
    <Layout>
      <Seo title={e.q + " | " + t("FaqTitle")} description={e.q} jsonLd={[ld, crumbs.ld]} />
      <article className="text-page" data-testid="faq-page" data-faq={id}>
        <Crumbs items={crumbs.shown} />
        {other ? <p className="muted small">{t("TextNotTranslated")}</p> : null}
        <div lang={other ? f.lan : undefined} dir={other ? "auto" : undefined}>
          <h1 data-testid="faq-question">{e.q}</h1>
          <div className="prose rich" data-testid="faq-answer" dangerouslySetInnerHTML={{ __html: e.a }} />
        </div>
        <SizeChart rows={d.data.sizeChart ?? []} />
        <h2>{t("FaqMore")}</h2>
        <FaqLinks questions={f.entries.map((x) => x.q)} lan={f.lan} current={id} href={(i) => faqPath(d.lang, i)} />
      </article>
    </Layout>
  );
}
