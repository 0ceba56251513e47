import { useEffect, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { checkImage, IMAGE_TYPES } from "../../components/imageFile";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { useHydrated } from "../../lib/hydrated";

export const MAX_ROWS = 10; // search box grows up to 10 rows (SPEC §2)
// Placeholders from longest to shortest; the box shows the longest that fits
// its width on one line (translations differ in length, and phones are narrow).
const PLACEHOLDERS = ["SearchPlaceholder", "SearchPlaceholderShort", "SearchLabel"];
const FIRST_PLACEHOLDER = 1; // server and hydration: the short one

// fittingPlaceholder measures each text in the box's font and returns the
// index of the first that fits its inner width (the last if none does).
function fittingPlaceholder(el: HTMLTextAreaElement, texts: string[]): number {
  const cs = getComputedStyle(el);
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return FIRST_PLACEHOLDER;
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const i = texts.findIndex((s) => ctx.measureText(s).width <= room);
  return i < 0 ? texts.length - 1 : i;
}

export interface SearchQuery { txt: string; image?: File; exact?: boolean } // exact: no automatic correction

// SearchBox: multiline text that grows to 10 rows, image upload with a
// preview, a clear button, and a result count that fades out.
//
// It is a real form: GET /{lang}/search?q=…, the server-rendered results
// page. With JavaScript, onSearch takes over and streams the results into
// tabs; without it (or without onSearch) the browser submits the form.
export function SearchBox({ busy = false, count = null, onSearch, onClear, initial = "" }: {
  busy?: boolean; count?: number | null; onSearch?(q: SearchQuery): void; onClear?(): void; initial?: string;
}) {
  const t = useT();
  const { lang } = useData();
  const [txt, setTxt] = useState(initial);
  const [image, setImage] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [error, setError] = useState("");
  const [fit, setFit] = useState(FIRST_PLACEHOLDER);
  const [faded, setFaded] = useState<number | null>(null); // the count whose fade ended
  useEffect(() => {
    if (busy) setFaded(null); // a new search shows its count, even the same number
  }, [busy]);
  const live = useHydrated(); // the clear button needs script: without it, it would do nothing
  const area = useRef<HTMLTextAreaElement>(null);
  const picking = useRef(0); // the latest pick wins when decoding overlaps
  const placeholders = PLACEHOLDERS.map((k) => t(k));
  useEffect(() => {
    const el = area.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => setFit(fittingPlaceholder(el, placeholders)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [placeholders.join("\n")]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    if (!txt) return; // empty: one row, however long the placeholder
    const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
    const max = line * MAX_ROWS;
    el.style.height = Math.min(el.scrollHeight, max) + "px";
    el.style.overflowY = el.scrollHeight > max ? "auto" : "hidden";
  }, [txt]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  // pickImage shows a picture only once the browser could decode it. A
  // refused file also drops the picture picked before it, so the next search
  // never sends a picture the shopper no longer sees.
  const pickImage = async (f: File | undefined) => {
    if (!f) return;
    const n = ++picking.current;
    setError("");
    setImage(undefined);
    setPreview(undefined);
    const res = await checkImage(f);
    if (n !== picking.current) return;
    if (!res.ok) return setError(t(res.error));
    setImage(f);
    setPreview(URL.createObjectURL(f));
  };
  const submit = (e: React.FormEvent) => {
    if (!onSearch) return; // the browser submits the form to the results page
    e.preventDefault();
    if (busy || (!txt.trim() && !image)) return;
    onSearch({ txt: txt.trim(), image });
  };
  const clear = () => {
    picking.current++;
    setTxt(""); setImage(undefined); setPreview(undefined); setError("");
    onClear?.();
  };
  return (
    <form className="searchbox" role="search" action={withLang(lang, "/search")} method="get" onSubmit={submit} data-testid="searchbox">
      <label className="sr-only" htmlFor="q">{t("SearchLabel")}</label>
      <div className="searchbox-row">
        {preview ? <img className="search-preview" src={preview} alt={t("ImageQuery")} width={48} height={48} data-testid="search-preview" /> : null}
        <textarea id="q" name="q" ref={area} rows={1} value={txt} maxLength={500} required={!onSearch}
          placeholder={placeholders[fit]}
          onChange={(e) => setTxt(e.target.value)} data-testid="search-input"
          onKeyDown={(e) => {
            if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }} />
        {live && (txt || image) ? (
          <button type="button" className="icon-btn" onClick={clear} aria-label={t("ClearSearch")} data-testid="search-clear"><Icon name="close" /></button>
        ) : null}
        {onSearch ? (
          <label className="icon-btn" title={t("UploadImage")}>
            <Icon name="camera" label={t("UploadImage")} />
            <input type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" data-testid="search-image"
              onChange={(e) => { void pickImage(e.target.files?.[0]); e.target.value = ""; }} />
          </label>
        ) : null}
        <button type="submit" className="btn primary" disabled={busy} data-testid="search-submit">
          <Icon name="search" size={20} /><span className="sr-narrow">{busy ? t("SearchRunning") : t("SearchButton")}</span>
        </button>
      </div>
      {error ? <p className="hint error" role="alert" data-testid="search-error">{error}</p> : null}
      {count !== null && faded !== count ? (
        // Gone once faded: no invisible text left for a screen reader's cursor, nor half-faded text to read.
        <p className="result-count" key={count} aria-live="polite" onAnimationEnd={() => setFaded(count)}>{t("ResultCount", { n: count })}</p>
      ) : null}
    </form>
  );
}
