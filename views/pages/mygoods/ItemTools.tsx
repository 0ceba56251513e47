import { useState } from "react";
import { useApi } from "../../api/useApi";
import { useData, useShop, useT } from "../../stores/context";
import { formatNumber, txtLang } from "../../lib/i18n";
import { MAX_STOCK, parseStock, stockRows, type MyItem } from "./mygoods";

// ItemTools: the review status and sale status chips, the on/off sale
// switch and the stock editor of one of the seller's goods. Every change
// sends the card's sid back (SPEC §3); stock is set against what the
// seller saw, so a sale made meanwhile is reported, never overwritten.
export function ItemTools({ item, onChange }: { item: MyItem; onChange(it: MyItem): void }) {
  const t = useT();
  const { lang, numfmt } = useData();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const rows = stockRows(item);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onSale = item.saleable === 1;

  const toggle = async () => {
    setBusy(true);
    try {
      await api("tre/upTreSaleStatus", { treId: item.treId, sid: item.sid, saleable: onSale ? 0 : 1 });
      onChange({ ...item, saleable: onSale ? 0 : 1 });
      showToast(t("SaleStatusSaved"));
    } catch { /* the client showed why */ } finally { setBusy(false); }
  };
  const bad = rows.some((r) => draft[r.skuId] !== undefined && parseStock(draft[r.skuId]) === null);
  const changed = rows.filter((r) => draft[r.skuId] !== undefined && parseStock(draft[r.skuId]) !== r.stock);
  const save = async () => {
    if (bad || !changed.length) return;
    setBusy(true);
    try {
      const res = await api<{ items: { skuId: string; stock: number }[] }>("tre/changeInventory", {
        treId: item.treId, sid: item.sid, items: changed.map((r) => ({ skuId: r.skuId, stock: parseStock(draft[r.skuId]), was: r.stock })),
      });
      const now = Object.fromEntries(res.items.map((x) => [x.skuId, x.stock]));
      const skus = item.skus.map((k) => (k.id in now ? { ...k, stock: now[k.id] } : k));
      const goodsStock = "" in now ? now[""] : item.goodsStock;
      const inventory = skus.length ? skus.reduce((n, k) => n + k.stock, 0) : goodsStock;
      onChange({ ...item, skus, goodsStock, inventory, stock: inventory });
      setDraft({});
      showToast(t("StockSaved"));
    } catch { /* the client showed why (a conflict names the stock now) */ } finally { setBusy(false); }
  };

  return (
    <div className="mg-tools">
      <div className="mg-chips">
        {item.reviewStatus.tNa ? (
          <span className="status-badge mg-review" data-testid="mygoods-review" data-status={item.approveStatus}>
            <span className="mg-dot" style={{ background: item.reviewStatus.color }} aria-hidden="true" />{item.reviewStatus.tNa}
          </span>
        ) : null}
        <span className={"status-badge" + (onSale ? "" : " wait")} data-testid="mygoods-sale">{onSale ? t("OnSale") : t("OffSale")}</span>
        <button type="button" className="btn small" role="switch" aria-checked={onSale} disabled={busy} onClick={() => void toggle()} data-testid="mygoods-toggle">
          {onSale ? t("TakeOffSale") : t("PutOnSale")}
        </button>
      </div>
      <form className="mg-stock" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <fieldset disabled={busy}>
          <legend>{t("StockLabel")}</legend>
          {rows.map((r) => {
            const name = r.names.length ? r.names.map((n) => n.txt).join(" / ") : t("StockLabel");
            const v = draft[r.skuId] ?? String(r.stock);
            return (
              <label key={r.skuId} className="mg-stock-row">
                <span lang={r.names[0] ? txtLang(r.names[0], lang) : undefined}>{name}</span>
                <input type="text" inputMode="numeric" dir="ltr" value={v} aria-label={t("StockOf", { name })} aria-invalid={parseStock(v) === null || undefined}
                  onChange={(e) => setDraft({ ...draft, [r.skuId]: e.target.value })} data-testid="mygoods-stock" data-sku={r.skuId} />
              </label>
            );
          })}
          {/* Say why Save is off, not only with a red border. */}
          {bad ? <p className="hint error" role="alert" data-testid="mygoods-stock-error">{t("StockRange", { max: formatNumber(MAX_STOCK, numfmt, 0) })}</p> : null}
          <button type="submit" className="btn small primary" disabled={bad || !changed.length} data-testid="mygoods-save-stock">{t("SaveStock")}</button>
        </fieldset>
      </form>
    </div>
  );
}
