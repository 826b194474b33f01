// The browser's own checks of a picked image, before the server's (which decide by the bytes).

/** The largest image the server takes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** HEIC/HEIF photos (iPhones save them): browsers without a decoder give them no type. */
const HEIF_NAME = /\.hei[cf]$/i;

/** What a file picker offers: any image, and HEIC/HEIF photos where the browser has no type for them. */
export const IMAGE_PICKER_ACCEPT = "image/*,.heic,.heif";

/** Why `file` cannot be sent, or null when it may be. */
export function checkImage(file: { type: string; size: number; name: string }): string | null {
  if (!file.type.startsWith("image/") && !HEIF_NAME.test(file.name)) return "Please select an image file";
  if (file.size > MAX_IMAGE_BYTES) return "Image must be less than 5MB";
  return null;
}
