import { useEffect, useRef, useState } from "react";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { useT } from "../../stores/context";
import { engineName } from "./WriteWithAI";

interface FillJob {
  treId: string; state: "running" | "done" | "failed"; engine: string; lanCodes: string[];
  done: number; total: number; filled: number; untranslated: number; easg?: string;
}

// FillLanguages is the translate menu's "Fill missing languages": it
// starts the item's background fill (interLan/fillSuggestedLanguages) and
// follows its progress until it ends; a job already running (another tab,
// a double click) is followed rather than started again.
export function FillLanguages({ treId, onDone }: { treId: string; onDone(): void }) {
  const t = useT();
  const api = useApi();
  const [job, setJob] = useState<FillJob | null>(null);
  const [error, setError] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const follow = (j: FillJob) => {
    setJob(j);
    if (j.state === "running") {
      timer.current = setTimeout(() => {
        void api<FillJob>("interLan/fillSuggestedLanguages", { treId, peek: true }, { silent: true }).then(follow).catch(() => undefined);
      }, 700);
    } else if (j.state === "done") onDone();
  };
  useEffect(() => {
    // A job started earlier (another tab) is shown when it still runs.
    void api<FillJob>("interLan/fillSuggestedLanguages", { treId, peek: true }, { silent: true })
      .then((j) => { if (j.state === "running") follow(j); }).catch(() => undefined);
    return () => clearTimeout(timer.current);
  }, [treId]); // eslint-disable-line react-hooks/exhaustive-deps
  const start = async () => {
    setError("");
    try {
      follow(await api<FillJob>("interLan/fillSuggestedLanguages", { treId }, { silent: true }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
    }
  };
  const running = job?.state === "running";
  return (
    <div className="lit-fill" data-testid="lit-fill">
      <button type="button" className="btn" disabled={running} onClick={() => void start()} data-testid="lit-fill-btn">{t("AIFill")}</button>
      <small className="hint muted">{t("AIFillHelp")}</small>
      {running ? (
        <p role="status" data-testid="lit-fill-progress">
          <progress value={job.done} max={job.total} /> {t("AIFillProgress", { done: job.done, total: job.total })}
        </p>
      ) : null}
      {job?.state === "done" ? (
        <p role="status" className="hint" data-testid="lit-fill-done" data-engine={job.engine}>
          {t("AIFillDone", { engine: engineName(t, job.engine), filled: job.filled, untranslated: job.untranslated })}
        </p>
      ) : null}
      {job?.state === "failed" || error ? <p className="hint error" role="alert" data-testid="lit-fill-error">{job?.easg || error}</p> : null}
    </div>
  );
}
