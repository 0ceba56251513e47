import { useT } from "../../stores/context";
import type { ReviewStatus } from "./types";

// StatusBanner says where a submission stands: waiting, in review, approved,
// or rejected with the operator's reason; pending says a change of an
// approved item waits while the approved version stays live.
export function StatusBanner({ status, reason, pending }: { status: ReviewStatus; reason?: string; pending?: boolean }) {
  const t = useT();
  if (status.id === 0) return null;
  const text = status.id === 1 ? (pending ? t("ReviewBannerPending") : t("ReviewBannerWaiting"))
    : status.id === 2 ? t("ReviewBannerPass")
    : status.id === 3 ? t("ReviewBannerDoing")
    : t("ReviewBannerRejected", { reason: reason ?? "" });
  const kind = ["", "waiting", "pass", "doing", "rejected"][status.id] ?? "waiting";
  return (
    <div className={"review-banner " + kind} role="status" data-testid="review-banner" data-status={status.id}>
      <strong>{status.tNa}</strong>
      <span><bdi>{text}</bdi></span>
    </div>
  );
}
