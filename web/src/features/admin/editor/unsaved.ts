// A post whose save met an ended session is kept in this browser, and offered again when the
// editor opens after signing in, so the admin never loses what they wrote.
import type { PostDraft } from "../api";

const key = (postId: number | null) => `unsaved_post:${postId ?? "new"}`;

export function keepUnsaved(postId: number | null, draft: PostDraft): void {
  localStorage.setItem(key(postId), JSON.stringify(draft));
}

export function unsavedDraft(postId: number | null): PostDraft | null {
  const stored = localStorage.getItem(key(postId));
  if (!stored) return null;
  try {
    return JSON.parse(stored) as PostDraft;
  } catch {
    return null;
  }
}

export function forgetUnsaved(postId: number | null): void {
  localStorage.removeItem(key(postId));
}
