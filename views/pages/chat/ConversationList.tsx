import { useEffect, useState } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useChat, type ChatMessage, type Conversation } from "../../stores/chat";
import { relativeTime } from "../../lib/hydrated";
import { bigchatPath } from "../../lib/chat";
import { preview } from "../../components/realtimeHooks";
import { Badge } from "../../components/Badge";
import { PeerAvatar } from "./PeerAvatar";

// useNow ticks each minute, so "5 minutes ago" moves on (SPEC §9 times).
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60e3);
    return () => clearInterval(id);
  }, []);
  return now;
}

// newest is the later of the list's last message and what this tab has
// received since the list was loaded.
function newest(c: Conversation, msgs: ChatMessage[] | undefined): ChatMessage | null {
  const m = msgs?.[msgs.length - 1];
  if (!m) return c.last;
  if (!c.last) return m;
  return Date.parse(m.at) >= Date.parse(c.last.at) ? m : c.last;
}

// ConversationList: peer, last message, its time and the unread count,
// newest activity first.
export function ConversationList({ list, current, onPick, onMore }: {
  list: Conversation[] | null; current: string; onPick(uid: string): void; onMore?: () => void;
}) {
  const t = useT();
  const { lang } = useData();
  const hydrated = useShop((s) => s.hydrated);
  const now = useNow();
  const msgs = useChat((s) => s.msgs);
  const unread = useChat((s) => s.unread.map);
  if (!list) return <nav className="chat-list" aria-label={t("ChatList")}><p className="muted chat-note">{t("Loading")}</p></nav>;
  const rows = list.map((c) => ({ c, last: newest(c, msgs[c.uid]) }))
    .sort((a, b) => (b.last ? Date.parse(b.last.at) : 0) - (a.last ? Date.parse(a.last.at) : 0));
  return (
    <nav className="chat-list" aria-label={t("ChatList")} data-testid="chat-list">
      <h2 className="chat-title">{t("ChatList")}</h2>
      {rows.length ? null : <p className="muted chat-note" data-testid="chat-none">{t("ChatNone")}</p>}
      <ul>
        {rows.map(({ c, last }) => (
          <li key={c.uid}>
            <a href={bigchatPath(lang, c.uid)} className={"chat-row" + (c.uid === current ? " on" : "")} aria-current={c.uid === current ? "page" : undefined}
              onClick={(e) => { e.preventDefault(); onPick(c.uid); }} data-testid="chat-row">
              <PeerAvatar peer={c.peer} />
              <span className="chat-row-main">
                <span className="chat-row-top">
                  <strong className="chat-peer" dir="auto">{c.peer.name}</strong>
                  <time className="muted" dateTime={last?.at}>{relativeTime(last ? Date.parse(last.at) : undefined, now, lang, hydrated)}</time>
                </span>
                <span className="chat-row-bottom">
                  <span className="chat-last muted" dir="auto">{last ? (last.mine ? t("ChatYou") + ": " : "") + preview(last, t) : ""}</span>
                  {c.needsPerson && c.side === "peer" ? <span className="chat-flag" data-testid="chat-needs-person">{t("ChatNeedsPerson")}</span> : null}
                  <Badge count={c.uid === current ? 0 : unread[c.uid] ?? c.unread} max={999} />
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {onMore ? <button type="button" className="btn chat-more" onClick={onMore} data-testid="chat-more">{t("LoadMore")}</button> : null}
    </nav>
  );
}
