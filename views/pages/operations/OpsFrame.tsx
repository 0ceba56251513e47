import { useEffect, type ReactNode } from "react";
import { SessionSync } from "../../components/SessionSync";
import { Seo } from "../../components/Seo";
import { useData, useShop, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { entityQueuePath, goodsQueuePath, identityQueuePath, ordersPath } from "./review";

export type OpsSection = "entity" | "identity" | "goods" | "orders" | "content";

// OpsFrame is the back office's frame (operations/*): a compact bar with the
// queues instead of the storefront's top bar, search and footer; noindex
// (the server also sends no-store and X-Robots-Tag). Content comes after
// hydration, from calls that answer "unknown call" to anyone without the
// role, so the frame itself shows nothing private.
export function OpsFrame({ title, section, loginRequired = false, children }:
  { title: string; section?: OpsSection; loginRequired?: boolean; children: ReactNode }) {
  const t = useT();
  const { lang } = useData();
  const email = useShop((s) => s.user.email);
  const staff = !!useShop((s) => s.user.staffRole); // a seller sees their orders only
  const toast = useShop((s) => s.toast);
  const showToast = useShop((s) => s.showToast);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => showToast(""), 1500);
    return () => clearTimeout(id);
  }, [toast, showToast]);
  const link = (s: OpsSection, href: string, key: string) => (
    <a href={href} aria-current={section === s ? "page" : undefined} data-testid={"ops-nav-" + s}>{t(key)}</a>
  );
  return (
    <div className="ops">
      <SessionSync loginRequired={loginRequired} />
      <Seo title={title + " | Souk"} description={title} noindex />
      <header className="ops-bar">
        <a className="skip" href="#main">{t("SkipToContent")}</a>
        <a className="ops-brand" href={withLang(lang, "/")}>{t("OpsTitle")}</a>
        <nav className="ops-nav" aria-label={t("OpsTitle")}>
          {staff ? link("entity", entityQueuePath(lang), "OpsEntities") : null}
          {staff ? link("identity", identityQueuePath(lang, "all"), "OpsIdentities") : null}
          {staff ? link("goods", goodsQueuePath(lang), "OpsGoods") : null}
          {link("orders", ordersPath(lang), "OpsOrders")}
          {staff ? link("content", withLang(lang, "/operations/EditForm/all"), "OpsContent") : null}
        </nav>
        {email ? <span className="ops-who small" data-testid="ops-who"><bdi dir="ltr">{email}</bdi></span> : null}
      </header>
      <main id="main" className="ops-main">
        <noscript><p className="noscript" role="alert">{t("NeedsJavaScript")}</p></noscript>
        {children}
      </main>
      {toast ? <div className="toast" role="status">{toast}</div> : null}
    </div>
  );
}
