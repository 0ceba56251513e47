import { Dialog } from "./Dialog";
import { useShop, useT, useData } from "../stores/context";
import { withLang } from "../lib/paths";
import { ChatButton } from "./ChatButton";
import { txtLang } from "../lib/i18n";

// MenuDrawer lists the store's sections, and the catalogue's top categories
// (from the language's shared data). Entries are added as their pages
// land; none points at a page that does not exist yet.
export function MenuDrawer() {
  const t = useT();
  const { lang, cats } = useData();
  const open = useShop((s) => s.openDialog);
  const signedIn = useShop((s) => s.signedIn);
  // An entry: its text's key, its address, and a class it may carry.
  const items: [string, string, string?][] = [
    ["Home", withLang(lang, "/")],
    ["MenuConsumerGoods", withLang(lang, "/") + "#wn3"],
    ["MenuWholesale", withLang(lang, "/") + "#wn4"],
    ["MenuDresses", withLang(lang, "/dresses")],
    ["MenuHots", withLang(lang, "/hotspage")],
    ["MenuMakeGoods", withLang(lang, "/") + "#makeTre"],
    ...(signedIn
      ? [["Orders", withLang(lang, "/myorders")], ["MyGoods", withLang(lang, "/mygoods")], ["SellerOrders", withLang(lang, "/operations/showorder/all")],
        ["MenuSell", withLang(lang, "/bigerentity")], ["Cart", withLang(lang, "/cart")], ["AddressBook", withLang(lang, "/addressmanagement")],
        ["EditProfileTitle", withLang(lang, "/editProfile")], ["Security", withLang(lang, "/mysafes")]] as [string, string][]
      : [["MenuLogin", withLang(lang, "/login")], ["MenuRegister", withLang(lang, "/register")]] as [string, string][]),
    ["MenuAbout", withLang(lang, "/aboutsouk")],
    ["MenuContact", withLang(lang, "/contact")],
    // Inside the app, no prompt to download it: hidden there by CSS, like the top bar's.
    ["DownloadApp", withLang(lang, "/downloadapp"), "not-in-app"],
    ["MenuPrivacy", withLang(lang, "/prisafedeclare")],
  ];
  return (
    <Dialog title={t("Menu")} onClose={() => open(null)}>
      <nav className="menu-list" aria-label={t("Menu")}>
        {items.slice(0, 1).map(([key, href]) => <a key={key} href={href} onClick={() => open(null)}>{t(key)}</a>)}
        {cats?.length ? (
          <details className="menu-cats" data-testid="menu-cats">
            <summary>{t("MenuCategories")}</summary>
            <ul>
              {cats.map((c) => <li key={c.code}><a href={withLang(lang, c.path)} lang={txtLang(c.name, lang)} onClick={() => open(null)}>{c.name.txt}</a></li>)}
            </ul>
          </details>
        ) : null}
        {items.slice(1).map(([key, href, cls]) => <a key={key} href={href} className={cls} onClick={() => open(null)}>{t(key)}</a>)}
        <button type="button" className="linklike" onClick={() => open("language")}>{t("Language")}</button>
        <button type="button" className="linklike" onClick={() => open("region")}>{t("Region")}</button>
        <ChatButton args={{ kind: "service" }} label="ChatCustomerService" className="linklike" testid="menu-service" onDone={() => open(null)} />
      </nav>
    </Dialog>
  );
}
