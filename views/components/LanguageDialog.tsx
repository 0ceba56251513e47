import { Dialog } from "./Dialog";
import { useShop, useT, useData } from "../stores/context";
import { withLang } from "../lib/paths";
import { setCookie } from "../lib/cookie";

// LanguageDialog lists every language by its own name. Each entry is a real
// link to the same page under the new prefix, so it works without script.
export function LanguageDialog() {
  const t = useT();
  const { langs, lang, path, query } = useData();
  const close = useShop((s) => s.openDialog);
  return (
    <Dialog title={t("ChooseLanguage")} onClose={() => close(null)}>
      <ul className="lang-list">
        {langs.map((l) => (
          <li key={l.code}>
            <a href={withLang(l.code, path) + query} hrefLang={l.code} lang={l.code} dir={l.dir}
              aria-current={l.code === lang ? "true" : undefined}
              onClick={() => setCookie("lang", l.code)}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
