import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { useData, useT } from "../../stores/context";
import { DeliveryDates } from "../goods/Delivery";
import { catPath, categoryKeys, faqPath } from "./dresses";
import { FaqLinks } from "./FaqLinks";

// DressesPage is the storefront of made-to-measure dresses (/dresses): the
// occasions to shop by, the most ordered dresses, the size promise with the
// delivery dates of SPEC §9 for an order placed today, and the FAQ.
export function DressesPage() {
  const t = useT();
  const { lang, data } = useData();
  const dd = data.dresses!;
  const cards = data.cards?.cards ?? [];
  const cats = dd.categories!;
  const all = cats[0];
  return (
    <Layout>
      <Seo title={t("DressesTitle") + " | Souk"} description={t("DressesMeta")} />
      <section className="dress-hero" data-testid="dresses-hero">
        <h1>{t("DressesTitle")}</h1>
        <p>{t("DressesLead")}</p>
        <a className="btn" href={catPath(lang, all.uid, all.suri)} data-testid="dresses-all">{t("DressesShopAll")}</a>
      </section>
      <section className="row" aria-labelledby="dress-cats">
        <h2 id="dress-cats">{t("DressesCategories")}</h2>
        <ul className="dress-cats" data-testid="dress-cats">
          {cats.slice(1).map((c) => (
            <li key={c.uid}><a href={catPath(lang, c.uid, c.suri)} data-cat={c.uid}>{t(categoryKeys[c.uid] ?? c.key)}</a></li>
          ))}
        </ul>
      </section>
      {cards.length ? (
        <section className="row" aria-labelledby="dress-top">
          <h2 id="dress-top">{t("DressesFeatured")}</h2>
          <CardGrid cards={cards} eagerFirst={2} lcp />
        </section>
      ) : null}
      <section className="row dress-promise" aria-labelledby="dress-promise" data-testid="dress-promise">
        <h2 id="dress-promise">{t("DressesPromise")}</h2>
        <p>{t("DressesPromiseText")}</p>
        {dd.delivery ? <DeliveryDates d={dd.delivery} sizes={{ standard: true, custom: true }} compact testid="dresses-delivery" /> : null}
      </section>
      {dd.questions?.length ? (
        <section className="row" aria-labelledby="dress-faq">
          <h2 id="dress-faq">{t("DressesFAQ")}</h2>
          <FaqLinks questions={dd.questions} lan={dd.qlan} href={(i) => faqPath(lang, i)} />
        </section>
      ) : null}
    </Layout>
  );
}
