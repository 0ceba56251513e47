import { useEffect, useMemo, useState, type ReactNode } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { regionOptions } from "./regionNames";
import { checkForm, readRedirect, useCountryNames, withAddress, type Address, type AddressForm, type Country } from "./addresses";

const EMPTY: AddressForm = { name: "", phone: "", country: "", region: "", city: "", line1: "", line2: "", postalCode: "", isDefault: false };

// Select is a labelled select with its error, like Field.
function Select({ label, name, error, value, onChange, children, autoComplete }: {
  label: string; name: string; error?: string; value: string; onChange(v: string): void; children: ReactNode; autoComplete?: string;
}) {
  const id = "f-" + name;
  return (
    <label className={"field" + (error ? " missing" : "")} htmlFor={id}>
      <span>{label}</span>
      <select id={id} name={name} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? id + "-err" : undefined}>{children}</select>
      {error ? <small id={id + "-err"} className="hint error" role="alert">{error}</small> : null}
    </label>
  );
}

// AddressEditPage adds an address (id "new") or edits one of the shopper's.
// The country decides the region (a list for US and CA) and the postal code
// (format, example, or no field at all). The server checks everything
// again; its message shows above the button when it still refuses.
export function AddressEditPage() {
  const t = useT();
  const { lang, region: pageRegion, data } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const countryName = useCountryNames(lang);
  const id = data.param ?? "new";
  const isNew = id === "new";
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [form, setForm] = useState<AddressForm | null>(null);
  const [wasDefault, setWasDefault] = useState(false);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const [redirect, setRedirect] = useState("");
  useEffect(() => setRedirect(readRedirect()), []);
  useEffect(() => { void api<Country[]>("address/countries", {}).then(setCountries).catch(() => setCountries([])); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!signedIn || !countries) return;
    if (isNew) {
      const known = countries.some((c) => c.code === pageRegion);
      setForm({ ...EMPTY, country: known ? pageRegion : "" });
      return;
    }
    api<Address>("address/detail", { id }, { silent: true })
      .then((a) => { setForm({ ...a }); setWasDefault(a.isDefault); })
      .catch((e) => { if (e instanceof ApiError && e.code === 104) setMissing(true); else setFormError(e instanceof ApiError ? e.message : t("ErrorOccurs")); });
  }, [signedIn, countries]); // eslint-disable-line react-hooks/exhaustive-deps
  const rule = countries?.find((c) => c.code === form?.country);
  const sorted = useMemo(() => (countries ?? []).map((c) => ({ code: c.code, name: countryName(c.code) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang)), [countries, countryName, lang]);
  const set = (k: keyof AddressForm) => (v: string | boolean) => {
    setForm((f) => (f ? { ...f, [k]: v } : f));
    if (errors[k]) setErrors((e) => { const n = { ...e }; delete n[k]; return n; });
  };
  const message = (field: string) => {
    const key = errors[field];
    return key ? t(key, { example: rule?.postalExample ?? "", max: 20 }) : undefined;
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form || busy) return;
    setFormError("");
    const found = checkForm(form, rule);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById("f-" + Object.keys(found)[0])?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await api<Address>("address/save", { ...form, id: isNew ? "" : id }, { silent: true });
      location.assign(redirect ? withAddress(redirect, saved.id) : withLang(lang, "/addressmanagement"));
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
      if (err instanceof ApiError && err.code === 104) setMissing(true);
      else setFormError(err instanceof ApiError ? err.message : t("ErrorOccurs"));
      setBusy(false);
    }
  };
  const back = withLang(lang, "/addressmanagement") + (redirect ? "?redirect=" + encodeURIComponent(redirect) : "");
  const optional = (label: string, required: boolean) => (required ? label : t("FieldOptional", { label }));
  return (
    <AuthFrame title={isNew ? t("AddressAdd") : t("AddressEdit")} loginRequired>
      {missing ? (
        <div data-testid="address-missing">
          <p className="hint error" role="alert">{t("AddressNotFound")}</p>
          <a className="btn" href={back}>{t("AddressBook")}</a>
        </div>
      ) : !form || !countries ? (formError ? <p className="hint error" role="alert">{formError}</p> : <p className="muted">{t("Loading")}</p>) : (
        <form className="ab-form" onSubmit={(e) => void submit(e)} noValidate data-testid="address-form">
          <Field label={t("AddressName")} name="name" dir="auto" autoComplete="name" maxLength={100} value={form.name} onChange={(e) => set("name")(e.target.value)} error={message("name")} />
          <Field label={t("AddressPhone")} name="phone" type="tel" autoComplete="tel" maxLength={32} value={form.phone} onChange={(e) => set("phone")(e.target.value)} error={message("phone")} hint={t("AddressPhoneHint")} />
          <Select label={t("AddressCountry")} name="country" autoComplete="country" value={form.country} error={message("country")}
            onChange={(v) => { set("country")(v); const c = countries.find((x) => x.code === v); if (c?.regions?.length && !c.regions.includes(form.region)) set("region")(""); }}>
            <option value="" disabled>{t("AddressChooseCountry")}</option>
            {sorted.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </Select>
          {rule?.regions?.length ? (
            <Select label={t("AddressStateProvince")} name="region" autoComplete="address-level1" value={form.region.toUpperCase()} error={message("region")} onChange={(v) => set("region")(v)}>
              <option value="" disabled>{t("AddressChooseRegion")}</option>
              {regionOptions(form.country, rule.regions, lang).map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
            </Select>
          ) : (
            <Field label={optional(t("AddressRegion"), !!rule?.regionRequired)} name="region" dir="auto" autoComplete="address-level1" maxLength={100} value={form.region} onChange={(e) => set("region")(e.target.value)} error={message("region")} />
          )}
          <Field label={t("AddressCity")} name="city" dir="auto" autoComplete="address-level2" maxLength={100} value={form.city} onChange={(e) => set("city")(e.target.value)} error={message("city")} />
          <Field label={t("AddressLine1")} name="line1" dir="auto" autoComplete="address-line1" maxLength={200} value={form.line1} onChange={(e) => set("line1")(e.target.value)} error={message("line1")} />
          <Field label={t("FieldOptional", { label: t("AddressLine2") })} name="line2" dir="auto" autoComplete="address-line2" maxLength={200} value={form.line2} onChange={(e) => set("line2")(e.target.value)} error={message("line2")} />
          {rule?.noPostal ? null : (
            <Field label={optional(t("AddressPostalCode"), !!rule?.postalRequired)} name="postalCode" autoComplete="postal-code" maxLength={16} dir="ltr"
              value={form.postalCode} onChange={(e) => set("postalCode")(e.target.value)} error={message("postalCode")}
              hint={rule?.postalExample ? t("AddressPostalExample", { example: rule.postalExample }) : undefined} />
          )}
          <label className="check">
            <input type="checkbox" name="isDefault" checked={form.isDefault || wasDefault} disabled={wasDefault} onChange={(e) => set("isDefault")(e.target.checked)} data-testid="address-is-default" />
            <span>{wasDefault ? t("AddressIsDefault") : t("AddressMakeDefault")}</span>
          </label>
          {formError ? <p className="hint error" role="alert" data-testid="address-error">{formError}</p> : null}
          <Submit busy={busy} testid="address-save">{t("Save")}</Submit>
          <a className="linklike ab-cancel" href={back}>{t("Cancel")}</a>
        </form>
      )}
    </AuthFrame>
  );
}
