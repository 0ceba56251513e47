import { useCallback, useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { useApi } from "../../api/useApi";
import { useData, useShop, useT } from "../../stores/context";
import { chatStore, useChat, type Conversation } from "../../stores/chat";
import { bigchatPath } from "../../lib/chat";
import { ConversationList } from "./ConversationList";
import { ConversationPane } from "./ConversationPane";

// The open conversation lives in ?c=, so reload, back and links (toasts,
// "Chat with seller") land on it.
function currentConv(): string {
  return new URLSearchParams(location.search).get("c") ?? "";
}

// ChatPage is bigchat: the conversation list and one conversation, side by
// side on a desktop, two screens on a phone (≤ 50em). Login required; a
// public shell filled in after hydration, noindex.
export function ChatPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const [list, setList] = useState<Conversation[] | null>(null);
  const [more, setMore] = useState(0); // the next page of the list to load, 0 when none
  const [conv, setConv] = useState("");
  const unreadMap = useChat((s) => s.unread.map);

  // load(1) refreshes the list; a later page adds to it (newest first, so
  // a conversation that moved up is kept once).
  const load = useCallback((page = 1) => {
    api<{ list: Conversation[]; total: number }>("chat/list", { page }, { silent: true }).then((r) => {
      setList((l) => {
        const next = page === 1 ? r.list : [...(l ?? []), ...r.list.filter((c) => !l?.some((x) => x.uid === c.uid))];
        setMore(next.length < r.total && r.list.length ? page + 1 : 0);
        return next;
      });
    }, () => setList((l) => l ?? []));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const sync = () => setConv(currentConv());
    sync();
    window.addEventListener("popstate", sync);
    return () => window.removeEventListener("popstate", sync);
  }, []);
  useEffect(() => { if (signedIn) load(1); }, [signedIn, load]);
  // A conversation this list does not know (a new one, opened elsewhere)
  // brings the list up to date.
  useEffect(() => {
    if (list && Object.keys(unreadMap).some((c) => unreadMap[c] > 0 && !list.some((x) => x.uid === c))) load(1);
  }, [unreadMap, list, load]);
  useEffect(() => {
    chatStore.getState().setOpen(conv);
    return () => chatStore.getState().setOpen("");
  }, [conv]);

  const go = (uid: string) => {
    history.pushState(null, "", bigchatPath(lang, uid));
    setConv(uid);
  };
  const current = list?.find((c) => c.uid === conv);
  return (
    <Layout loginRequired toastMs={4000}>
      <Seo title={t("Chat") + " | Souk"} description={t("Chat")} noindex />
      {/* The page's heading stays when a phone hides the list for a conversation. */}
      <h1 className="sr-only">{t("Chat")}</h1>
      <div className={"chat-page" + (conv ? " has-conv" : "")} data-testid="chat-page">
        <ConversationList list={list} current={conv} onPick={go} onMore={more ? () => load(more) : undefined} />
        {/* The pane calls the API at once: only with the session read. */}
        {conv && signedIn ? <ConversationPane key={conv} uid={conv} conv={current} onBack={() => go("")} />
          : <p className="chat-empty muted">{list?.length ? t("ChatPick") : ""}</p>}
      </div>
    </Layout>
  );
}
