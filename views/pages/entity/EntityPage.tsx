import { useEffect, useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { DataForm } from "../../components/form/DataForm";
import { StatusBanner } from "../../components/form/StatusBanner";
import { checkValues, toSend } from "../../components/form/check";
import type { FormValues, ReviewStatus, WithForm } from "../../components/form/types";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { TYPE_LABELS, typeName, useLeaveWarning } from "./shared";

interface Entity { uid: string; entityType: number; status: ReviewStatus; rejectReason: string; values: FormValues }

// EntityPage (bigerentity) registers who stands behind the user's
// identities: first Person or Company, then that type's form, submitted
// for review. The owner sees the status and a rejection's reason.
export function EntityPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const [got, setGot] = useState<WithForm<Entity> | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveWarning(dirty);
  const take = (w: WithForm<Entity>) => { setGot(w); setValues({ ...(w.item?.values ?? {}) }); setDirty(false); };
  useEffect(() => {
    if (signedIn) void api<WithForm<Entity>>("myEntity/getInfoWithForm").then(take).catch(() => setGot({ item: null, form: null }));
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const setType = async (path: string, entityType: number) => {
    if (busy) return;
    setBusy(true);
    try { take(await api<WithForm<Entity>>(path, { entityType })); } catch { /* the toast said why */ } finally { setBusy(false); }
  };
  const save = async () => {
    if (!got?.form || busy) return;
    const found = checkValues(got.form, values);
    setErrors(found);
    if (Object.keys(found).length) return document.getElementById("f-" + Object.keys(found)[0])?.focus();
    setBusy(true);
    try {
      take(await api<WithForm<Entity>>("myEntity/saveEntityForm", { values: toSend(got.form, values) }));
      showToast(t("Submitted"));
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
    } finally { setBusy(false); }
  };
  const item = got?.item;
  const locked = item && (item.status.id === 2 || item.status.id === 3);
  return (
    <AuthFrame title={t("EntityPageTitle")} loginRequired>
      {!got ? <p className="muted">{t("Loading")}</p> : !item || !got.form ? (
        <div data-testid="entity-choose">
          <p>{t("EntityIntro")}</p>
          <p><strong>{t("EntityChooseType")}</strong></p>
          <div className="row-actions start">
            <button type="button" className="btn primary" disabled={busy} onClick={() => void setType("myEntity/addType", 1)} data-testid="entity-person">{t("EntityPerson")}</button>
            <button type="button" className="btn primary" disabled={busy} onClick={() => void setType("myEntity/addType", 2)} data-testid="entity-company">{t("EntityCompany")}</button>
          </div>
        </div>
      ) : (
        <>
          <StatusBanner status={item.status} reason={item.rejectReason} />
          <p className="entity-type">
            <strong>{t(item.entityType === 2 ? "EntityCompany" : "EntityPerson")}</strong>
            {locked ? null : (
              <button type="button" className="linklike" disabled={busy} data-testid="entity-change-type"
                onClick={() => void setType("myEntity/editType", item.entityType === 2 ? 1 : 2)}>{t("EntityChangeType")}</button>
            )}
          </p>
          <DataForm def={got.form} values={values} errors={errors} busy={busy || item.status.id === 3} submitLabel={t("SubmitForReview")} testid="entity-form"
            onChange={(k, v) => { setValues((o) => ({ ...o, [k]: v })); setDirty(true); if (errors[k]) setErrors((e) => { const n = { ...e }; delete n[k]; return n; }); }}
            onSubmit={() => void save()} />
          {item.status.id !== 0 ? <h2>{t("EntityIdentities")}</h2> : null}
          {item.status.id !== 0 ? (
            <ul className="identity-links" data-testid="identity-links">
              {Object.keys(TYPE_LABELS).map((n) => (
                <li key={n}><a href={withLang(lang, "/editbigerprofile/" + typeName(Number(n)))}>{t(TYPE_LABELS[Number(n)])}</a></li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </AuthFrame>
  );
}
