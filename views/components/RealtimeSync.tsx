import { useEffect } from "react";
import { useData, useShop, useT } from "../stores/context";
import { chatStore, useChat, type ChatMessage } from "../stores/chat";
import { expireSession } from "../lib/auth";
import { bigchatPath, withLang } from "../lib/paths";
import type { Notice } from "../lib/realtime";

export const CHAT_TOAST_MS = 4000; // SPEC §9: chat toasts stay 4 s

// preview is a message as one line of a toast or the conversation list.
export function preview(m: ChatMessage, t: (k: string) => string): string {
  if (m.type === 2) return t("ChatPhoto");
  if (m.type === 3) return m.card?.treName.txt || t("ChatGoodsCard");
  if (m.type === 4) return t("ChatOrderRef") + " " + m.content;
  return m.content.length > 80 ? m.content.slice(0, 80) + "…" : m.content;
}

// RealtimeSync starts the realtime client for a signed-in user once the
// session is read (after hydration: no socket during SSR), and stops it on
// sign-out. Its code is a chunk of its own, fetched only then.
export function RealtimeSync({ loginRequired }: { loginRequired: boolean }) {
  const t = useT();
  const { lang, region, currency } = useData();
  const signedIn = useShop((s) => s.signedIn);
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  useEffect(() => {
    if (!signedIn) { chatStore.getState().reset(); return; }
    // The message (frame 2) and the server's notice of it (frame 9: who
    // wrote) make one toast: the notice keeps the message's words.
    const notify = (text: string, link: string, key: string, detail?: string) => {
      const cur = chatStore.getState().notice;
      chatStore.getState().notify({ text, link, key, detail: detail ?? (cur?.key === key ? cur.detail : undefined) });
    };
    // A message for the conversation on screen needs no toast.
    const looking = (conv: string) => chatStore.getState().open === conv && document.visibilityState === "visible";
    const hooks = {
      lang, region, currency, t,
      expired: () => {
        setUser(null);
        if (loginRequired) showToast(t("SessionExpired"));
        expireSession(lang, loginRequired);
      },
      notice: (n: Notice) => {
        const link = n.content?.link || "/bigchat";
        const conv = /[?&]c=([^&]+)/.exec(link)?.[1];
        if (conv && looking(decodeURIComponent(conv))) return;
        notify(n.easg || t("ChatNewMsgToast"), withLang(lang, link), conv ? decodeURIComponent(conv) : link);
      },
      incoming: (m: ChatMessage) => {
        if (!looking(m.conversation)) notify(t("ChatNewMsgToast"), bigchatPath(lang, m.conversation), m.conversation, preview(m, t));
      },
    };
    let stop = () => {};
    let dead = false;
    import("../lib/realtime").then((rt) => { if (!dead) stop = rt.startRealtime(hooks); }, () => undefined);
    return () => { dead = true; stop(); };
  }, [signedIn, lang, region, currency, loginRequired, t, setUser, showToast]);
  return null;
}

// ChatToast is the top-right toast of a new message or notice; it opens the
// conversation (or the page the notice concerns). Styled as a toast but not
// a .toast: the page's own toast may show at the same time.
export function ChatToast() {
  const notice = useChat((s) => s.notice);
  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => chatStore.getState().notify(null), CHAT_TOAST_MS);
    return () => clearTimeout(id);
  }, [notice]);
  if (!notice) return null;
  return (
    <a className="toast-chat ic icon-chat" href={notice.link} role="status" data-testid="chat-toast">
      <span><strong>{notice.text}</strong>{notice.detail ? <span className="toast-detail">{notice.detail}</span> : null}</span>
    </a>
  );
}
