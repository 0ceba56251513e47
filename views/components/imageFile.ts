// Checking a picked picture in the browser before it is shown or sent. The
// file's name and the type the browser guesses from it prove nothing (a
// text file named .png says image/png): only decoding it does. The server
// sniffs and re-encodes again; this only spares the shopper a broken
// thumbnail, a black crop dialog or a search that cannot work.
export const MAX_IMAGE_BYTES = 10 << 20; // the server's upload limit
export const MAX_IMAGE_PIXELS = 40e6;    // the server's decoding limit
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; error: string };

// checkImage decodes f and answers its size, or the catalog key saying why
// it cannot be used.
export async function checkImage(f: File): Promise<ImageCheck> {
  if (f.type && !IMAGE_TYPES.includes(f.type)) return { ok: false, error: "ImageNotSupported" };
  if (f.size > MAX_IMAGE_BYTES) return { ok: false, error: "ImageTooLarge" };
  let size: { width: number; height: number };
  try {
    size = await decodedSize(f);
  } catch {
    return { ok: false, error: "ImageNotSupported" };
  }
  if (!size.width || !size.height) return { ok: false, error: "ImageNotSupported" };
  if (size.width * size.height > MAX_IMAGE_PIXELS) return { ok: false, error: "ImageTooManyPixels" };
  return { ok: true, ...size };
}

// decodedSize fully decodes the picture: createImageBitmap where the
// browser has it, else an <img> and decode().
async function decodedSize(f: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === "function") {
    const bmp = await createImageBitmap(f);
    const size = { width: bmp.width, height: bmp.height };
    bmp.close();
    return size;
  }
  const url = URL.createObjectURL(f);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}
