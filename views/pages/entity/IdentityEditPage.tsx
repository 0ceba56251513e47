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
import { identityTypeOf, TYPE_LABELS, typeName, useLeaveWarning } from "./shared";

interface Mine {
  uid: string; identityType: number; status: ReviewStatus; rejectReason: string;
  public: boolean; pending: boolean; values: FormValues;
}

// IdentityEditPage (editbigerprofile/{identityType}) is the application for
// an identity and, once approved, its public profile: title, brief,
// avatar and background (cropped and uploaded like the account profile)
// and the type's own fields. A save waits for review; meanwhile the
// approved profile stays live.
export function IdentityEditPage() {
  const t = useT();
  const { lang, data } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const type = identityTypeOf(data.param);
  const [got, setGot] = useState<WithForm<Mine> | null>(null);
  const [entity, setEntity] = useState<{ status: ReviewStatus } | null | undefined>(undefined);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveWarning(dirty);
  const take = (w: WithForm<Mine>) => { setGot(w); setValues({ ...(w.item?.values ?? {}) }); setDirty(false); };
  useEffect(() => {
    if (!signedIn || !type) return;
    void api<WithForm<Mine>>("myIdentity/getInfoWithForm/" + type).then(take).catch(() => setGot({ item: null, form: null }));
    void api<WithForm<{ status: ReviewStatus }>>("myEntity/getInfoWithForm").then((e) => setEntity(e.item)).catch(() => setEntity(null));
  }, [signedIn, type]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async () => {
    if (!got?.form || busy) return;
    const found = checkValues(got.form, values);
    setErrors(found);
    if (Object.keys(found).length) return document.getElementById("f-" + Object.keys(found)[0])?.focus();
    setBusy(true);
    try {
      take(await api<WithForm<Mine>>("myIdentity/saveIdentityForm/" + type, { values: toSend(got.form, values) }));
      showToast(t("Submitted"));
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
    } finally { setBusy(false); }
  };
  const title = t("IdentityApplyTitle", { type: t(TYPE_LABELS[type] ?? "IdentitySeller") });
  const item = got?.item;
  const noEntity = entity === null || entity?.status.id === 0;
  return (
    <AuthFrame title={title} loginRequired>
      {!got || entity === undefined ? <p className="muted">{t("Loading")}</p> : noEntity ? (
        <div data-testid="identity-needs-entity">
          <p>{t("EntityFirst")}</p>
          <a className="btn primary" href={withLang(lang, "/bigerentity")}>{t("IdentityNeedsEntity")}</a>
        </div>
      ) : !got.form ? <p className="hint error" role="alert">{t("ErrorOccurs")}</p> : (
        <>
          <p className="muted">{t("IdentityApplyIntro")}</p>
          {item ? <StatusBanner status={item.status} reason={item.rejectReason} pending={item.pending && item.public} /> : null}
          {item?.public ? (
            <p><a href={withLang(lang, "/biger/" + typeName(type) + "/" + encodeURIComponent(item.uid))} data-testid="identity-live">{t("IdentityViewPage")}</a></p>
          ) : null}
          <DataForm def={got.form} values={values} errors={errors} busy={busy || item?.status.id === 3} submitLabel={t("SubmitForReview")} testid="identity-form"
            onChange={(k, v) => { setValues((o) => ({ ...o, [k]: v })); setDirty(true); if (errors[k]) setErrors((e) => { const n = { ...e }; delete n[k]; return n; }); }}
            onSubmit={() => void save()} />
        </>
      )}
    </AuthFrame>
  );
}
