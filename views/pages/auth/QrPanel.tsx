import { useEffect, useRef, useState } from "react";
import { useData, useT } from "../../stores/context";
import { completeLogin } from "../../lib/signin";
import type { Profile } from "../../lib/session";

type Frame = { code: string | number; url?: string; img?: string; content?: { token: string; user: Profile } };

// QrPanel shows a QR code from the login socket: 0 waiting to be scanned,
// 1 scanned (confirm on the phone), 2 signed in. It pings every 40 s and
// offers a new code when one expires.
export function QrPanel() {
  const t = useT();
  const { lang } = useData();
  const [img, setImg] = useState("");
  const [url, setUrl] = useState("");
  const [gen, setGen] = useState(0); // bumping it opens a new socket
  const [state, setState] = useState<"waiting" | "scanned" | "expired" | "error">("waiting");
  const ws = useRef<WebSocket | null>(null);
  useEffect(() => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(proto + "//" + location.host + "/websocket/loginByBombmsgQRCode/empty?lang=" + lang);
    ws.current = sock;
    sock.onmessage = (e) => {
      const f = JSON.parse(e.data) as Frame;
      if (f.code === "loginByBombmsgQRCode" && f.img) { setImg(f.img); setUrl(f.url ?? ""); setState("waiting"); }
      if (f.code === "scaned") setState("scanned");
      if (f.code === "expired") setState("expired");
      if (f.code === "loginOk" && f.content) void completeLogin(f.content.token, f.content.user, lang);
    };
    sock.onclose = () => setState((s) => (s === "waiting" || s === "scanned" ? "error" : s));
    const ping = setInterval(() => sock.readyState === WebSocket.OPEN && sock.send(JSON.stringify({ code: 1 })), 40000);
    return () => { clearInterval(ping); sock.close(); };
  }, [lang, gen]);
  const refresh = () => {
    if (ws.current?.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify({ code: "refresh" }));
    else setGen(gen + 1);
  };
  return (
    <div className="qr-panel" data-testid="qr-panel" data-state={state} data-url={url}>
      <h2>{t("QrScanTitle")}</h2>
      <div className={"qr-box" + (state === "expired" ? " faded" : "")}>
        {img ? <img src={img} width={220} height={220} alt={t("QrScanTitle")} data-testid="qr-img" /> : <div className="qr-placeholder" />}
      </div>
      {state === "waiting" ? <p className="muted">{t("QrScanHelp")}</p> : null}
      {state === "scanned" ? <p className="ok" role="status">{t("QrScanned")}</p> : null}
      {state === "expired" || state === "error" ? (
        <p><span className="muted">{t("QrExpired")}</span> <button type="button" className="btn small" onClick={refresh}>{t("QrRefresh")}</button></p>
      ) : null}
    </div>
  );
}
