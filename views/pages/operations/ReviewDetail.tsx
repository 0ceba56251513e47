import { useEffect, useId, useState, type FormEvent } from "react";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { call, diffWords, fieldsOf, GOODS_FIELDS, hasTrail, idOf, goodsText, images, litField, litLabel, text, titleOf, type AuditEntry, type ReviewItem, type ReviewKind, type Values } from "./review";

// ReviewDetail is one item: what was submitted beside what is live, the
// reviewer's actions and the item's audit trail.
export function ReviewDetail({ item, onDecided }: { item: ReviewItem; onDecided: () => void }) {
  const t = useT();
  const api = useApi();
  const { lang } = useData();
  const me = useShop((s) => s.user.email ?? "");
  const reasonId = useId();
  const [trail, setTrail] = useState<AuditEntry[] | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!hasTrail(item.kind)) return;
    api<AuditEntry[]>(call(item.kind, "trail"), { uid: item.uid }, { silent: true }).then(setTrail).catch(() => setTrail([]));
  }, [item.uid, item.status.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const decide = async (action: "take" | "pass" | "reject") => {
    setBusy(true);
    setError("");
    try {
      await api(call(item.kind, "decide"), { ...idOf(item), action, reason: action === "reject" ? reason : "" }, { silent: true });
      onDecided();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("ErrorOccurs"));
      setBusy(false);
    }
  };
  // A blank reason is refused here, with the message the server gives it
  // (ReviewReasonRequired), rather than by a greyed button that does not
  // say why.
  const sendReject = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setReasonError(t("ReviewReasonRequired"));
      document.getElementById(reasonId)?.focus();
      return;
    }
    void decide("reject");
  };
  const closeReject = () => { setRejecting(false); setReasonError(""); };
  const open = item.status.id === 1 || (item.status.id === 3 && (!item.reviewer || item.reviewer === me));
  const takenByOther = item.status.id === 3 && item.reviewer && item.reviewer !== me;
  return (
    <section className="ops-detail" aria-labelledby={reasonId + "h"} data-testid="ops-detail" data-uid={item.uid}>
      <div className="ops-detail-head">
        <h2 id={reasonId + "h"}>{item.kind === "goods" ? <bdi>{titleOf(item)}</bdi> : <bdi dir="ltr">{titleOf(item)}</bdi>}</h2>
        <span className="ops-status" style={{ borderColor: item.status.color }} data-testid="ops-detail-status" data-status={item.status.id}>{item.status.tNa}</span>
      </div>
      <p className="small muted">{item.kind === "goods" && item.owner ? <><bdi dir="ltr">{item.owner}</bdi> · </> : null}<bdi dir="ltr">{item.uid}</bdi>{item.reviewer ? <> · <span data-testid="ops-taken-by">{t("OpsTakenByWho", { who: item.reviewer })}</span></> : null}</p>
      {item.rejectReason ? <p className="small"><strong>{t("OpsReason")}:</strong> <bdi>{item.rejectReason}</bdi></p> : null}
      <Diff kind={item.kind} live={item.live} submitted={item.submitted} />
      {item.translations ? <Translations all={item.translations} machine={item.machine ?? {}} main={item.submitted} /> : null}
      {error ? <p className="pay-error" role="alert" data-testid="ops-error">{error}</p> : null}
      {takenByOther ? <p className="small muted">{t("OpsTakenByWho", { who: item.reviewer })}</p> : null}
      {open ? (
        <div className="ops-actions">
          {item.status.id === 1 ? <button type="button" className="btn" disabled={busy} data-key="t" data-testid="ops-take" onClick={() => void decide("take")}>{t("OpsTake")} <kbd>t</kbd></button> : null}
          <button type="button" className="btn primary" disabled={busy} data-key="p" data-testid="ops-pass" onClick={() => void decide("pass")}>{t("OpsPass")} <kbd>p</kbd></button>
          <button type="button" className="btn danger" disabled={busy} data-key="r" data-testid="ops-reject" aria-expanded={rejecting}
            onClick={() => { setRejecting(true); setTimeout(() => document.getElementById(reasonId)?.focus(), 0); }}>{t("OpsReject")} <kbd>r</kbd></button>
        </div>
      ) : null}
      {open && rejecting ? (
        <form className="ops-reject" noValidate onSubmit={sendReject}>
          <label htmlFor={reasonId}>{t("OpsRejectReason")}</label>
          <textarea id={reasonId} value={reason} maxLength={500} rows={3} aria-required="true" data-testid="ops-reason"
            aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? reasonId + "e" : undefined}
            onChange={(e) => { setReason(e.target.value); if (e.target.value.trim()) setReasonError(""); }}
            onKeyDown={(e) => { if (e.key === "Escape") closeReject(); }} />
          {reasonError ? <p id={reasonId + "e"} className="hint error" role="alert" data-testid="ops-reason-error">{reasonError}</p> : null}
          <div className="ops-actions">
            <button type="submit" className="btn danger" disabled={busy} data-testid="ops-reject-send">{t("OpsRejectSend")}</button>
            <button type="button" className="btn" onClick={closeReject}>{t("Cancel")}</button>
          </div>
        </form>
      ) : null}
      {hasTrail(item.kind) ? <><h3>{t("OpsTrail")}</h3><Trail rows={trail} lang={lang} /></> : null}
    </section>
  );
}

// Diff shows every field: live and submitted side by side, changed words
// marked, pictures as pictures. A first submission (nothing live yet) has
// no live column. Goods fields read by their form's labels.
function Diff({ kind, live, submitted }: { kind: ReviewKind; live: Values | null; submitted: Values | null }) {
  const t = useT();
  const keys = fieldsOf(submitted, live, kind);
  if (keys.length === 0) return <p className="muted small">{t("OpsNoValues")}</p>;
  const field = (k: string) => (kind === "goods" ? GOODS_FIELDS.find((f) => f.key === k) : undefined);
  const shown = (k: string, v: unknown, all: Values | null) => {
    const o = field(k)?.options?.[text(v)];
    return o ? t(o) : kind === "goods" ? goodsText(k, v, t, all) : text(v);
  };
  return (
    // Focusable: a phone scrolls the table sideways by keyboard too.
    <div className="ops-scroll" tabIndex={0} role="region" aria-label={t("OpsChanges")}>
      <table className={"ops-table ops-diff" + (live ? "" : " first")} data-testid="ops-diff">
        <thead><tr><th>{t("OpsField")}</th>{live ? <th>{t("OpsLive")}</th> : null}<th>{t("OpsSubmitted")}</th></tr></thead>
        <tbody>
          {keys.map((k) => {
            const a = live?.[k], b = submitted?.[k];
            const changed = text(a) !== text(b);
            const pa = images(a), pb = images(b);
            const f = field(k);
            const label = f ? t(f.label) : k;
            return (
              <tr key={k} className={changed ? "changed" : undefined} data-field={k}>
                <th scope="row" title={k}>{f ? label : <bdi dir="ltr">{k}</bdi>}</th>
                {pa || pb ? (
                  <>
                    {live ? <td><div className="ops-pics">{pa?.map((u, i) => <img key={i} src={u} alt={t("OpsLive") + ": " + label} loading="lazy" />)}</div></td> : null}
                    <td><div className="ops-pics">{pb?.map((u, i) => <img key={i} src={u} alt={t("OpsSubmitted") + ": " + label} loading="lazy" />)}</div></td>
                  </>
                ) : (
                  <>
                    {live ? <td><bdi>{shown(k, a, live)}</bdi></td> : null}
                    <td><bdi>{changed && live ? diffWords(shown(k, a, live), shown(k, b, submitted)).filter((p) => p.op !== "del").map((p, i) =>
                      p.op === "add" ? <ins key={i}>{p.t}</ins> : <span key={i}>{p.t}</span>) : shown(k, b, submitted)}</bdi></td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

// The audit's actions by their catalogue keys (app/staff Decision.Action).
const ACTIONS: Record<string, string> = {
  take: "OpsTake", pass: "OpsPass", reject: "OpsReject", refund: "OpsRefund", cancel: "OpsCancelOrder",
  grant: "OpsGrant", revoke: "OpsRevoke", edit: "OpsEdited",
};

export function Trail({ rows, lang }: { rows: AuditEntry[] | null; lang: string }) {
  const t = useT();
  if (rows === null) return <p className="muted small">{t("Loading")}</p>;
  if (rows.length === 0) return <p className="muted small" data-testid="ops-trail-empty">{t("OpsTrailEmpty")}</p>;
  return (
    <ol className="ops-trail small" data-testid="ops-trail">
      {rows.map((r, i) => (
        <li key={i} data-action={r.action}>
          <span className="nowrap">{formatDate(Date.parse(r.at), lang, true, true)}</span>{" "}
          <bdi dir="ltr">{r.actor}</bdi> ({r.role || "cli"}): <strong>{ACTIONS[r.action] ? t(ACTIONS[r.action]) : r.action}</strong>
          {r.reason ? <> · <bdi>{r.reason}</bdi></> : null}
          <details className="ops-change">
            <summary>{t("OpsChange")}</summary>
            <code dir="ltr">{r.before}</code> → <code dir="ltr">{r.after}</code>
          </details>
        </li>
      ))}
    </ol>
  );
}

// Translations lists the goods owner's waiting translations by language;
// an empty text removes that field's translation. Machine-made ones say so.
function Translations({ all, machine, main }: { all: Record<string, Record<string, string>>; machine: Record<string, string[]>; main: Values | null }) {
  const t = useT();
  const { langs } = useData();
  return (
    <div className="ops-scroll" tabIndex={0} role="region" aria-label={t("LitTitle")} data-testid="ops-translations">
      <h3 className="goods-sub">{t("LitTitle")}</h3>
      <table className="ops-table ops-diff first">
        <thead><tr><th>{t("LitLanguage")}</th><th>{t("OpsField")}</th><th>{t("OpsSubmitted")}</th></tr></thead>
        <tbody>
          {Object.entries(all).flatMap(([code, texts]) => Object.entries(texts).map(([k, v]) => (
            <tr key={code + k}>
              <th scope="row">{langs.find((l) => l.code === code)?.name ?? code}</th>
              <td>{t(litLabel(k))} <bdi className="muted">{litField(k, main)}</bdi></td>
              <td lang={code} dir="auto">{v === "" ? <em className="muted">{t("LitRemoved")}</em> : v}
                {machine[code]?.includes(k) ? <> <span className="status-badge" data-testid="ops-machine">{t("AIMachine")}</span></> : null}</td>
            </tr>
          )))}
        </tbody>
      </table>
    </div>
  );
}
