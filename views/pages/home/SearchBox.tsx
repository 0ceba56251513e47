import { useEffect, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { useT } from "../../stores/context";

export const MAX_ROWS = 10; // search box grows up to 10 rows (SPEC §2)
export const MAX_IMAGE_BYTES = 10 << 20;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export interface SearchQuery { txt: string; image?: File }

// SearchBox: multiline text that grows to 10 rows, image upload with a
// preview, a clear button, and a result count that fades out.
export function SearchBox({ busy, count, onSearch, onClear }: {
  busy: boolean; count: number | null; onSearch(q: SearchQuery): void; onClear(): void;
}) {
  const t = useT();
  const [txt, setTxt] = useState("");
  const [image, setImage] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [error, setError] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
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
  const pickImage = (f: File | undefined) => {
    setError("");
    if (!f) return;
    if (!IMAGE_TYPES.includes(f.type)) return setError(t("ImageNotSupported"));
    if (f.size > MAX_IMAGE_BYTES) return setError(t("ImageTooLarge"));
    setImage(f);
    setPreview(URL.createObjectURL(f));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || (!txt.trim() && !image)) return;
    onSearch({ txt: txt.trim(), image });
  };
  const clear = () => {
    setTxt(""); setImage(undefined); setPreview(undefined); setError("");
    onClear();
  };
  return (
    <form className="searchbox" role="search" onSubmit={submit} data-testid="searchbox">
      <label className="sr-only" htmlFor="q">{t("SearchLabel")}</label>
      <div className="searchbox-row">
        {preview ? <img className="search-preview" src={preview} alt={t("ImageQuery")} width={48} height={48} /> : null}
        <textarea id="q" ref={area} rows={1} value={txt} maxLength={2000} placeholder={t("SearchPlaceholder")}
          onChange={(e) => setTxt(e.target.value)} data-testid="search-input"
          onKeyDown={(e) => { if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e); }} />
        {(txt || image) ? (
          <button type="button" className="icon-btn" onClick={clear} aria-label={t("ClearSearch")} data-testid="search-clear"><Icon name="close" /></button>
        ) : null}
        <label className="icon-btn" title={t("UploadImage")}>
          <Icon name="camera" label={t("UploadImage")} />
          <input type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" data-testid="search-image"
            onChange={(e) => { pickImage(e.target.files?.[0]); e.target.value = ""; }} />
        </label>
        <button type="submit" className="btn primary" disabled={busy} data-testid="search-submit">
          <Icon name="search" size={20} /><span className="hide-narrow">{busy ? t("SearchRunning") : t("SearchButton")}</span>
        </button>
      </div>
      {error ? <p className="hint error" role="alert">{error}</p> : null}
      {count !== null ? <p className="result-count" key={count} aria-live="polite">{t("ResultCount", { n: count })}</p> : null}
    </form>
  );
}
