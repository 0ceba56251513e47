import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useData, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { uploadCut } from "../../api/uploadCut";
import { MAX_TEXT, MSG_IMAGE, MSG_TEXT, sendChat } from "../../lib/chat";
import { checkImage, IMAGE_TYPES } from "../../components/imageFile";

// photoSize keeps the picture's own shape (uploadCut cover-crops to the
// sizes asked, so asking its aspect crops nothing), the long side ≤ max.
export function photoSize(w: number, h: number, max: number): [number, number] {
  const k = Math.min(1, max / Math.max(w, h));
  return [Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))];
}

function dataUrl(f: File): Promise<string> {
  return new Promise((ok, bad) => {
    const r = new FileReader();
    r.onload = () => ok(String(r.result));
    r.onerror = () => bad(r.error);
    r.readAsDataURL(f);
  });
}

// Composer writes text (Enter sends, Shift+Enter breaks the line) and sends
// pictures through the upload path, which re-encodes them.
export function Composer({ uid }: { uid: string }) {
  const t = useT();
  const data = useData();
  const api = useApi();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState("");
  const ctx = { ...data, t };

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const v = text.trim();
    if (!v) return;
    // Characters as the server counts them (an emoji is one, not two UTF-16 units).
    if ([...v].length > MAX_TEXT) return setErr(t("ChatTextTooLong", { max: MAX_TEXT }));
    setErr("");
    setText("");
    void sendChat(ctx, uid, MSG_TEXT, v);
  };
  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
  };
  const photo = async (f?: File) => {
    if (!f) return;
    setErr("");
    const ok = await checkImage(f);
    if (!ok.ok) return setErr(t(ok.error));
    setBusy(true);
    try {
      const [sw, sh] = photoSize(ok.width, ok.height, 320);
      const [bw, bh] = photoSize(ok.width, ok.height, 1280);
      const up = await uploadCut(api, "chat", [sw, sh, bw, bh], await dataUrl(f), { contentType: f.type || "image/jpeg", quality: 85 });
      await sendChat(ctx, uid, MSG_IMAGE, up.big.url);
    } catch { /* the client showed the server's message */ } finally { setBusy(false); }
  };
  return (
    <form className="chat-compose" onSubmit={send} data-testid="chat-compose">
      <label className={"icon-btn ic icon-camera chat-photo" + (busy ? " busy" : "")} title={t("ChatSendPhoto")}>
        <span className="sr-only">{busy ? t("Uploading") : t("ChatSendPhoto")}</span>
        <input type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" disabled={busy} data-testid="chat-pick-photo"
          onChange={(e) => { void photo(e.target.files?.[0]); e.target.value = ""; }} />
      </label>
      <textarea value={text} onChange={(e) => setText(e.target.value)} onKeyDown={key} rows={1} maxLength={MAX_TEXT + 100}
        placeholder={t("ChatWrite")} aria-label={t("ChatWrite")} data-testid="chat-input" dir="auto" />
      <button type="submit" className="btn primary" disabled={!text.trim()} data-testid="chat-send">{t("Send")}</button>
      {err ? <p className="hint error chat-err" role="alert">{err}</p> : null}
    </form>
  );
}
