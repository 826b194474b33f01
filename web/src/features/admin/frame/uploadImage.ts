// The one way the editor uploads a picked image: the browser's checks, then the server's.
import { AdminApiError, adminApi } from "./api";
import { checkImage } from "../../../lib/imageFile";

const UPLOAD_FAILED = "Failed to upload image. Please try again.";

/** The uploaded image's URL, or the message to show the admin. */
export async function uploadImage(file: File): Promise<{ url: string } | { error: string }> {
  const problem = checkImage(file);
  if (problem) return { error: problem };
  try {
    return { url: (await adminApi.uploadImage(file)).url };
  } catch (failure) {
    // The server's reason for refusing the file (not an image, too large...) is the admin's to
    // read; a lost connection or a server fault gets the general message.
    if (failure instanceof AdminApiError && failure.status >= 400 && failure.status < 500 && failure.status !== 401) {
      return { error: failure.message };
    }
    console.error("Image upload failed", failure);
    return { error: UPLOAD_FAILED };
  }
}
