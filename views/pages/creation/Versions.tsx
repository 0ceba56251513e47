import { useState } from "react";
import { useData, useT } from "../../stores/context";
import { lengthKey, patternKey, swatchKey, versionPath, type Version } from "./creation";

// VersionPicture is a version's first picture, or nothing.
export function VersionPicture({ v, big, alt }: { v: Version; big?: boolean; alt: string }) {
  const im = v.images[0];
  if (!im) return null;
  return big
    ? <img src={im.bigUrl} width={im.bigW} height={im.bigH} alt={alt} className="cr-img" data-testid="creation-image" />
    : <img src={im.smallUrl} width={im.smallW} height={im.smallH} alt={alt} loading="lazy" className="cr-img" />;
}

// OptionsLine says what a version was asked for.
export function OptionsLine({ v }: { v: Version }) {
  const t = useT();
  const parts = [v.swatch && t(swatchKey(v.swatch)), v.pattern && t(patternKey(v.pattern)), v.length && t(lengthKey(v.length))].filter(Boolean);
  return <p className="muted cr-opts">{parts.join(" · ")}</p>;
}

// Versions lists a user's versions, newest first; ticking two shows them
// side by side.
export function Versions({ list, current }: { list: Version[]; current?: string }) {
  const t = useT();
  const { lang } = useData();
  const [picked, setPicked] = useState<string[]>(() => {
    const i = list.findIndex((v) => v.createVUid === current);
    return i >= 0 && i + 1 < list.length ? [list[i + 1].createVUid, list[i].createVUid] : [];
  });
  const toggle = (uid: string) =>
    setPicked((p) => (p.includes(uid) ? p.filter((x) => x !== uid) : [...p, uid].slice(-2)));
  if (!list.length) return <p className="muted" data-testid="creation-none">{t("CreationNone")}</p>;
  const compared = list.filter((v) => picked.includes(v.createVUid)).reverse();
  return (
    <>
      <section aria-labelledby="cr-versions" data-testid="creation-versions">
        <h2 id="cr-versions">{t("CreationVersions")}</h2>
        <p className="hint muted">{t("CreationCompareHint")}</p>
        <ul className="cr-list">
          {list.map((v) => (
            <li key={v.createVUid} className={"cr-card" + (v.createVUid === current ? " current" : "")} data-testid="creation-version">
              <a href={versionPath(lang, v)} aria-label={t("CreationOpen", { n: v.number })} aria-current={v.createVUid === current ? "page" : undefined}>
                <VersionPicture v={v} alt="" />
              </a>
              <label className="cr-pick">
                <input type="checkbox" checked={picked.includes(v.createVUid)} onChange={() => toggle(v.createVUid)} data-testid="creation-compare-pick" />
                {t("CreationVersionTitle", { n: v.number })}
              </label>
            </li>
          ))}
        </ul>
      </section>
      {compared.length === 2 ? (
        <section aria-labelledby="cr-compare" className="cr-compare" data-testid="creation-compare">
          <h2 id="cr-compare">{t("CreationCompareTitle")}</h2>
          <div className="cr-pair">
            {compared.map((v) => (
              <figure key={v.createVUid}>
                <VersionPicture v={v} alt={t("CreationVersionTitle", { n: v.number })} />
                <figcaption><strong>{t("CreationVersionTitle", { n: v.number })}</strong><OptionsLine v={v} /></figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
