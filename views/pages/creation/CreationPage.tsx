import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { txtLang } from "../../lib/i18n";
import { MakeForm } from "./MakeForm";
import { Versions } from "./Versions";
import type { Choices, Version } from "./creation";

// CreationPage (ai-creation/{treId}): make a version of an item with one
// of its AI models, and see the versions made of it so far.
export function CreationPage() {
  const t = useT();
  const { lang, data } = useData();
  const treId = data.param ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [list, setList] = useState<Version[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api<Choices>("aiCreation/choices", { treId }, { silent: true }).then(setChoices)
      .catch((e) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs")));
  }, [treId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (signedIn) api<Version[]>("aiCreation/versions", { treId }, { silent: true }).then(setList).catch(() => setList([]));
  }, [signedIn, treId]); // eslint-disable-line react-hooks/exhaustive-deps
  const img = choices?.treImage?.largeThumbnail;
  return (
    <Layout loginRequired>
      <Seo title={t("CreationTitle") + " | Souk"} description={t("AiCreateHint")} noindex />
      <div className="buy-page wide cr-page" data-testid="creation-page">
        <h1>{t("CreationTitle")}</h1>
        {error ? <p className="hint error" role="alert">{error}</p> : null}
        {!choices ? (error ? null : <p className="muted">{t("Loading")}</p>) : (
          <div className="cr-grid">
            <figure className="cr-base">
              {img ? <img src={img.url} width={img.width} height={img.height} alt="" className="cr-img" /> : null}
              <figcaption>
                <span className="muted">{t("CreationOriginal")}: </span>
                <a href={withLang(lang, "/tredetail/" + choices.treId)} lang={txtLang(choices.treName, lang)}>{choices.treName.txt}</a>
              </figcaption>
            </figure>
            <MakeForm choices={choices} title={t("AiCreateHint")} />
          </div>
        )}
        {list ? <Versions list={list} /> : null}
      </div>
    </Layout>
  );
}
