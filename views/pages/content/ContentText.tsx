import { useData, useT } from "../../stores/context";

// ContentText is a page's text an admin edits in the back office (title and
// sanitised rich text): in the page's language or, until translated, in
// English, marked as such and laid out in that language's direction (an
// English fallback on an Arabic page reads left to right). Without body,
// only the title (the APK's install steps, when there is no APK).
export function ContentText({ className, body = true }: { className: string; body?: boolean }) {
  const t = useT();
  const { lang, langs, data } = useData();
  const c = data.content!;
  const other = c.lan !== lang;
  const dir = other ? langs.find((l) => l.code === c.lan)?.dir : undefined;
  return (
    <div className={className}>
      {other ? <p className="muted small" data-testid="text-fallback">{t("TextNotTranslated")}</p> : null}
      <div lang={other ? c.lan : undefined} dir={dir}>
        <h1 data-testid="text-title">{c.title}</h1>
        {body ? <div className="prose rich" data-testid="text-body" dangerouslySetInnerHTML={{ __html: c.text }} /> : null}
      </div>
    </div>
  );
}
