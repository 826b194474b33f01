// The one way the editor uploads a picked image: the browser's checks, then the server's.
import { adminApi } from "../api";
import { checkImage } from "../../../lib/imageFile";

const UPLOAD_FAILED = "Failed to upload image. Please try again.";

/** The uploaded image's URL, or the message to show the admin. */
export async function uploadImage(file: File): Promise<{ url: string } | { error: string }> {
  const problem = checkImage(file);
  if (problem) return { error: problem };
  try {
    return { url: (await adminApi.uploadImage(file)).url };
  } catch (failure) {
    console.error("Image upload failed", failure);
    return { error: UPLOAD_FAILED };
  }
}
