import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useData, useT } from "../../stores/context";
import { withLang } from "../../lib/paths";
import { formatNumber } from "../../lib/i18n";
import { platformOf, type Platform } from "../../lib/platform";
import type { Apps } from "../../lib/types";
import { ContentText } from "./ContentText";

// usePlatform is "" on the server and while hydrating (the cached page is
// the same for every device: it offers everything), then the device's.
function usePlatform(): Platform | "" {
  const [p, setP] = useState<Platform | "">("");
  useEffect(() => setP(platformOf(navigator.userAgent, navigator.maxTouchPoints)), []);
  return p;
}

// StoreBadge links to a store's page, or says the app is coming there.
// The marks are local files (static/public/badges), never hotlinked; the
// words are the page's language.
function StoreBadge({ store, url }: { store: "play" | "appstore"; url?: string }) {
  const t = useT();
  const [mark, small, big] = store === "play" ? ["google-play", t("AppGetItOn"), "Google Play"] : ["app-store", t("AppDownloadOn"), "App Store"];
  const body = (
    <>
      <img src={`/static/badges/${mark}.svg`} alt="" width={26} height={26} />
      <span><small>{url ? small : t("AppSoon")}</small><b>{big}</b></span>
    </>
  );
  return url
    ? <a className="store-badge" href={url} rel="noopener" data-testid={"badge-" + store}>{body}</a>
    : <span className="store-badge soon" data-testid={"badge-" + store}>{body}</span>;
}

// DownloadAppPage is /downloadapp: the app's pitch, then what this device
// can install: Android the Play Store and the APK (dlandroidapp), iOS the
// App Store, a desktop both stores and a QR code of this page to open it on
// the phone. Inside the app itself it offers nothing.
export function DownloadAppPage() {
  const t = useT();
  const { lang, data } = useData();
  const apps: Apps = data.apps ?? {};
  const p = usePlatform();
  const any = !!(apps.apk || apps.playUrl || apps.appStoreUrl);
  const android = p === "" || p === "android" || p === "desktop";
  const ios = p === "" || p === "ios" || p === "desktop";
  return (
    <Layout>
      <Seo title={data.content!.title + " | Souk"} description={t("AppFree")} />
      <div className="app-page" data-testid="downloadapp" data-platform={p}>
        <section className="app-hero">
          <div className="app-hero-text">
            <span className="app-icon" aria-hidden="true" />
            <ContentText className="app-pitch" />
            {p === "app" ? <p className="app-note" data-testid="app-inside">{t("AppInsideApp")}</p>
              : !any ? <p className="app-note" data-testid="app-unavailable">{t("AppNotAvailable")}</p>
              : (
                <>
                  <p className="app-free">{t("AppFree")}</p>
                  <div className="store-badges">
                    {android ? <StoreBadge store="play" url={apps.playUrl} /> : null}
                    {ios ? <StoreBadge store="appstore" url={apps.appStoreUrl} /> : null}
                  </div>
                  {android && apps.apk ? (
                    <a className="apk-link ic icon-download" href={withLang(lang, "/dlandroidapp")} data-testid="apk-link">{t("AppApkLink")}</a>
                  ) : null}
                </>
              )}
          </div>
          {any && (p === "" || p === "desktop") ? (
            <aside className={"app-qr" + (p === "desktop" ? " on" : "")} data-testid="app-qr">
              <img src={`/qr/downloadapp-${lang}.svg`} alt={t("AppQrAlt")} width={168} height={168} loading="lazy" />
              <div>
                <h2>{t("AppScanTitle")}</h2>
                <p>{t("AppScanText")}</p>
              </div>
            </aside>
          ) : null}
        </section>
      </div>
    </Layout>
  );
}

// AndroidAppPage is /dlandroidapp: the APK this server offers, its version,
// size and SHA-256, and how to install it; unconfigured, it says plainly
// that there is none yet, and while its file cannot be read (503) that it
// is being updated. Not indexed: /downloadapp is the page to find.
export function AndroidAppPage() {
  const t = useT();
  const { lang, data, numfmt } = useData();
  const apk = data.apps?.apk;
  const inApp = usePlatform() === "app";
  return (
    <Layout>
      <Seo title={data.content!.title + " | Souk"} description={t("AppApkLink")} noindex />
      <div className="apk-page" data-testid="dlandroidapp">
        <section className="panel apk-card">
          <span className="app-icon" aria-hidden="true" />
          <ContentText className="apk-text" body={!!apk} />
          {data.apps?.apkUnreadable ? <p className="notice" role="alert" data-testid="apk-unreadable">{t("ApkUnreadable")}</p>
            : !apk ? <p className="notice" data-testid="apk-unavailable">{t("ApkNotAvailable")}</p> : (
            <>
              <dl className="apk-facts" data-testid="apk-facts">
                <div><dt>{t("ApkVersion")}</dt><dd><bdi>{apk.version}</bdi></dd></div>
                <div><dt>{t("ApkSize")}</dt><dd>{t("ApkSizeMB", { n: formatNumber(apk.size / 1048576, numfmt, 1) })}</dd></div>
                <div className="wide"><dt>{t("ApkChecksum")}</dt><dd><code dir="ltr" data-testid="apk-sha">{apk.sha256}</code></dd></div>
              </dl>
              {inApp ? <p className="notice" data-testid="app-inside">{t("AppInsideApp")}</p>
                : <a className="btn primary ic icon-download apk-button" href={apk.url} download data-testid="apk-download">{t("ApkDownload")}</a>}
            </>
          )}
          <p><a href={withLang(lang, "/downloadapp")}>{t("ApkMore")}</a></p>
        </section>
      </div>
    </Layout>
  );
}
