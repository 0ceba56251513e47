import { useEffect, useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { relativeTime, useHydrated } from "../../lib/hydrated";
import { withLang } from "../../lib/paths";
import { expireSession } from "../../lib/auth";

interface SessionInfo { id: string; current: boolean; createdAt: number; lastSeenAt: number; userAgent: string; ip: string; via: string }
interface Safe { email: string; sessions: SessionInfo[] }

// device names a session from its user agent, roughly.
function device(ua: string): string {
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  const br = /SoukApp\//.test(ua) ? "Souk app" : /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Firefox\//.test(ua) ? "Firefox" : /Safari\//.test(ua) ? "Safari" : "Browser";
  return os ? br + " · " + os : br;
}

export function MySafesPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const hydrated = useHydrated();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const [safe, setSafe] = useState<Safe | null>(null);
  const load = () => api<Safe>("my/getSafeInfo").then(setSafe).catch(() => {});
  useEffect(() => { if (signedIn) void load(); }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const end = async (id: string) => {
    try {
      await api("my/endSession", { id });
      showToast(t("SessionEnded"));
      void load();
    } catch { /* shown */ }
  };
  const logout = async () => {
    try { await api("logout", {}); } catch { /* ending locally is what matters */ }
    expireSession(lang, false);
    location.assign(withLang(lang, "/"));
  };
  return (
    <AuthFrame title={t("MySafesTitle")} loginRequired>
      {!safe ? <p className="muted">{t("LoadingAccount")}</p> : (
        <>
          <dl className="kv"><dt>{t("Email")}</dt><dd data-testid="safe-email">{safe.email}</dd></dl>
          <h2>{t("ActiveSessions")}</h2>
          <ul className="sessions" data-testid="sessions">
            {safe.sessions.map((s) => (
              <li key={s.id}>
                <div><strong>{device(s.userAgent)}</strong>{s.current ? <span className="tag-inline">{t("ThisDevice")}</span> : null}
                  <br /><small className="muted">{s.ip} · {t("LastActive", { time: relativeTime(s.lastSeenAt, Date.now(), lang, hydrated) })}</small></div>
                {s.current ? null : <button type="button" className="btn small" onClick={() => end(s.id)}>{t("EndSession")}</button>}
              </li>
            ))}
          </ul>
          <div className="row-actions">
            <a className="btn" href={withLang(lang, "/changemyaccountemail")}>{t("ChangeEmail")}</a>
            <a className="btn" href={withLang(lang, "/editProfile")}>{t("EditProfileTitle")}</a>
            <button type="button" className="btn" onClick={logout} data-testid="logout">{t("Logout")}</button>
            <a className="btn danger" href={withLang(lang, "/destroyaccountintro")}>{t("CloseAccount")}</a>
          </div>
        </>
      )}
    </AuthFrame>
  );
}
