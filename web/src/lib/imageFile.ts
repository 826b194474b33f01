// The browser's own checks of a picked image, before the server's (which decide by the bytes).

/** The largest image the server takes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why `file` cannot be sent, or null when it may be. */
export function checkImage(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return "Please select an image file";
  if (file.size > MAX_IMAGE_BYTES) return "Image must be less than 5MB";
  return null;
}
