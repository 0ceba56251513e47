import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { TopBar } from "./TopBar";
import { SessionSync } from "./SessionSync";
import { ChatToast, RealtimeSync } from "./RealtimeSync";
import { useData, useShop, useT } from "../stores/context";
import type { PageName } from "../lib/types";
import { followLinks } from "../lib/env";

// Pages that are whole without JavaScript: public, server-rendered content
// and the search results page. Every other page (sign-in, cart, orders, the
// account pages) is a shell the browser fills in, and says so when script
// is off rather than "loading" forever.
const WORKS_WITHOUT_JS = new Set<PageName>(["home", "goods", "identity", "notfound", "error", "block", "user", "declare", "search", "downloadapp", "dlandroidapp"]);

// The dialogs are never part of a first render (no dialog is open on the
// server or at hydration), so their code is a chunk fetched when one opens,
// not part of every page's first-load script.
const LanguageDialog = lazy(() => import("./LanguageDialog").then((m) => ({ default: m.LanguageDialog })));
const RegionDialog = lazy(() => import("./RegionDialog").then((m) => ({ default: m.RegionDialog })));
const MenuDrawer = lazy(() => import("./MenuDrawer").then((m) => ({ default: m.MenuDrawer })));

// Layout is the frame every page shares: top bar, dialogs, toast, footer.
export function Layout({ children, toastMs = 1000, loginRequired = false }: { children: ReactNode; toastMs?: number; loginRequired?: boolean }) {
  const t = useT();
  const { page } = useData();
  const dialog = useShop((s) => s.dialog);
  const toast = useShop((s) => s.toast);
  const showToast = useShop((s) => s.showToast);
  // Goods open in a new tab on desktop, links in the same tab on phones and
  // in the app (SPEC §2): one delegated handler instead of state in every card.
  useEffect(followLinks, []);
  useEffect(() => {
    // Fetch the dialogs' code once the page is idle, so the first one opens at once.
    const id = setTimeout(() => void Promise.all([import("./LanguageDialog"), import("./RegionDialog"), import("./MenuDrawer")]), 2500);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => showToast(""), toastMs);
    return () => clearTimeout(id);
  }, [toast, toastMs, showToast]);
  return (
    <div className="app">
      <SessionSync loginRequired={loginRequired} />
      <RealtimeSync loginRequired={loginRequired} />
      <TopBar />
      <main id="main" className="main">
        {WORKS_WITHOUT_JS.has(page) ? null : <noscript><p className="noscript" role="alert" data-testid="noscript">{t("NeedsJavaScript")}</p></noscript>}
        {children}
      </main>
      <footer className="footer"><p>{t("Footer")}</p></footer>
      {/* The names of every card's buttons, said once: thirty aria-labels
          cost a home page 4 KB in Burmese (GoodsCard, aria-labelledby). */}
      <div hidden><span id="l-add">{t("AddToCart")}</span><span id="l-more">{t("MoreActions")}</span></div>
      <Suspense fallback={null}>
        {dialog === "language" ? <LanguageDialog /> : null}
        {dialog === "region" ? <RegionDialog /> : null}
        {dialog === "menu" ? <MenuDrawer /> : null}
      </Suspense>
      {toast ? <div className="toast" role="status">{toast}</div> : null}
      <ChatToast />
    </div>
  );
}
