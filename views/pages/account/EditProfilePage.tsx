import { useState } from "react";
import { AuthFrame } from "../auth/AuthFrame";
import { Field } from "../../components/Field";
import { Submit } from "../../components/Submit";
import { CropDialog } from "./CropDialog";
import { useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { uploadCut } from "../../api/uploadCut";
import { currentSession, type Profile } from "../../lib/session";
import { saveSession } from "../../lib/sessionStore";
import { checkImage, IMAGE_TYPES } from "../../components/imageFile";
import { usernameError } from "../../lib/username";
// Upload sizes: avatar square (small 160, big 640); background 3:1.
const SIZES = { avatar: [160, 160, 640, 640], background: [600, 200, 1500, 500] } as const;

export function EditProfilePage() {
  const t = useT();
  const api = useApi();
  const user = useShop((s) => s.user);
  const setUser = useShop((s) => s.setUser);
  const showToast = useShop((s) => s.showToast);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [crop, setCrop] = useState<{ which: "avatar" | "background"; file: File } | null>(null);
  const [busy, setBusy] = useState("");
  const [picError, setPicError] = useState("");
  const remember = async (p: Profile) => {
    setUser(p);
    const s = currentSession();
    if (s) await saveSession(s.token, p);
  };
  const saveName = async (e: React.FormEvent) => {
    e.preventDefault();
    const v = (name ?? user.userName).trim();
    const bad = usernameError(v, false);
    if (bad) return setError(bad);
    setError("");
    try {
      await remember(await api<Profile>("my/editUsername", { username: v }));
      showToast(t("Saved"));
    } catch { /* shown */ }
  };
  // pick opens the crop dialog only for a picture the browser can decode;
  // otherwise it says why beside the buttons and keeps no file.
  const pick = async (which: "avatar" | "background", f?: File) => {
    if (!f) return;
    setPicError("");
    const res = await checkImage(f);
    if (!res.ok) return setPicError(t(res.error));
    setCrop({ which, file: f });
  };
  const upload = async (which: "avatar" | "background", dataUrl: string) => {
    setCrop(null);
    setBusy(which);
    try {
      const up = await uploadCut(api, which, SIZES[which], dataUrl);
      await remember(await api<Profile>(which === "avatar" ? "my/editAvatar" : "my/editBackground", { url: which === "avatar" ? up.small.url : up.big.url }));
      showToast(t("Saved"));
    } catch { /* the server's message was shown */ } finally {
      setBusy("");
    }
  };
  return (
    <AuthFrame title={t("EditProfileTitle")} loginRequired>
      {!user.userUid ? <p className="muted">{t("LoadingAccount")}</p> : (
        <>
          <div className="profile-pics">
            <div className="bg-pic" style={user.backgroundUrl ? { backgroundImage: `url(${user.backgroundUrl})` } : undefined} data-testid="bg-pic" />
            <span className="avatar big">{user.avatarUrl ? <img src={user.avatarUrl} alt="" width={72} height={72} data-testid="avatar-img" /> : user.userName.slice(0, 1)}</span>
          </div>
          <div className="row-actions">
            {(["avatar", "background"] as const).map((w) => (
              <label key={w} className="btn">
                {busy === w ? t("Uploading") : t(w === "avatar" ? "Avatar" : "Background")}
                <input type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" data-testid={"pick-" + w} onChange={(e) => { void pick(w, e.target.files?.[0]); e.target.value = ""; }} />
              </label>
            ))}
          </div>
          {picError ? <p className="hint error" role="alert" data-testid="pic-error">{picError}</p> : null}
          <form onSubmit={saveName} noValidate>
            <Field label={t("Username")} name="username" maxLength={40} value={name ?? user.userName} onChange={(e) => setName(e.target.value)} error={error} />
            <Submit className="btn primary wide" testid="save-name">{t("Save")}</Submit>
          </form>
        </>
      )}
      {crop ? <CropDialog file={crop.file} width={SIZES[crop.which][2]} height={SIZES[crop.which][3]} onClose={() => setCrop(null)} onDone={(d) => void upload(crop.which, d)} /> : null}
    </AuthFrame>
  );
}
