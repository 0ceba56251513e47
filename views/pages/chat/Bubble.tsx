import type { ReactNode } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { GoodsCardLink } from "./Attached";
import type { ChatMessage } from "../../stores/chat";
import { relativeTime } from "../../lib/hydrated";
import { withLang } from "../../lib/paths";
import { retryChat } from "../../lib/chat";

// linkify makes http(s) addresses links that pass no ranking and no opener;
// everything else stays text (React escapes it).
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\bhttps?:\/\/[^\s<>"']+/gi;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, "");
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(<a key={m.index} href={url} rel="nofollow ugc noopener noreferrer" target="_blank">{url}</a>);
    at = m.index + url.length;
    re.lastIndex = at;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

// Content renders a message by its type: text, picture, goods card, order.
function Content({ m, side }: { m: ChatMessage; side?: string }) {
  const t = useT();
  const { lang } = useData();
  if (m.type === 2) return <a href={m.content} target="_blank" rel="noopener"><img className="chat-img" src={m.content} alt={t("ChatPhoto")} loading="lazy" /></a>;
  if (m.type === 3) return <GoodsCardLink card={m.card} treId={m.content} />;
  if (m.type === 4) {
    const n = m.order?.orderNumber ?? m.content;
    // The shopper opens their order; the other side (staff, seller) its back-office page.
    const href = side === "peer" ? withLang(lang, "/operations/showorder/" + encodeURIComponent(n)) : withLang(lang, "/myorder/" + encodeURIComponent(n));
    return <a className="chat-order" href={href} data-testid="chat-order">{t("ChatOrderRef")} <bdi dir="ltr">{n}</bdi></a>;
  }
  return <p className="chat-text" dir="auto">{linkify(m.content)}</p>;
}

// Bubble is one message: ours at the inline end, theirs at the start; ours
// say sending, waiting for the network, sent/read, or failed with Retry.
export function Bubble({ m, side, receipt }: { m: ChatMessage; side?: string; receipt: string }) {
  const t = useT();
  const data = useData();
  const hydrated = useShop((s) => s.hydrated);
  const state = m.state === "sending" ? t("ChatSending") : m.state === "queued" ? t("ChatQueued") : m.state === "failed" ? (m.error || t("ChatFailed")) : receipt;
  return (
    // The assistant speaks for customer service: on staff's side of the page.
    <div className={"chat-msg" + (m.mine || (m.bot && side === "peer") ? " mine" : "") + (m.bot ? " bot" : "") + (m.state === "failed" ? " failed" : "")} data-testid="chat-msg"
      data-seq={m.seq || undefined} data-state={m.state} data-bot={m.bot || undefined}>
      {/* The assistant's answers say so, and which engine made them. */}
      {m.bot ? <span className="chat-bot-label" data-testid="chat-bot">{t("ChatAssistantBy", { engine: m.bot })}</span> : null}
      <div className="chat-bubble"><Content m={m} side={side} /></div>
      <div className="chat-meta muted">
        <time dateTime={m.at}>{relativeTime(Date.parse(m.at), Date.now(), data.lang, hydrated)}</time>
        {state ? <span role={m.state === "failed" ? "alert" : undefined}> · {state}</span> : null}
        {m.state === "failed" || m.state === "queued" ? (
          <button type="button" className="link-btn" onClick={() => void retryChat({ ...data, t }, m)} data-testid="chat-retry">{t("Retry")}</button>
        ) : null}
      </div>
    </div>
  );
}
