import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { CardGrid } from "../../components/GoodsCard";
import { Pager, listQuery } from "../../components/Listing";
import { useShop, useT, useData } from "../../stores/context";
import { identityPath } from "../../lib/paths";
import { txtLang } from "../../lib/i18n";
import type { IdentityInfo } from "../../lib/types";
import { picture } from "../../components/Picture";
import { ChatButton } from "../../components/ChatButton";

// Makers, creators and sellers take questions; analysts do not sell.
const CHAT_TYPES = new Set([21, 22, 23]);

const typeKeys: Record<number, string> = { 21: "IdentityCreator", 22: "IdentitySeller", 23: "IdentityMaker", 24: "IdentityAnalyst", 41: "IdentityCustomerService" };

// IdentityPage: an identity's header and its goods, paged with real links.
// The first card's picture is the largest on the page (lcp).
export function IdentityPage() {
  const t = useT();
  const data = useData();
  const it = data.data.identity as IdentityInfo;
  const page = data.data.cards ?? { cards: [], total: 0, page: 1, pageSize: 24 };
  const base = identityPath(data.lang, it.identityType, it.uid);
  const typeName = t(typeKeys[it.identityType] ?? "IdentitySeller");
  return (
    <Layout>
      <Seo title={t("MetaIdentityTitle", { name: it.name, type: typeName })} description={it.brief.txt || t("MetaIdentityDescription", { name: it.name })} type="profile" />
      <header className="identity-head">
        <span className="avatar big" aria-hidden="true">{it.avatarUrl ? picture({ src: it.avatarUrl, width: 72, height: 72, eager: true }) : it.name.slice(0, 1)}</span>
        <div>
          <h1 data-testid="identity-name">{it.name}</h1>
          <p className="muted">{typeName} · {t(it.entityType === 2 ? "EntityCompany" : "EntityPerson")}{it.country ? " · " + it.country : ""}</p>
          {it.title.txt ? <p className="identity-title" lang={txtLang(it.title, data.lang)}>{it.title.txt}</p> : null}
          {it.brief.txt ? <p lang={txtLang(it.brief, data.lang)}>{it.brief.txt}</p> : null}
          {CHAT_TYPES.has(it.identityType) ? <ChatButton args={{ kind: "identity", identityUid: it.uid }} label="Chat" testid="chat-identity" /> : null}
        </div>
      </header>
      <section className="row">
        <h2>{t("GoodsOf", { name: it.name })} <small className="muted">{t("GoodsCount", { n: it.goodsCount })}</small></h2>
        {page.cards.length ? <CardGrid cards={page.cards} eagerFirst={2} lcp /> : <p className="muted">{t("NoGoods")}</p>}
        <Pager list={page} at={(n) => base + listQuery({ page: n })} />
      </section>
      {it.designs?.length ? (
        <section className="row" aria-labelledby="designs" data-testid="identity-designs">
          <h2 id="designs">{t("IdentityDesigns")}</h2>
          <ul className="cr-list">
            {it.designs.map((d) => (
              <li key={d.createVUid} className="cr-card">
                <a href={"/" + data.lang + "/ai-creation/" + encodeURIComponent(d.treId) + "/" + encodeURIComponent(d.createVUid)}>
                  {picture({ src: d.image.url, width: d.image.width, height: d.image.height, alt: t("CreationDesignAlt", { n: d.number }) })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Layout>
  );
}
