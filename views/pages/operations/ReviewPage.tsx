import { useEffect, useRef, useState } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { OpsFrame } from "./OpsFrame";
import { NotYours } from "./SellerParts";
import { ReviewDetail } from "./ReviewDetail";
import { asReviewItem, call, identityQueuePath, identityTypeOf, IDENTITY_TYPES, PAGE_SIZE, STATUS_FILTERS, titleOf, type ReviewItem, type ReviewKind } from "./review";

// EntityReviewPage is operations/showbiggerentity.
export function EntityReviewPage() { return <ReviewQueue kind="entity" />; }

// IdentityReviewPage is operations/showbiggeridentity/{identityType}
// ("all", a page name or a number).
export function IdentityReviewPage() { return <ReviewQueue kind="identity" />; }

// GoodsReviewPage is operations/showtreasure, over the goods review API
// (operations/treasure/list|decide), which answers as the identity queue does.
export function GoodsReviewPage() { return <ReviewQueue kind="goods" />; }

// ReviewQueue is a dense table of the items of one kind by status, with
// paging, and the chosen item beside it (ReviewDetail). Keys: j / k move
// through the rows, t takes, p passes, r starts a rejection.
function ReviewQueue({ kind }: { kind: ReviewKind }) {
  const t = useT();
  const api = useApi();
  const { lang, data } = useData();
  const signedIn = useShop((s) => s.signedIn);
  const loaded = useShop((s) => s.sessionLoaded);
  const idType = kind === "identity" ? identityTypeOf(data.param ?? "all") : 0;
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ReviewItem[] | null | "missing">(null);
  const [sel, setSel] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const table = useRef<HTMLTableSectionElement>(null);
  // The newest list asked for: only its answer is shown (a filter chosen
  // while an older list or a decision's reload is on its way wins), and a
  // decision reloads the filter and page shown now.
  const asked = useRef({ n: 0, status: 0, page: 1 });

  const load = async (st: number, p: number, keep = "") => {
    const n = ++asked.current.n;
    asked.current.status = st;
    asked.current.page = p;
    setBusy(true);
    setError("");
    try {
      const list = (await api<ReviewItem[]>(call(kind, "list"), { identityType: idType, status: st, page: p }, { silent: true })).map((x) => asReviewItem(kind, x));
      if (n !== asked.current.n) return;
      setItems(list);
      setStatus(st);
      setPage(p);
      setSel(list.some((x) => x.uid === keep) ? keep : list[0]?.uid ?? "");
    } catch (e) {
      if (n !== asked.current.n) return;
      if (e instanceof ApiError && (e.code === 104 || e.code === 401)) setItems("missing");
      else { setError(e instanceof ApiError ? e.message : t("ErrorOccurs")); setItems((o) => o ?? []); }
    } finally {
      if (n === asked.current.n) setBusy(false);
    }
  };
  useEffect(() => {
    if (!loaded) return;
    if (!signedIn) { setItems("missing"); return; }
    void load(0, 1);
  }, [loaded, signedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const list = Array.isArray(items) ? items : [];
  const current = list.find((x) => x.uid === sel) ?? null;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || list.length === 0) return;
      const i = list.findIndex((x) => x.uid === sel);
      if (e.key === "j" || e.key === "k") {
        const next = list[Math.min(list.length - 1, Math.max(0, i + (e.key === "j" ? 1 : -1)))];
        setSel(next.uid);
        table.current?.querySelector<HTMLButtonElement>(`button[data-uid="${next.uid}"]`)?.focus();
        e.preventDefault();
      } else if (e.key === "t" || e.key === "p" || e.key === "r") {
        document.querySelector<HTMLButtonElement>(`[data-key="${e.key}"]`)?.click();
        e.preventDefault();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [list, sel]);

  const title = kind === "entity" ? t("OpsEntities") : kind === "goods" ? t("OpsGoods") : t("OpsIdentities");
  if (items === "missing") return <OpsFrame title={title} section={kind}><NotYours /></OpsFrame>;
  return (
    <OpsFrame title={title} section={kind}>
      <div className="ops-head">
        <h1>{title}</h1>
        <div className="ops-filters" role="group" aria-label={t("OpsFilters")}>
          {kind === "identity" ? (
            <label className="ops-select">
              <span>{t("OpsType")}</span>
              <select value={IDENTITY_TYPES.find((x) => x.id === idType)?.name ?? "all"} data-testid="ops-type"
                onChange={(e) => location.assign(identityQueuePath(lang, e.target.value))}>
                {IDENTITY_TYPES.map((x) => <option key={x.name} value={x.name}>{t(x.key)}</option>)}
              </select>
            </label>
          ) : null}
          <label className="ops-select">
            <span>{t("OpsStatus")}</span>
            <select value={status} disabled={busy} data-testid="ops-status" onChange={(e) => void load(Number(e.target.value), 1)}>
              {STATUS_FILTERS.map((x) => <option key={x.id} value={x.id}>{t(x.key)}</option>)}
            </select>
          </label>
        </div>
      </div>
      <p className="ops-keys small muted">{t("OpsKeys")}</p>
      {error ? <p className="pay-error" role="alert">{error}</p> : null}
      <div className="ops-split">
        <div className="ops-list">
          {items === null ? <p className="muted">{t("Loading")}</p> : list.length === 0 ? (
            <p className="muted" data-testid="ops-empty">{t("OpsNothing")}</p>
          ) : (
            <div className="ops-scroll" tabIndex={0} role="region" aria-label={title}>
              <table className="ops-table" data-testid="ops-queue">
                <thead>
                  <tr><th>{kind === "goods" ? t("OpsGoods") : t("OpsOwner")}</th>{kind !== "goods" ? <th>{t("OpsType")}</th> : null}<th>{t("OpsStatus")}</th><th>{t("OpsTakenBy")}</th><th>{t("OpsUpdated")}</th></tr>
                </thead>
                <tbody ref={table}>
                  {list.map((x) => (
                    <tr key={x.uid} aria-selected={x.uid === sel} className={x.uid === sel ? "on" : undefined}>
                      <td>
                        <button type="button" className="ops-row" data-uid={x.uid} data-testid="ops-row" data-owner={x.owner}
                          aria-current={x.uid === sel ? "true" : undefined} onClick={() => setSel(x.uid)}>
                          {kind === "goods" ? <bdi>{titleOf(x)}</bdi> : <bdi dir="ltr">{titleOf(x)}</bdi>}
                        </button>
                        {kind === "goods" && x.owner ? <div className="ops-sub small muted"><bdi dir="ltr">{x.owner}</bdi></div> : null}
                      </td>
                      {kind === "identity" ? <td className="nowrap">{t(IDENTITY_TYPES.find((y) => y.id === x.identityType)?.key ?? "OpsAllTypes")}</td> : null}
                      {kind === "entity" ? <td className="nowrap">{t(x.entityType === 2 ? "EntityCompany" : "EntityPerson")}</td> : null}
                      <td><span className="ops-status" style={{ borderColor: x.status.color }} data-status={x.status.id}>{x.status.tNa}</span></td>
                      <td><bdi dir="ltr">{x.reviewer}</bdi></td>
                      <td className="nowrap" title={formatDate(Date.parse(x.updatedAt), lang, true, true)}>{formatDate(Date.parse(x.updatedAt), lang, true)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="ops-pager">
            <button type="button" className="btn small" disabled={busy || page <= 1} onClick={() => void load(status, page - 1)} data-testid="ops-prev">{t("OpsPrev")}</button>
            <span className="small muted">{t("OpsPage", { n: page })}</span>
            <button type="button" className="btn small" disabled={busy || list.length < PAGE_SIZE} onClick={() => void load(status, page + 1)} data-testid="ops-next">{t("OpsNext")}</button>
          </div>
        </div>
        {current ? <ReviewDetail key={current.uid + current.status.id} item={current} onDecided={() => void load(asked.current.status, asked.current.page, current.uid)} /> : null}
      </div>
    </OpsFrame>
  );
}
