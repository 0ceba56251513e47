import type { CallOptions } from "./client";

// The answer of file/imageBase64/uploadCut: the stored picture in its two sizes.
export interface Uploaded { small: { url: string }; big: { url: string } }

type Api = <T>(path: string, body?: unknown, opts?: CallOptions) => Promise<T>;

// uploadCut sends a picture (a data URL) to be cut to small sw×sh and big
// bw×bh on disk (avatar, background, goods, chat ...): every picture upload
// of the site goes through here.
export function uploadCut(api: Api, disk: string, [sw, sh, bw, bh]: readonly number[], dataUrl: string,
  { contentType = "image/jpeg", quality = 88 } = {}): Promise<Uploaded> {
  const form = new FormData();
  form.append("image", dataUrl);
  form.append("contentType", contentType);
  form.append("quality", String(quality));
  form.append("width", String(bw));
  form.append("height", String(bh));
  return api<Uploaded>(`file/imageBase64/uploadCut/${disk}/${sw}/${sh}/${bw}/${bh}`, undefined, { form, timeout: 60000 });
}
