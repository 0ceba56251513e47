import { useEffect, useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { ChoiceDialog } from "../../components/TextDialog";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { withLang } from "../../lib/paths";
import { readRedirect, useCountryNames, withAddress, type Address } from "./addresses";

const MAX = 20; // addresses a user may keep (the server says so too)

// AddressManagementPage is the shopper's address book: the default first,
// edit, delete (after a confirmation), make default, add. Opened from
// checkout with ?redirect=, it can send an address back there.
export function AddressManagementPage() {
  const t = useT();
  const { lang } = useData();
  const api = useApi();
  const signedIn = useShop((s) => s.signedIn);
  const countryName = useCountryNames(lang);
  const [list, setList] = useState<Address[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Address | null>(null);
  const [redirect, setRedirect] = useState("");
  useEffect(() => setRedirect(readRedirect()), []);
  const load = async () => setList(await api<Address[]>("address/list", {}));
  useEffect(() => { if (signedIn) void load().catch(() => setList([])); }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  const act = async (path: string, id: string) => {
    if (busy) return;
    setBusy(true);
    try { await api(path, { id }); } catch { /* the toast said why */ }
    try { await load(); } catch { /* keep the list shown */ } finally { setBusy(false); }
  };
  const q = redirect ? "?redirect=" + encodeURIComponent(redirect) : "";
  const full = (list?.length ?? 0) >= MAX;
  return (
    <AuthFrame title={t("AddressBook")} loginRequired>
      {list === null ? <p className="muted">{t("Loading")}</p> : (
        <>
          {list.length === 0 ? <p className="muted" data-testid="address-empty">{t("AddressBookEmpty")}</p> : (
            <ul className="ab-list" data-testid="address-list">
              {list.map((a) => (
                <li key={a.id} className={"ab-card" + (a.isDefault ? " default" : "")} data-testid="address-card" data-id={a.id}>
                  <div className="ab-card-head">
                    <strong className="ab-name"><bdi>{a.name}</bdi></strong>
                    {a.isDefault ? <span className="ab-default" data-testid="address-default">{t("AddressDefault")}</span> : null}
                  </div>
                  {/* Each piece is isolated: a Latin address reads right in an Arabic page and the other way round. */}
                  <address className="ab-text">
                    <span><bdi>{a.line1}</bdi></span>
                    {a.line2 ? <span><bdi>{a.line2}</bdi></span> : null}
                    <span><bdi>{[a.city, a.region].filter(Boolean).join(", ") + (a.postalCode ? " " + a.postalCode : "")}</bdi></span>
                    <span>{countryName(a.country)}</span>
                    <span className="muted"><bdi dir="ltr">{a.phone}</bdi></span>
                  </address>
                  <div className="ab-actions">
                    {redirect ? (
                      <a className="btn small primary" href={withAddress(redirect, a.id)} data-testid="address-use">{t("AddressUseThis")}</a>
                    ) : null}
                    <a className="btn small" href={withLang(lang, "/addressedit/" + encodeURIComponent(a.id)) + q} data-testid="address-edit">{t("Edit")}</a>
                    {a.isDefault ? null : (
                      <button type="button" className="btn small" disabled={busy} onClick={() => void act("address/setDefault", a.id)} data-testid="address-set-default">{t("AddressSetDefault")}</button>
                    )}
                    <button type="button" className="btn small ghost-danger" disabled={busy} onClick={() => setConfirm(a)} data-testid="address-delete">{t("Delete")}</button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {full ? <p className="hint muted" data-testid="address-full">{t("AddressLimit", { max: MAX })}</p> : (
            <a className="btn primary ab-add" href={withLang(lang, "/addressedit/new") + q} data-testid="address-add">{t("AddressAdd")}</a>
          )}
          {redirect ? <a className="linklike ab-back" href={redirect} data-testid="address-back">{t("Back")}</a> : null}
        </>
      )}
      {confirm ? (
        <ChoiceDialog title={t("AddressDeleteTitle")} text={t("AddressDeleteText", { name: confirm.name })} onClose={() => setConfirm(null)}>
          <button type="button" className="btn" onClick={() => setConfirm(null)} data-autofocus>{t("Cancel")}</button>
          <button type="button" className="btn danger" data-testid="address-delete-confirm"
            onClick={() => { const id = confirm.id; setConfirm(null); void act("address/delete", id); }}>{t("Delete")}</button>
        </ChoiceDialog>
      ) : null}
    </AuthFrame>
  );
}
