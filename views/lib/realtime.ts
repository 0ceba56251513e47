// The realtime client (SPEC §4, §7): one socket per browser, held by the
// main tab (mainTab.ts), whose frames reach the other tabs as the cross-tab
// messages of broadcast.ts. Every tab applies the same messages to its chat
// store, so all show new messages, counts and toasts. Browser only: started
// after hydration for a signed-in user (RealtimeSync), never during SSR.
import { APP_VERSION, call, type CallContext } from "../api/client";
import { broadcast, onBroadcast, type TabMessage } from "./broadcast";
import { checkMain, MAIN_CHECK_MS, releaseMain } from "./mainTab";
import { catchUp, flushOutbox, localize } from "./chat";
import { isEmbeddedApp } from "./env";
import { currentToken } from "./session";
import { chatStore, type ChatMessage, type Unread } from "../stores/chat";
import "./shell"; // every chunk reaches the shell: it stays one chunk

export const SOCKET_CHECK_MS = 4000;
export const HEARTBEAT_MS = 40000;
export const OTHER_MAIN_HOLD_MS = 3500;
const OWN_END_WAIT_MS = 2000;
const BACKOFF_MIN = 1000, BACKOFF_MAX = 30000, JITTER = 0.3;

export type SocketStatus = "unset" | "created" | "opened" | "error" | "closed";

export interface Notice { easg: string; content?: { kind?: string; link?: string } }

export interface RealtimeHooks extends CallContext {
  expired(): void;                  // frame 5 for this tab's token
  notice(n: Notice): void;          // frame 9: a toast
  incoming(m: ChatMessage): void;   // frame 2 from the other side: maybe a toast
}

// connString is base64url (no padding) of {v, lan, token} (the protocol).
export function connString(lang: string, token: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ v: APP_VERSION, lan: lang, token }));
  let s = "";
  bytes.forEach((b) => (s += String.fromCharCode(b)));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// backoff is 1 s doubling to 30 s, ±30 % so a restarted server is not hit
// by every browser in the same second.
export function backoff(attempt: number, rnd = Math.random()): number {
  const base = Math.min(BACKOFF_MAX, BACKOFF_MIN * 2 ** attempt);
  return Math.round(base * (1 - JITTER + 2 * JITTER * rnd));
}

// apply is what every tab does with a cross-tab message (and the main tab
// with the frame behind it).
function apply(h: RealtimeHooks, type: TabMessage, data: unknown) {
  const s = chatStore.getState();
  switch (type) {
    case "ReceiveMsg": {
      const m = data as ChatMessage;
      s.addMessages(m.conversation, [m]);
      if (!m.mine) h.incoming(m);
      if (m.card && !m.mine) localize(h, m).catch(() => undefined);
      break;
    }
    case "SendMsgSuccess": s.addMessages((data as ChatMessage).conversation, [data as ChatMessage]); break;
    case "SendMsg": case "SendMsgFail": s.setPending(data as ChatMessage); break;
    case "ReSendMsg": s.setPending({ ...(data as ChatMessage), state: "sending", error: undefined }); break;
    case "ReceiveReadMsg": {
      const r = data as { conversation: string; side: string; seq: number };
      s.setRead(r.conversation, r.side, r.seq);
      break;
    }
    case "ReceiveUnReadMsgCount": {
      const u = data as Unread & { resumed?: boolean };
      s.setUnread({ total: u.total, map: u.map ?? {} });
      // After a drop or a change of main tab, every tab fetches what its
      // open conversation missed.
      if (u.resumed && s.open) catchUp(h, s.open).catch(() => undefined);
      break;
    }
    case "SendBackgroundMsg": h.notice(data as Notice); break;
    default: break;
  }
}

// frameMessages maps the server's frame codes to the cross-tab messages.
const frameMessages: Record<number, TabMessage> = { 2: "ReceiveMsg", 3: "SendMsgSuccess", 7: "ReceiveReadMsg", 8: "ReceiveUnReadMsgCount" };

// startRealtime runs the election, the socket and the cross-tab messages
// until the returned stop is called (sign-out, page leaving).
export function startRealtime(h: RealtimeHooks): () => void {
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let main = false, stopped = false;
  let ws: WebSocket | null = null;
  let status: SocketStatus = "unset";
  // The main tab's socket status on <html data-socket>, for tests and
  // support ("" in the other tabs).
  const show = () => { document.documentElement.dataset.socket = main ? status : ""; };
  let otherMainAt = 0, attempt = 0, nextAt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    if (!ws) return;
    const s = ws;
    s.onclose = s.onerror = s.onmessage = null;
    // Closing a socket still connecting logs an error in the console; let
    // it open first, then close it.
    if (s.readyState === WebSocket.CONNECTING) s.onopen = () => s.close();
    else { s.onopen = null; s.close(); }
    ws = null;
    status = "closed";
  };
  const giveUp = () => { main = false; close(); show(); };

  const resume = async () => {
    const u = await call<Unread>(h, "chat/unread", {}, { silent: true });
    const msg = { ...u, resumed: true };
    apply(h, "ReceiveUnReadMsgCount", msg);
    broadcast("ReceiveUnReadMsgCount", msg);
    await flushOutbox(h);
  };

  const onFrame = (raw: string) => {
    let f: { code: number; easg?: string; content?: unknown };
    try { f = JSON.parse(raw); } catch { return; }
    if (f.code === 5) {
      const tok = (f.content as { token?: string } | undefined)?.token;
      // The ending may be this tab's own doing (log out, close the account),
      // whose request is still answering: give it the time to clear the
      // token and go where it means to; a session ended elsewhere is
      // still current then.
      if (tok && tok === currentToken()) setTimeout(() => { if (!stopped && tok === currentToken()) h.expired(); }, OWN_END_WAIT_MS);
      return;
    }
    const type = f.code === 9 ? "SendBackgroundMsg" : frameMessages[f.code];
    if (!type) return;
    const data = f.code === 9 ? { easg: f.easg ?? "", content: f.content } : f.content;
    apply(h, type, data);
    broadcast(type, data);
  };

  const open = () => {
    const token = currentToken();
    if (!token) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    status = "created";
    show();
    const s = new WebSocket(proto + "//" + location.host + "/websocket/channel/v1/" + connString(h.lang, token));
    ws = s;
    s.onopen = () => { status = "opened"; attempt = 0; show(); resume().catch(() => undefined); };
    s.onmessage = (e) => onFrame(String(e.data));
    s.onerror = () => { status = "error"; show(); };
    s.onclose = () => {
      if (ws !== s) return;
      ws = null;
      if (status !== "error") status = "closed";
      show();
      const wait = backoff(attempt++);
      nextAt = Date.now() + wait;
      clearTimeout(retry);
      retry = setTimeout(socketCheck, wait);
    };
  };

  // socketCheck (every 4 s, and when a wait ends) opens the socket when
  // this tab is main, it is closed, errored or unset, no other tab claimed
  // main in the last 3.5 s, and the backoff has passed.
  function socketCheck() {
    if (stopped || !main) return;
    const now = Date.now();
    if (status === "opened") { void flushOutbox(h); return; }
    if (status === "created" || now - otherMainAt < OTHER_MAIN_HOLD_MS || now < nextAt) return;
    open();
  }

  const mainCheck = () => {
    if (stopped) return;
    const was = main;
    main = checkMain(id);
    if (main && !was) { broadcast("AppIsMain", { id }); socketCheck(); }
    if (!main && was) giveUp();
  };

  const off = onBroadcast((type, data) => {
    if (type === "AppIsMain") {
      if ((data as { id?: string })?.id === id) return;
      otherMainAt = Date.now();
      if (main) giveUp();
      return;
    }
    apply(h, type, data);
  });
  const heartbeat = setInterval(() => {
    if (status === "opened" && ws && !isEmbeddedApp()) ws.send('{"code":1}');
  }, HEARTBEAT_MS);
  const mainTimer = setInterval(mainCheck, MAIN_CHECK_MS);
  const sockTimer = setInterval(socketCheck, SOCKET_CHECK_MS);
  const leave = () => { if (main) releaseMain(id); giveUp(); };
  const back = (e: PageTransitionEvent) => { if (e.persisted) mainCheck(); };
  window.addEventListener("pagehide", leave);
  window.addEventListener("pageshow", back);
  mainCheck();
  // Counts for the badge at once, whichever tab holds the socket, unless
  // the socket or a read in this tab changed them while the call was out
  // (its answer would put back a count already read: the badge stuck at 1).
  const asked = chatStore.getState().unreadVer;
  call<Unread>(h, "chat/unread", {}, { silent: true }).then((u) => {
    if (chatStore.getState().unreadVer === asked) chatStore.getState().setUnread(u);
  }, () => undefined);

  return () => {
    stopped = true;
    off();
    clearInterval(heartbeat);
    clearInterval(mainTimer);
    clearInterval(sockTimer);
    clearTimeout(retry);
    window.removeEventListener("pagehide", leave);
    window.removeEventListener("pageshow", back);
    leave();
  };
}
