// The reactions of a signed-in page to the realtime client: a chunk that
// RealtimeSync fetches only for a signed-in user, with the client itself.
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk
import { chatStore, type ChatMessage } from "../stores/chat";
import { expireSession } from "../lib/auth";
import { bigchatPath, withLang } from "../lib/paths";
import { startRealtime, type Notice } from "../lib/realtime";
import type { Profile } from "../lib/session";

// preview is a message as one line of a toast or the conversation list.
export function preview(m: ChatMessage, t: (k: string) => string): string {
  if (m.type === 2) return t("ChatPhoto");
  if (m.type === 3) return m.card?.treName.txt || t("ChatGoodsCard");
  if (m.type === 4) return t("ChatOrderRef") + " " + m.content;
  return m.content.length > 80 ? m.content.slice(0, 80) + "…" : m.content;
}

export interface SyncArgs {
  lang: string; region: string; currency: string; t(k: string, v?: Record<string, string | number>): string;
  loginRequired: boolean; setUser(u: Profile | null): void; showToast(msg: string): void;
}

// startRealtimeSync starts the client and returns its stop.
export function startRealtimeSync({ lang, region, currency, t, loginRequired, setUser, showToast }: SyncArgs): () => void {
  // The message (frame 2) and the server's notice of it (frame 9: who
  // wrote) make one toast: the notice keeps the message's words.
  const notify = (text: string, link: string, key: string, detail?: string) => {
    const cur = chatStore.getState().notice;
    chatStore.getState().notify({ text, link, key, detail: detail ?? (cur?.key === key ? cur.detail : undefined) });
  };
  // A message for the conversation on screen needs no toast.
  const looking = (conv: string) => chatStore.getState().open === conv && document.visibilityState === "visible";
  return startRealtime({
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
  });
}
