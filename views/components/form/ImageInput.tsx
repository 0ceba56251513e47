import { useState } from "react";
import { CropDialog } from "../../pages/account/CropDialog";
import { checkImage, IMAGE_TYPES } from "../imageFile";
import { useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { uploadCut } from "../../api/uploadCut";
import type { FormField } from "./types";

// ImageInput is an image field: the picture is cropped in the browser to the
// field's shape and uploaded through file/imageBase64/uploadCut (the
// profile's path); the field's value is the uploaded big picture's URL,
// which the server accepts only from the caller's own uploads.
export function ImageInput({ field, value, error, onChange }: {
  field: FormField; value: string; error?: string; onChange(v: string): void;
}) {
  const t = useT();
  const api = useApi();
  const [crop, setCrop] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [picError, setPicError] = useState("");
  const [sw, sh, bw, bh] = field.crop ?? [160, 160, 640, 640];
  const id = "f-" + field.key;
  const pick = async (f?: File) => {
    if (!f) return;
    setPicError("");
    const res = await checkImage(f);
    if (!res.ok) return setPicError(t(res.error));
    setCrop(f);
  };
  const upload = async (dataUrl: string) => {
    setCrop(null);
    setBusy(true);
    try {
      const up = await uploadCut(api, field.disk ?? "", [sw, sh, bw, bh], dataUrl);
      onChange(up.big.url);
    } catch { /* the server's message was shown */ } finally {
      setBusy(false);
    }
  };
  const shown = error ? t(error) : picError;
  return (
    <div className={"field image-field" + (shown ? " missing" : "")} data-testid={"field-" + field.key}>
      <span id={id + "-label"}>{t(field.label)}</span>
      <div className={"image-preview " + (bw > bh ? "wide" : "square")} style={{ aspectRatio: `${bw} / ${bh}` }}>
        {value ? <img src={value} alt="" width={bw} height={bh} data-testid={"img-" + field.key} /> : null}
      </div>
      <div className="row-actions start">
        <label className="btn small">
          {busy ? t("Uploading") : t(field.label)}
          <input id={id} type="file" accept={IMAGE_TYPES.join(",")} className="sr-only" aria-labelledby={id + "-label"} data-testid={"pick-" + field.key}
            onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ""; }} />
        </label>
        {value ? <button type="button" className="btn small" onClick={() => onChange("")}>{t("FormRemovePicture")}</button> : null}
      </div>
      {shown ? <small className="hint error" role="alert">{shown}</small> : null}
      {crop ? <CropDialog file={crop} width={bw} height={bh} onClose={() => setCrop(null)} onDone={(d) => void upload(d)} /> : null}
    </div>
  );
}
