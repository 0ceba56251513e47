import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useData, useT } from "../../stores/context";

// TextPage is aboutsouk and contact: a text an admin edits in the back
// office (operations/EditForm/about), in the page's language or, until it
// is translated, in English, marked as such. The text is rich text the
// server cleaned to a small allow-list (app/form/rich.go) when it was saved.
export function TextPage() {
  const t = useT();
  const { lang, data } = useData();
  const c = data.content!;
  const other = c.lan !== lang;
  return (
    <Layout>
      <Seo title={c.title + " | Souk"} description={c.title} />
      <article className="text-page" data-testid="text-page" data-name={data.param}>
        {other ? <p className="muted small" data-testid="text-fallback">{t("TextNotTranslated")}</p> : null}
        <div lang={other ? c.lan : undefined}>
          <h1 data-testid="text-title">{c.title}</h1>
          <div className="prose rich" data-testid="text-body" dangerouslySetInnerHTML={{ __html: c.text }} />
        </div>
      </article>
    </Layout>
  );
}
