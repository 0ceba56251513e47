import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useShop, useT, useData } from "../../stores/context";
import { withLang } from "../../lib/paths";

export function NotFoundPage() {
  const t = useT();
  const lang = useData().lang;
  return (
    <Layout>
      <Seo title={t("MetaNotFoundTitle")} description={t("NotFoundText")} noindex />
      <div className="empty-state" data-testid="not-found">
        <p className="big-code" aria-hidden="true">404</p>
        <h1>{t("NotFoundTitle")}</h1>
        <p>{t("NotFoundText")}</p>
        <a className="btn primary" href={withLang(lang, "/")}>{t("GoHome")}</a>
      </div>
    </Layout>
  );
}

export function ErrorPage() {
  const t = useT();
  const lang = useData().lang;
  return (
    <Layout>
      <Seo title={t("ErrorTitle") + " | Souk"} description={t("ErrorText")} noindex />
      <div className="empty-state" data-testid="error-page">
        <h1>{t("ErrorTitle")}</h1>
        <p>{t("ErrorText")}</p>
        <a className="btn primary" href={withLang(lang, "/")}>{t("GoHome")}</a>
      </div>
    </Layout>
  );
}
