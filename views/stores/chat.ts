import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

// Chat shapes on the wire (see /chat-protocol: Message, ConversationView).
import type { Card } from "../lib/types";

export interface ChatMessage {
  uid?: string; conversation: string; seq: number; side: string; type: number; content: string;
  appId: string; at: string; mine: boolean;
  card?: Card; // type 3: a goods card as everywhere else
  order?: { orderNumber: string; status: number }; // type 4
  bot?: string; // customer service's assistant wrote it: the engine (builtin, remote:{model})
  // Only in this browser: a message of ours not yet stored ("sending"),
  // waiting for the network ("queued") or refused ("failed": Retry).
  state?: "sending" | "queued" | "failed";
  error?: string; // why it failed, in the user's language
}
export interface ChatPeer { name: string; avatar?: string; identityUid?: string; type?: number }
export interface Conversation {
  uid: string; kind: string; side: string; peer: ChatPeer; last: ChatMessage | null; unread: number; lastSeq: number;
  attached?: { treId?: string; orderNumber?: string };
  needsPerson?: boolean; // customer service: the assistant handed over to a person
}
export interface Unread { total: number; map: Record<string, number> }
export interface ChatNotice { text: string; detail?: string; link: string; key: string }

export interface ChatState {
  unread: Unread;
  unreadVer: number; // grows with every change of unread: an answer asked for before a change is stale
  msgs: Record<string, ChatMessage[]>; // per conversation: stored ones by seq, then our pending ones
  readSeq: Record<string, number>;     // per "conversation:side": how far that side has read
  open: string;                        // the conversation this tab shows ("" for none)
  notice: ChatNotice | null;           // the chat toast (SPEC §9: 4 s, top-right)
  setUnread(u: Unread): void;
  addMessages(conv: string, list: ChatMessage[]): void;
  setPending(m: ChatMessage): void;
  setRead(conv: string, side: string, seq: number): void;
  setOpen(conv: string): void;
  notify(n: ChatNotice | null): void;
  reset(): void;
}

// merge puts stored messages in seq order, once each; a stored message
// replaces the pending one with its appId (ours, acknowledged).
export function merge(cur: ChatMessage[], add: ChatMessage[]): ChatMessage[] {
  const stored = new Map<number, ChatMessage>();
  const pending = new Map<string, ChatMessage>();
  for (const m of [...cur, ...add]) {
    if (m.seq > 0) stored.set(m.seq, m);
    else pending.set(m.appId, m);
  }
  for (const m of stored.values()) if (m.mine) pending.delete(m.appId);
  return [...[...stored.values()].sort((a, b) => a.seq - b.seq), ...pending.values()];
}

const empty = { unread: { total: 0, map: {} }, unreadVer: 0, msgs: {}, readSeq: {}, open: "", notice: null };

// chatStore is one per browser page. Unlike the shop store it is a module
// value: only browser code (effects, the realtime client) ever writes it,
// so every server render reads the same empty state.
export const chatStore = createStore<ChatState>()((set) => ({
  ...empty,
  setUnread: (unread) => set((s) => ({ unread, unreadVer: s.unreadVer + 1 })),
  addMessages: (conv, list) => set((s) => ({ msgs: { ...s.msgs, [conv]: merge(s.msgs[conv] ?? [], list) } })),
  setPending: (m) => set((s) => {
    const cur = s.msgs[m.conversation] ?? [];
    // An acknowledgement may arrive before the pending echo of another tab.
    if (cur.some((x) => x.seq > 0 && x.mine && x.appId === m.appId)) return {};
    return { msgs: { ...s.msgs, [m.conversation]: merge(cur.filter((x) => x.appId !== m.appId || x.seq > 0), [m]) } };
  }),
  // Read marks never go backwards (a late frame may carry an older one).
  setRead: (conv, side, seq) => set((s) => {
    const k = conv + ":" + side;
    return seq > (s.readSeq[k] ?? 0) ? { readSeq: { ...s.readSeq, [k]: seq } } : {};
  }),
  setOpen: (open) => set({ open }),
  notify: (notice) => set({ notice }),
  reset: () => set(empty),
}));

export function useChat<T>(selector: (s: ChatState) => T): T {
  return useStore(chatStore, selector);
}

// lastSeq is the highest stored seq this tab holds for conv.
export function lastSeq(conv: string): number {
  const list = chatStore.getState().msgs[conv] ?? [];
  let n = 0;
  for (const m of list) if (m.seq > n) n = m.seq;
  return n;
}
