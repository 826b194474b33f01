// A phone photo made small enough to send before it is uploaded: a 12-megapixel picture is often
// over the server's 5 MB, and the shop needs no more than a long side of 2,048 px to see damage.
import { MAX_IMAGE_BYTES } from "./imageFile";

/** The longest side a photo is sent at. */
export const LONG_SIDE = 2048;
const QUALITY = 0.85;

/** The size `width` × `height` fits in at most `LONG_SIDE` on its longer side. */
export function fitted(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `name` with a .jpg ending in place of its own. */
export function asJpegName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/**
 * `file` as it is best sent: a picture larger than `LONG_SIDE` or than the server takes, redrawn
 * as a JPEG at `LONG_SIDE` (upright, without its metadata); anything else, and a picture this
 * browser cannot decode (HEIC in most), as it is.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!file.type.startsWith("image/") || file.type === "image/gif") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    if (Math.max(bitmap.width, bitmap.height) <= LONG_SIDE && file.size <= MAX_IMAGE_BYTES) return file;
    const size = fitted(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", QUALITY));
    return blob ? new File([blob], asJpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
