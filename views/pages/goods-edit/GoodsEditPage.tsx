import { useEffect, useState } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";
import { DataForm } from "../../components/form/DataForm";
import { StatusBanner } from "../../components/form/StatusBanner";
import { checkValues, toSend } from "../../components/form/check";
import type { FormField, FormValues, ReviewStatus, WithForm } from "../../components/form/types";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { useLeaveWarning } from "../entity/shared";
import { ImageList, Pairs, RichText, Section, type Obj } from "./editors";
import { AttrGroups, SkuTable, toSendSkus, type Group, type Sku } from "./variants";
import { Prices, Ranges, Scenario, toSendRanges } from "./prices";
import { Translations } from "./Translations";
import { CategoryPick } from "./category";
import { WriteWithAI } from "./WriteWithAI";

interface MyGoods {
  treId: string; sid: string; approveStatus: ReviewStatus; rejectReason: string; live: boolean; pending: boolean;
  saleable: number; maLan: string; uri: string; values: FormValues;
}

const list = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

// GoodsEditPage (createTre/{treId}, 0 for a new item) is a seller's goods
// form: drawn from the goods form definition, saved as a draft or
// submitted for review. The approved version stays live while a change of
// texts, pictures or attributes waits; prices and stock apply at once.
export function GoodsEditPage() {
  const t = useT();
  const { lang, data } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const showToast = useShop((s) => s.showToast);
  const [treId, setTreId] = useState(data.param && data.param !== "0" ? data.param : "0");
  const [got, setGot] = useState<WithForm<MyGoods> | null>(null);
  const [notSeller, setNotSeller] = useState(false);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveWarning(dirty);
  const take = (w: WithForm<MyGoods>) => {
    setGot(w);
    setValues(w.item?.values ? { ...w.item.values } : { bigType: "1", spe: "0", priceType: "2", minQty: 1 });
    setDirty(false);
    if (w.item && w.item.treId !== treId) { // a new item got its id: the address follows
      setTreId(w.item.treId);
      history.replaceState(null, "", withLang(lang, "/createTre/" + encodeURIComponent(w.item.treId)));
    }
  };
  useEffect(() => {
    if (!signedIn) return;
    void api<WithForm<MyGoods>>("tre/getTreWithForm?treId=" + encodeURIComponent(treId), undefined, { silent: true }).then(take).catch((e) => {
      if (e instanceof ApiError && e.code === 109) setNotSeller(true);
      else setGot({ item: null, form: null });
    });
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  // A saved translation may send the item to review: the banner follows.
  const reload = () => void api<WithForm<MyGoods>>("tre/getTreWithForm?treId=" + encodeURIComponent(treId), undefined, { silent: true })
    .then((w) => { if (!dirty) take(w); else setGot(w); }).catch(() => undefined);
  const set = (patch: FormValues) => {
    setValues((o) => ({ ...o, ...patch }));
    setDirty(true);
    setErrors((e) => {
      const n = { ...e };
      for (const k of Object.keys(patch)) for (const p of Object.keys(n)) if (p === k || p.startsWith(k + ".")) delete n[p];
      return n;
    });
  };
  const save = async (submit: boolean) => {
    if (!got?.form || busy) return;
    const found = checkValues(got.form, values);
    setErrors(found);
    if (Object.keys(found).length) return document.getElementById("f-" + Object.keys(found)[0])?.focus();
    setBusy(true);
    try {
      const out = toSend(got.form, values);
      if (out.skus) out.skus = toSendSkus(out.skus as Sku[]);
      if (out.ranges) out.ranges = toSendRanges(out.ranges as Obj[]);
      take(await api<WithForm<MyGoods>>("tre/saveTreForm", { treId, sid: got.item?.sid ?? "", maLan: got.item?.maLan ?? lang, submit, values: out }));
      showToast(t(submit ? "Submitted" : "GoodsDraftSaved"));
    } catch (e) {
      if (e instanceof ApiError && e.fields) {
        setErrors(e.fields);
        document.getElementById("f-" + Object.keys(e.fields)[0].split(".")[0])?.focus();
      }
    } finally { setBusy(false); }
  };
  const custom = (f: FormField, label: string) => {
    const v = values[f.key];
    const images = list<string>(values.images);
    switch (f.type) {
      case "category":
        return <CategoryPick f={f} label={label} value={typeof v === "string" ? v : ""} error={errors[f.key]} onChange={(x) => set({ [f.key]: x })} />;
      case "richtext":
        return <RichText f={f} label={label} value={typeof v === "string" ? v : ""} errors={errors} onChange={(x) => set({ [f.key]: x })} />;
      case "images":
        return <Section f={f} label={label} errors={errors}><ImageList f={f} value={images} errors={errors} onChange={(x) => set({ images: x })} /></Section>;
      case "pairs":
        return <Section f={f} label={label} errors={errors}><Pairs f={f} value={list<Obj>(v)} errors={errors} onChange={(x) => set({ [f.key]: x })} /></Section>;
      case "attrgroups":
        return (
          <Section f={f} label={label} errors={errors}>
            <AttrGroups f={f} groups={list<Group>(v)} skus={list<Sku>(values.skus)} images={images} errors={errors}
              onChange={(g, s) => set({ [f.key]: g, skus: s })} />
          </Section>
        );
      case "skus":
        return (
          <Section f={f} label={label} errors={errors}>
            <SkuTable f={f} groups={list<Group>(values.attrs)} skus={list<Sku>(v)} errors={errors} onChange={(s) => set({ [f.key]: s })} />
          </Section>
        );
      case "scenario":
        return <Section f={f} label={label} errors={errors}><Scenario f={f} value={list<Obj>(v)} errors={errors} onChange={(x) => set({ [f.key]: x })} /></Section>;
      case "prices":
        return <Section f={f} label={label} errors={errors}><Prices f={f} value={list<Obj>(v)} errors={errors} onChange={(x) => set({ [f.key]: x })} /></Section>;
      case "ranges":
        return <Section f={f} label={label} errors={errors}><Ranges f={f} value={list<Obj>(v)} errors={errors} onChange={(x) => set({ [f.key]: x })} /></Section>;
    }
    return null;
  };
  const item = got?.item;
  const title = t(treId === "0" ? "GoodsNewTitle" : "GoodsEditTitle");
  return (
    <Layout loginRequired>
      <Seo title={title + " | Souk"} description={title} noindex />
      <div className="goods-edit" data-testid="goods-edit">
        <h1>{title}</h1>
        {notSeller ? (
          <div data-testid="goods-needs-seller">
            <p>{t("SellerFirst")}</p>
            <a className="btn primary" href={withLang(lang, "/editbigerprofile/seller")}>{t("GoodsApplySeller")}</a>
          </div>
        ) : !got ? <p className="muted">{t("Loading")}</p> : !got.form ? <p className="hint error" role="alert">{t("ErrorOccurs")}</p> : (
          <>
            {item ? (item.approveStatus.id === 0
              ? <div className="review-banner waiting" role="status" data-testid="review-banner" data-status={0}><span>{t(item.live ? "GoodsDraftChange" : "GoodsDraftBanner")}</span></div>
              : <StatusBanner status={item.approveStatus} reason={item.rejectReason} pending={item.pending && item.live} />) : null}
            {item?.live ? (
              <p><a href={withLang(lang, "/tredetail/" + encodeURIComponent(item.treId) + (item.uri ? "/" + item.uri : ""))} data-testid="goods-live">{t("GoodsViewPage")}</a></p>
            ) : null}
            <WriteWithAI maLan={item?.maLan ?? lang} values={values} onDraft={set} />
            <DataForm def={got.form} values={values} errors={errors} busy={busy || item?.approveStatus.id === 3} submitLabel={t("SubmitForReview")}
              testid="goods-form" custom={custom}
              extraActions={<button type="button" className="btn" data-testid="save-draft" disabled={busy} onClick={() => void save(false)}>{t("GoodsSaveDraft")}</button>}
              onChange={(k, v) => set({ [k]: v })} onSubmit={() => void save(true)} />
            {item ? <Translations treId={item.treId} maLan={item.maLan} onSaved={reload} /> : null}
          </>
        )}
      </div>
    </Layout>
  );
}
