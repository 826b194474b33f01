import { describe, expect, it } from "vitest";
import type { PostDraft } from "../../frame/api";
import { EMPTY, RESTORED, editorReducer, opened, unsavedChanges, type EditorAction, type EditorState } from "./editorState";

const STORED: PostDraft = { ...EMPTY, title: "Brake magnets", slug: "brake-magnets", excerpt: "Why they wear", content: "<p>Text</p>", published: true };

const after = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe("the post editor's state", () => {
  it("sets a new post's slug from its title until the slug is typed", () => {
    let state = after(opened(EMPTY, true, null), { type: "title", title: "Spring Brake Check!" });
    expect(state.draft.slug).toBe("spring-brake-check");
    state = after(state, { type: "slug", slug: "brakes" }, { type: "title", title: "Another title" });
    expect(state.draft).toMatchObject({ title: "Another title", slug: "brakes" });
  });

  it("keeps a stored post's slug when its title changes", () => {
    const state = after(opened(STORED, false, null), { type: "title", title: "Brake magnets, again" });
    expect(state.draft.slug).toBe("brake-magnets");
  });

  it("has unsaved changes while the draft differs from the post as stored, and none once saved", () => {
    let state = opened(STORED, false, null);
    expect(unsavedChanges(state)).toBe(false);
    state = after(state, { type: "edit", change: { excerpt: "Why they wear out" } });
    expect(unsavedChanges(state)).toBe(true);
    state = after(state, { type: "edit", change: { excerpt: "Why they wear" } });
    expect(unsavedChanges(state)).toBe(false);
    state = after(state, { type: "edit", change: { excerpt: "New" } }, { type: "saving", as: "publish" }, { type: "done", message: "Updated: Brake magnets" });
    expect(unsavedChanges(state)).toBe(false);
  });

  it("drops the message under a field when that field changes, and only that one", () => {
    const state = after(
      opened(EMPTY, true, null),
      { type: "refused", errors: { title: "Title is required", excerpt: "Excerpt is required" } },
      { type: "title", title: "Tires" },
    );
    expect(state.errors).toEqual({ excerpt: "Excerpt is required" });
  });

  it("offers an earlier visit's copy only when it differs, and restoring it says so", () => {
    expect(opened(STORED, false, { draft: STORED, at: 1 }).offer).toBeNull();
    const kept = { draft: { ...STORED, title: "Kept title" }, at: 1 };
    let state = opened(STORED, false, kept);
    expect(state.offer).toEqual(kept);
    state = after(state, { type: "restore" });
    expect(state).toMatchObject({ offer: null, notice: RESTORED, draft: { title: "Kept title" } });
    expect(after(opened(STORED, false, kept), { type: "dropOffer" }).draft.title).toBe("Brake magnets");
  });

  it("holds one question at a time, and a failed save's message until the next try", () => {
    const check = { title: "Take this post off the site?", description: "", goAhead: "Yes", stay: "No", recommended: "goAhead" as const };
    let state = after(opened(STORED, false, null), { type: "failed", message: "Failed to save post. Please try again." });
    expect(state.saving).toEqual({ kind: "failed", message: "Failed to save post. Please try again." });
    state = after(state, { type: "ask", question: { kind: "check", as: "draft", check, passed: ["offline"] } });
    expect(state.saving.kind).toBe("idle");
    expect(state.question?.kind).toBe("check");
    state = after(state, { type: "answered" }, { type: "saving", as: "draft" });
    expect(state).toMatchObject({ question: null, saving: { kind: "saving", as: "draft" } });
    state = after(state, { type: "refused", errors: { slug: "That slug is taken" } });
    expect(state).toMatchObject({ errors: { slug: "That slug is taken" }, saving: { kind: "idle" } });
  });

  it("loads an earlier version with its slug as typed, saying so", () => {
    const state = after(opened(EMPTY, true, null), { type: "revision", change: { title: "Old", slug: "old" }, notice: "Loaded the version saved then." });
    expect(state).toMatchObject({ slugByHand: true, notice: "Loaded the version saved then.", draft: { title: "Old", slug: "old" } });
  });
});
