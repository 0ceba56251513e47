import { useEffect, useState } from "react";
import { useApi } from "../../api/useApi";
import { useData, usePrice, useT } from "../../stores/context";
import { goodsPath, withLang } from "../../lib/paths";
import { txtLang } from "../../lib/i18n";
import { priceText } from "../../components/PriceTag";
import type { Card } from "../../lib/types";
import type { Conversation } from "../../stores/chat";

// GoodsCardLink is a goods item in a conversation: picture, name, price.
export function GoodsCardLink({ card, treId }: { card?: Card; treId: string }) {
  const t = useT();
  const { lang } = useData();
  const price = usePrice();
  return (
    <a className="chat-card" href={goodsPath(lang, card?.treId ?? treId, card?.uri)} data-testid="chat-card">
      {card?.treImage ? <img src={card.treImage.smallThumbnail.url} alt="" width={48} height={64} loading="lazy" /> : null}
      <span><strong lang={card ? txtLang(card.treName, lang) : undefined}>{card?.treName.txt || t("ChatGoodsCard")}</strong>{card ? priceText(card.priceData, price) : null}</span>
    </a>
  );
}

// Attached is what the conversation is about, under its header: the goods
// item it was opened from, or the order (the server keeps the latest one).
export function Attached({ conv }: { conv: Conversation }) {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const treId = conv.attached?.treId ?? "";
  const order = conv.attached?.orderNumber ?? "";
  const [card, setCard] = useState<Card>();
  useEffect(() => {
    if (treId) api<Card>("tre/getTreDetail", { treId }, { silent: true }).then(setCard, () => undefined);
  }, [treId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!treId && !order) return null;
  const orderHref = conv.side === "peer" ? withLang(lang, "/operations/showorder/" + encodeURIComponent(order)) : withLang(lang, "/myorder/" + encodeURIComponent(order));
  return (
    <div className="chat-attached" data-testid="chat-attached">
      {treId ? <GoodsCardLink card={card} treId={treId} /> : null}
      {order ? <a className="chat-order" href={orderHref} data-testid="chat-order">{t("ChatOrderRef")} <bdi dir="ltr">{order}</bdi></a> : null}
    </div>
  );
}
