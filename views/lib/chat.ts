// Chat calls shared by the bigchat page, the realtime client and the entry
// points ("Chat with seller", "Customer service"). Browser only.
import { ApiError, call, type CallContext } from "../api/client";
import { broadcast } from "./broadcast";
import { chatStore, lastSeq, type ChatMessage, type Conversation } from "../stores/chat";
import { dequeue, enqueue, readOutbox, type Queued } from "./chatOutbox";
import { requireLogin } from "./auth";
import { bigchatPath } from "./paths";
import "./shell"; // every chunk reaches the shell: it stays one chunk

export const MSG_TEXT = 1, MSG_IMAGE = 2, MSG_CARD = 3, MSG_ORDER = 4;
export const MAX_TEXT = 2000;
const PAGE = 100;

export function newAppId(): string {
  return "a" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
}

export { bigchatPath };

// A network failure (no answer at all) queues; anything the server said
// (too long, too fast, not yours) fails with a Retry.
function offline(e: unknown): boolean {
  return e instanceof ApiError && e.code === 5000;
}

function post(ctx: CallContext, q: Queued): Promise<ChatMessage> {
  return call<ChatMessage>(ctx, "chat/send", { uid: q.conversation, appId: q.appId, type: q.type, content: q.content }, { silent: true });
}

function stored(m: ChatMessage) {
  chatStore.getState().addMessages(m.conversation, [m]);
  broadcast("SendMsgSuccess", m);
}

function pending(q: Queued, state: ChatMessage["state"], error?: string): ChatMessage {
  const m: ChatMessage = { conversation: q.conversation, seq: 0, side: "", type: q.type, content: q.content, appId: q.appId, at: q.at, mine: true, state, error };
  chatStore.getState().setPending(m);
  return m;
}

// sendChat shows the message at once (this tab and the others: SendMsg),
// sends it, and settles it: stored (SendMsgSuccess), queued for when the
// server is back, or failed with its reason (SendMsgFail).
export async function sendChat(ctx: CallContext, conversation: string, type: number, content: string, appId = newAppId()): Promise<void> {
  const q: Queued = { conversation, appId, type, content, at: new Date().toISOString() };
  broadcast("SendMsg", pending(q, "sending"));
  try {
    stored(await post(ctx, q));
  } catch (e) {
    if (offline(e)) {
      enqueue(q);
      broadcast("SendMsgFail", pending(q, "queued"));
    } else {
      broadcast("SendMsgFail", pending(q, "failed", e instanceof Error ? e.message : ctx.t("ErrorOccurs")));
    }
  }
}

// retryChat sends a failed or queued message again with the same appId.
export function retryChat(ctx: CallContext, m: ChatMessage): Promise<void> {
  dequeue(m.appId);
  broadcast("ReSendMsg", { ...m, state: "sending", error: undefined });
  return sendChat(ctx, m.conversation, m.type, m.content, m.appId);
}

let flushing = false;

// flushOutbox sends the queued messages in order, each once; it stops at
// the first one the network still refuses. Only the main tab calls it.
export async function flushOutbox(ctx: CallContext): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (const q of readOutbox()) {
      try {
        const m = await post(ctx, q);
        dequeue(q.appId);
        stored(m);
      } catch (e) {
        if (offline(e)) return;
        dequeue(q.appId);
        broadcast("SendMsgFail", pending(q, "failed", e instanceof Error ? e.message : ""));
      }
    }
  } finally {
    flushing = false;
  }
}

interface Page { list: ChatMessage[]; lastSeq: number; readSeq: number }

// catchUp fetches what conv has after the last seq this tab holds (after a
// reconnect or a change of main tab: nothing is lost in between).
export async function catchUp(ctx: CallContext, conv: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const after = lastSeq(conv);
    // Nothing held yet: the page is loading the newest messages itself,
    // and "after 0" would be the whole history from the start.
    if (after === 0) return;
    const p = await call<Page>(ctx, "chat/messages", { uid: conv, afterSeq: after, limit: PAGE }, { silent: true });
    chatStore.getState().addMessages(conv, p.list);
    if (p.list.length < PAGE) return;
  }
}

// localize fetches a goods card message again in this tab's language and
// currency: the live frame carries the card as the sender's page made it.
export async function localize(ctx: CallContext, m: ChatMessage): Promise<void> {
  const p = await call<Page>(ctx, "chat/messages", { uid: m.conversation, afterSeq: m.seq - 1, limit: 1 }, { silent: true });
  chatStore.getState().addMessages(m.conversation, p.list.filter((x) => x.seq === m.seq));
}

// loadMessages loads the newest page (before = 0) or the page before a seq;
// it answers how many came and the other side's read mark.
export async function loadMessages(ctx: CallContext, conv: string, before = 0): Promise<Page> {
  const body: Record<string, unknown> = { uid: conv, limit: 30 };
  if (before > 0) body.beforeSeq = before;
  const p = await call<Page>(ctx, "chat/messages", body, { silent: true });
  chatStore.getState().addMessages(conv, p.list);
  return p;
}

export interface OpenArgs { kind: "goods" | "identity" | "service"; treId?: string; identityUid?: string; orderNumber?: string }

// openChat is every "Chat" button: signed-out visitors go to login with the
// way back; others open (or reopen) the conversation and go to it.
export async function openChat(ctx: CallContext, args: OpenArgs): Promise<void> {
  if (!requireLogin(ctx.lang)) return;
  try {
    const c = await call<Conversation>(ctx, "chat/open", args);
    location.assign(bigchatPath(ctx.lang, c.uid));
  } catch { /* the client showed the server's message */ }
}
