import { useEffect } from "react";
import { useData, useShop, useT } from "../stores/context";
import { chatStore, useChat } from "../stores/chat";

export const CHAT_TOAST_MS = 4000; // SPEC §9: chat toasts stay 4 s

// RealtimeSync starts the realtime client for a signed-in user once the
// session is read (after hydration: no socket during SSR), and stops it on
// sign-out. The client and its reactions (realtimeHooks.ts) are a chunk of
// their own, fetched only then.
export function RealtimeSync({ loginRequired }: { loginRequired: boolean }) {
  const t = useT();
  const { lang, region, currency } = useData();
  const signedIn = useShop((s) => s.signedIn);
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  useEffect(() => {
    if (!signedIn) { chatStore.getState().reset(); return; }
    let stop = () => {};
    let dead = false;
    import("./realtimeHooks").then((rt) => {
      if (!dead) stop = rt.startRealtimeSync({ lang, region, currency, t, loginRequired, setUser, showToast });
    }, () => undefined);
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
