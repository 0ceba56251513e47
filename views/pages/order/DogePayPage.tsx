import { useEffect, useState } from "react";
import { TestModeNotice } from "./PayForm";
import { useData, usePrice, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { formatDate } from "../../lib/hydrated";
import { formatNumber } from "../../lib/i18n";
import { withLang } from "../../lib/paths";
import { OrderFrame } from "./OrderParts";
import { orderPath } from "./orders";
import type { Price } from "../../lib/types";

interface DogePage {
  payUid: string; address: string; amountDoge: string; rate: number; fiat: Price; qr: string; uri: string;
  status: string; simulated: boolean; orderNumbers: string[]; expiresAt: string;
}
interface Progress { status: string; confirmations: number; required: number; received: string; txid: string }

const FINAL = new Set(["succeeded", "failed", "expired", "cancelled", "canceled"]);

// copyText copies to the clipboard, with the old way as a fallback.
async function copyText(s: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(s);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = s;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { /* not allowed */ }
    ta.remove();
    return ok;
  }
}

// DogePayPage shows where to send the DOGE and follows the transfer's
// confirmations every 2 s until it is paid (or expired).
export function DogePayPage() {
  const t = useT();
  const price = usePrice();
  const { lang, data, numfmt } = useData();
  const uid = data.param ?? "";
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const [page, setPage] = useState<DogePage | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    api<DogePage>("dogePay/showTransactionPageData", { uid }, { silent: true })
      .then(setPage).catch((e) => setError(e instanceof ApiError ? e.message : t("ErrorOccurs")));
  }, [signedIn, uid]); // eslint-disable-line react-hooks/exhaustive-deps

  const status = progress?.status ?? page?.status ?? "";
  const done = FINAL.has(status);
  useEffect(() => {
    if (!page || done) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const p = await api<Progress>("dogePay/showTransactionProgress", { uid }, { silent: true });
        if (!stop) setProgress(p);
        if (FINAL.has(p.status)) return;
      } catch { /* try again on the next tick */ }
      if (!stop) timer = setTimeout(tick, 2000);
    };
    void tick();
    return () => { stop = true; clearTimeout(timer); };
  }, [page, done, uid]); // eslint-disable-line react-hooks/exhaustive-deps

  const copy = async (s: string) => showToast(t((await copyText(s)) ? "Copied" : "CopyFailed"));
  const simulate = async () => {
    if (sending) return;
    setSending(true);
    try { await api("dogePay/simulateSend", { uid }); } catch { /* toasted */ } finally { setSending(false); }
  };

  const orders = page?.orderNumbers ?? [];
  const conf = progress?.confirmations ?? 0;
  const required = Math.max(progress?.required ?? 0, 1);
  return (
    <OrderFrame title={t("DogePayTitle")}>
      {error ? <div className="empty-state"><p data-testid="doge-error">{error}</p><a className="btn" href={withLang(lang, "/myorders")}>{t("MenuMyOrders")}</a></div>
        : !page ? <p className="muted">{t("Loading")}</p> : status === "succeeded" ? (
          <div className="panel doge-done" data-testid="doge-paid">
            <p className="ok">{t("DogePaid")}</p>
            <div className="row-actions start">
              {orders.map((n) => <a key={n} className="btn primary" href={orderPath(lang, n, "?paid=1")} data-testid="doge-order-link">{t("ViewOrder", { n })}</a>)}
            </div>
          </div>
        ) : done ? (
          <div className="panel" data-testid="doge-ended">
            <p className="pay-error">{t(status === "expired" ? "DogeExpired" : "DogeFailed")}</p>
            <div className="row-actions start">
              {orders.map((n) => <a key={n} className="btn" href={orderPath(lang, n)}>{t("ViewOrder", { n })}</a>)}
            </div>
          </div>
        ) : (
          <>
          <TestModeNotice doge />
          <div className="doge" data-testid="doge-page">
            <section className="panel doge-qr">
              <img src={page.qr} width={220} height={220} alt={t("DogeQrAlt")} />
              <a className="btn small" href={page.uri}>{t("OpenWallet")}</a>
            </section>
            <section className="panel">
              <p>{t("DogeSendExactly")}</p>
              <div className="copy-row">
                <span className="label">{t("DogeAmount")}</span>
                <code dir="ltr" data-testid="doge-amount">{page.amountDoge} DOGE</code>
                <button type="button" className="btn small" onClick={() => void copy(page.amountDoge)}>{t("Copy")}</button>
              </div>
              <div className="copy-row">
                <span className="label">{t("DogeAddress")}</span>
                <code dir="ltr" className="break" data-testid="doge-address">{page.address}</code>
                <button type="button" className="btn small" onClick={() => void copy(page.address)}>{t("Copy")}</button>
              </div>
              <p className="muted small">
                {t("DogeFiat")} <bdi dir="ltr">{price(page.fiat)}</bdi> · <bdi dir="ltr">1 DOGE = {formatNumber(page.rate, numfmt, 4)} {page.fiat.currency.c}</bdi>
              </p>
              <p className="muted small">{t("DogeExpires", { time: formatDate(Date.parse(page.expiresAt), lang, true, true) })}</p>
              <div className="doge-progress" data-testid="doge-progress">
                <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={required} aria-valuenow={Math.min(conf, required)} aria-label={t("DogeConfirmations")}>
                  <span style={{ inlineSize: Math.min(100, (conf / required) * 100) + "%" }} />
                </div>
                <p className="small">
                  {progress && progress.txid ? t("DogeConfirmationsOf", { n: conf, m: required }) : t("DogeWaiting")}
                </p>
              </div>
              {page.simulated ? (
                <div className="simulated">
                  <p className="muted small">{t("DogeSimulatedHelp")}</p>
                  <button type="button" className="btn" disabled={sending || !!progress?.txid} onClick={() => void simulate()} data-testid="doge-simulate">{t("DogeSimulate")}</button>
                </div>
              ) : null}
            </section>
          </div>
          </>
        )}
    </OrderFrame>
  );
}
