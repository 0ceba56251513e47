import { useT, useData } from "../../stores/context";
import { withLang } from "../../lib/paths";
import type { Mine } from "../../stores/shop";

// OwnerBar is what the owner sees above their own goods item: its review
// and sale status and the way to manage it. Learnt after hydration (the
// page is cached and the same for all), so its code is fetched then, and
// only for owners: it is not part of a product page's first script.
export function OwnerBar({ mine }: { mine: Mine }) {
  const t = useT();
  const { lang } = useData();
  return (
    <div className="mg-chips owner-bar" data-testid="owner-bar">
      <strong>{t("OwnGoodsBar")}</strong>
      {mine.reviewStatus.tNa ? <span className="status-badge mg-review"><span className="mg-dot" style={{ background: mine.reviewStatus.color }} aria-hidden="true" />{mine.reviewStatus.tNa}</span> : null}
      <span className={"status-badge" + (mine.saleable === 1 ? "" : " wait")}>{mine.saleable === 1 ? t("OnSale") : t("OffSale")}</span>
      <a className="btn small" href={withLang(lang, "/mygoods")}>{t("ManageMyGoods")}</a>
    </div>
  );
}
