import { useEffect, type ReactNode } from "react";
import { TopBar } from "./TopBar";
import { SessionSync } from "./SessionSync";
import { LanguageDialog } from "./LanguageDialog";
import { RegionDialog } from "./RegionDialog";
import { MenuDrawer } from "./MenuDrawer";
import { useShop, useT } from "../stores/context";
import { opensNewTab } from "../lib/env";

// Layout is the frame every page shares: top bar, dialogs, toast, footer.
export function Layout({ children, toastMs = 1000, loginRequired = false }: { children: ReactNode; toastMs?: number; loginRequired?: boolean }) {
  const t = useT();
  const dialog = useShop((s) => s.dialog);
  const toast = useShop((s) => s.toast);
  const showToast = useShop((s) => s.showToast);
  // Goods open in a new tab on desktop and in the same tab on phones and in
  // the app (SPEC §2): one delegated handler instead of state in every card.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element).closest?.("a.card-link") as HTMLAnchorElement | null;
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || !opensNewTab()) return;
      e.preventDefault();
      window.open(a.href, "_blank", "noopener");
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => showToast(""), toastMs);
    return () => clearTimeout(id);
  }, [toast, toastMs, showToast]);
  return (
    <div className="app">
      <SessionSync loginRequired={loginRequired} />
      <TopBar />
      <main id="main" className="main">{children}</main>
      <footer className="footer"><p>{t("Footer")}</p></footer>
      {dialog === "language" ? <LanguageDialog /> : null}
      {dialog === "region" ? <RegionDialog /> : null}
      {dialog === "menu" ? <MenuDrawer /> : null}
      {toast ? <div className="toast" role="status">{toast}</div> : null}
    </div>
  );
}
