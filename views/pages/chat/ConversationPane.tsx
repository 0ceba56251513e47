import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useData, useT } from "../../stores/context";
import { chatStore, useChat, type Conversation } from "../../stores/chat";
import { useApi } from "../../api/useApi";
import { loadMessages } from "../../lib/chat";
import { Bubble } from "./Bubble";
import { Composer } from "./Composer";
import { PeerAvatar } from "./PeerAvatar";
import { ReportButton } from "./ReportButton";
import { Attached } from "./Attached";

const EMPTY: never[] = [];

// other is the side that is not the viewer's (read receipts are theirs).
export function otherSide(side: string | undefined): string {
  return side === "peer" ? "shopper" : "peer";
}

// ConversationPane is one conversation: its messages (older ones load when
// scrolled to the top), read receipts, and the composer.
export function ConversationPane({ uid, conv, onBack }: { uid: string; conv?: Conversation; onBack(): void }) {
  const t = useT();
  const data = useData();
  const api = useApi();
  const msgs = useChat((s) => s.msgs[uid] ?? EMPTY);
  const other = otherSide(conv?.side);
  const theirRead = useChat((s) => s.readSeq[uid + ":" + other] ?? 0);
  const [older, setOlder] = useState<"more" | "busy" | "done">("more");
  const box = useRef<HTMLDivElement>(null);
  const keep = useRef<number | null>(null); // distance from the bottom to keep while older ones load
  const marked = useRef(0);

  useEffect(() => {
    loadMessages({ ...data, t }, uid).then((p) => {
      chatStore.getState().setRead(uid, other, p.readSeq);
      if (p.list.length < 30) setOlder("done");
    }, () => setOlder("done"));
  }, [uid]); // eslint-disable-line react-hooks/exhaustive-deps

  // Read up to the newest message of theirs while the page is looked at.
  useEffect(() => {
    const mark = () => {
      const top = msgs.reduce((n, m) => (m.seq > n && !m.mine ? m.seq : n), 0);
      if (top <= marked.current || document.visibilityState !== "visible") return;
      marked.current = top;
      const s = chatStore.getState();
      const n = s.unread.map[uid] ?? 0;
      if (n) s.setUnread({ total: Math.max(0, s.unread.total - n), map: { ...s.unread.map, [uid]: 0 } });
      api("chat/read", { uid, seq: top }, { silent: true }).catch(() => { marked.current = 0; });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [msgs, uid]); // eslint-disable-line react-hooks/exhaustive-deps

  // New messages scroll into view when the reader was at the bottom; older
  // ones keep the view where it was.
  const atBottom = useRef(true);
  // Where we scrolled to ourselves: the scroll event of that move may come
  // after the list grew again, and must not read as the reader leaving the
  // bottom.
  const ours = useRef(-1);
  const toBottom = (el: HTMLElement) => { el.scrollTop = el.scrollHeight; ours.current = el.scrollTop; };
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (keep.current !== null) { el.scrollTop = el.scrollHeight - keep.current; keep.current = null; ours.current = el.scrollTop; }
    else if (atBottom.current) toBottom(el);
  }, [msgs]);

  // The list grows after it is drawn (pictures load, a font arrives) and
  // the box shrinks (the attached strip appears above): stay at the bottom
  // if there.
  const inner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== "function") return;
    const ro = new ResizeObserver(() => { if (atBottom.current) toBottom(el); });
    ro.observe(el);
    if (inner.current) ro.observe(inner.current);
    return () => ro.disconnect();
  }, []);

  const onScroll = () => {
    const el = box.current;
    if (!el || el.scrollTop === ours.current) return;
    ours.current = -1;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop > 40 || older !== "more") return;
    const first = msgs.find((m) => m.seq > 0)?.seq ?? 0;
    if (first <= 1) return setOlder("done");
    setOlder("busy");
    keep.current = el.scrollHeight - el.scrollTop;
    loadMessages({ ...data, t }, uid, first).then((p) => setOlder(p.list.length < 30 ? "done" : "more"), () => setOlder("more"));
  };

  const lastMine = [...msgs].reverse().find((m) => m.mine && m.seq > 0)?.seq ?? 0;
  return (
    <section className="chat-pane" aria-label={conv?.peer.name ?? t("Chat")} data-testid="chat-pane">
      <header className="chat-head">
        <button type="button" className="icon-btn ic icon-back chat-back" onClick={onBack} aria-label={t("ChatBackToList")} data-testid="chat-back" />
        {conv ? <PeerAvatar peer={conv.peer} /> : null}
        <h2 className="chat-peer" dir="auto">{conv?.peer.name ?? ""}</h2>
        <ReportButton uid={uid} />
      </header>
      {conv ? <Attached conv={conv} /> : null}
      {conv?.kind === "service" && conv.side === "shopper" ? <p className="chat-assist-note muted" data-testid="chat-assist-note">{t("ChatAssistantNote")}</p> : null}
      <div className="chat-msgs" ref={box} onScroll={onScroll} data-testid="chat-msgs" aria-live="polite">
        <div className="chat-msgs-in" ref={inner}>
          {older === "busy" ? <p className="muted chat-note">{t("Loading")}</p> : null}
          {msgs.map((m) => (
            <Bubble key={m.seq > 0 ? "s" + m.seq : "p" + m.appId} m={m} side={conv?.side}
              receipt={m.mine && m.seq === lastMine ? (theirRead >= m.seq ? t("ChatRead") : t("ChatSent")) : ""} />
          ))}
        </div>
      </div>
      <Composer uid={uid} />
    </section>
  );
}

