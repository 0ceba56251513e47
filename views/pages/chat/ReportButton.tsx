import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";

// ReportButton sends a conversation to customer service with a reason.
export function ReportButton({ uid }: { uid: string }) {
  const t = useT();
  const api = useApi();
  const showToast = useShop((s) => s.showToast);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const send = () => {
    api("chat/report", { uid, reason: reason.trim() }).then(() => {
      setOpen(false);
      setReason("");
      showToast(t("ChatReported"));
    }, () => undefined); // the client showed why
  };
  return (
    <>
      <button type="button" className="pill chat-report" onClick={() => setOpen(true)} data-testid="chat-report">{t("ChatReport")}</button>
      {open ? (
        <Dialog title={t("ChatReport")} onClose={() => setOpen(false)} footer={
          <div className="row-actions">
            <button type="button" className="btn" onClick={() => setOpen(false)}>{t("Cancel")}</button>
            <button type="button" className="btn danger" onClick={send} disabled={!reason.trim()} data-testid="chat-report-send">{t("ChatReport")}</button>
          </div>}>
          <label className="field">
            <span>{t("ChatReportReason")}</span>
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} data-autofocus data-testid="chat-report-reason" />
          </label>
        </Dialog>
      ) : null}
    </>
  );
}
