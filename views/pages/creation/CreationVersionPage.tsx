import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { MakeForm } from "./MakeForm";
import { OptionsLine, VersionPicture, Versions } from "./Versions";
import { versionPath, type Choices, type Version } from "./creation";
import { makeLinePath } from "../makeline/makeline";

// CreationVersionPage (ai-creation/{treId}/{createVUid}): one version. Its
// owner refines it, compares it with the others and shares it; anyone
// sees a shared one (the page is noindex).
export function CreationVersionPage() {
  const t = useT();
  const { lang, data } = useData();
  const treId = data.param ?? "", uid = data.param2 ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const sessionLoaded = useShop((s) => s.sessionLoaded);
  const [v, setV] = useState<Version | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [list, setList] = useState<Version[]>([]);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!sessionLoaded) return;
    api<Version>("aiCreation/version", { createVUid: uid }, { silent: true }).then(setV)
      .catch((e) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs")));
  }, [uid, sessionLoaded, signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!v?.mine) return;
    api<Choices>("aiCreation/choices", { treId }, { silent: true }).then(setChoices).catch(() => setChoices(null));
    api<Version[]>("aiCreation/versions", { creationUid: v.creationUid }, { silent: true }).then(setList).catch(() => setList([]));
  }, [v?.createVUid, v?.mine]); // eslint-disable-line react-hooks/exhaustive-deps
  const share = () => api<Version>("aiCreation/share", { createVUid: uid }).then(setV).catch(() => undefined);
  const publish = () => api<Version>("aiCreation/publish", { createVUid: uid }).then(setV).catch(() => undefined); // the toast says why not
  const title = v ? t("CreationVersionTitle", { n: v.number }) : t("CreationTitle");
  const parent = v?.parentUid ? list.find((x) => x.createVUid === v.parentUid) : undefined;
  return (
    <Layout>
      <Seo title={title + " | Souk"} description={t("CreationTitle")} noindex />
      <div className="buy-page wide cr-page" data-testid="creation-version-page">
        <h1>{t("CreationTitle")}: {title}</h1>
        {error ? <p className="hint error" role="alert" data-testid="creation-error">{error}</p> : null}
        {!v ? (error ? null : <p className="muted">{t("Loading")}</p>) : (
          <div className="cr-grid">
            <figure className="cr-base">
              <VersionPicture v={v} big alt={title} />
              <figcaption>
                <OptionsLine v={v} />
                {parent ? <a href={versionPath(lang, parent)} data-testid="creation-parent">{t("CreationRefinedFrom", { n: parent.number })}</a> : null}
              </figcaption>
            </figure>
            <div>
              <p className="cr-desc" lang={v.lan} dir="auto" data-testid="creation-description">{v.description}</p>
              <p className="hint muted" data-testid="creation-engine">{t("CreationEngine", { engine: v.engine })}</p>
              <p><a href={withLang(lang, "/tredetail/" + v.treId)}>{t("CreationBackToItem")}</a></p>
              {/* A maker makes this version: priced, ordered and followed on make-line. */}
              <p><a className="btn primary" href={makeLinePath(lang, v.createVUid)} data-testid="creation-makeline">{t("MakeLineHaveItMade")}</a></p>
              {v.mine ? (
                <div className="cr-share">
                  <ShareBox v={v} onShare={share} />
                  {v.design ? <p className="hint muted" data-testid="creation-design">{t("CreationPublished")}</p>
                    : <button type="button" className="btn" onClick={publish} data-testid="creation-publish">{t("CreationPublish")}</button>}
                </div>
              ) : null}
              {v.mine && choices ? <MakeForm choices={choices} from={v} title={t("CreationRefineTitle", { n: v.number })} /> : null}
            </div>
          </div>
        )}
        {v?.mine && list.length ? <Versions key={v.createVUid + list.length} list={list} current={v.createVUid} /> : null}
      </div>
    </Layout>
  );
}

// ShareBox shares the version and shows its link.
function ShareBox({ v, onShare }: { v: Version; onShare: () => void }) {
  const t = useT();
  const { baseUrl, lang } = useData();
  if (!v.shared) return <button type="button" className="btn" onClick={onShare} data-testid="creation-share">{t("CreationShare")}</button>;
  const url = baseUrl.replace(/\/$/, "") + versionPath(lang, v);
  return (
    <div className="field">
      <label htmlFor="cr-link">{t("CreationSharedLink")}</label>
      <input id="cr-link" readOnly value={url} dir="ltr" onFocus={(e) => e.currentTarget.select()} data-testid="creation-link" />
    </div>
  );
}
