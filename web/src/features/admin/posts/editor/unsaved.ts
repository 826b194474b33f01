// The editor keeps a copy of unsaved changes in this browser: every few seconds while typing,
// and when a save meets an ended session. After a crash, a closed tab or signing in again, the
// editor offers the copy back; a save forgets it.
import type { PostDraft } from "../../frame/api";

const key = (postId: number | null) => `unsaved_post:${postId ?? "new"}`;

/** A kept copy and when it was kept (ms since the epoch). */
export interface KeptDraft {
  draft: PostDraft;
  at: number;
}

export function keepUnsaved(postId: number | null, draft: PostDraft): void {
  try {
    localStorage.setItem(key(postId), JSON.stringify({ draft, at: Date.now() } satisfies KeptDraft));
  } catch (error) {
    // A full or disabled storage only loses the safety copy, not the editor's content.
    console.warn("Could not keep a copy of the unsaved post", error);
  }
}

export function unsavedDraft(postId: number | null): KeptDraft | null {
  const stored = localStorage.getItem(key(postId));
  if (!stored) return null;
  try {
    const kept = JSON.parse(stored) as KeptDraft;
    return kept.draft && typeof kept.at === "number" ? kept : null;
  } catch {
    return null;
  }
}

export function forgetUnsaved(postId: number | null): void {
  localStorage.removeItem(key(postId));
}
