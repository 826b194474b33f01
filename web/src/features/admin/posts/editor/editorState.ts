// Everything the post editor holds, in one reducer: the draft and the post as stored, the copy
// kept from an earlier visit, the messages under the fields, the question a save waits on and
// where the save stands. Each change the owner makes is one action, so the rules of the editor
// (a title sets the slug until the slug is typed; a changed field loses its message) live here
// and are tested without a browser.
import type { PostDraft } from "../../frame/api";
import { slugify } from "../../frame/slug";
import type { SaveAs } from "./EditorHeader";
import type { SaveCheck } from "./SaveCheckDialog";
import { sameDraft, type PostErrors } from "./postRules";
import type { KeptDraft } from "./unsaved";

export const RESTORED = "Your unsaved changes are back. Save them when ready.";

/** A new post, before anything is typed. */
export const EMPTY: PostDraft = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImage: null,
  featuredImageAlt: "",
  published: false,
  publishAt: null,
  metaDescription: "",
  socialImage: null,
  service: null,
};

/** The messages under the fields, from the editor's own checks or the server's. */
export type DraftErrors = PostErrors & {
  featuredImage?: string;
  featuredImageAlt?: string;
  publishAt?: string;
  metaDescription?: string;
  socialImage?: string;
  service?: string;
};

/** The questions the owner has already answered 'go ahead' to, for one save. */
export type Passed = ("offline" | "contrast" | "descriptions")[];

/** What a save waits on: a yes-or-no check (taking the post off the site, hard-to-read colours),
 * or pictures without a description (publishing or scheduling). */
export type Question = { kind: "check"; as: SaveAs; check: SaveCheck; passed: Passed } | { kind: "descriptions"; as: SaveAs; sentence: string; passed: Passed };

/** Where saving stands: not asked, on its way, refused by the network or server, or done (with
 * what the dashboard says about it; the editor then goes back without asking). */
export type Saving = { kind: "idle" } | { kind: "saving"; as: SaveAs } | { kind: "failed"; message: string } | { kind: "done"; message: string };

export interface EditorState {
  draft: PostDraft;
  /** The post as stored (empty for a new one): there are unsaved changes when the draft differs. */
  stored: PostDraft;
  /** Unsaved changes kept from an earlier visit, offered back until restored or discarded. */
  offer: KeptDraft | null;
  /** The slug was typed (or came with the post): the title no longer sets it. */
  slugByHand: boolean;
  view: "compose" | "preview";
  errors: DraftErrors;
  notice: string | null;
  question: Question | null;
  saving: Saving;
}

export type EditorAction =
  | { type: "edit"; change: Partial<PostDraft> }
  | { type: "title"; title: string }
  | { type: "slug"; slug: string }
  | { type: "view"; view: EditorState["view"] }
  | { type: "restore" }
  | { type: "dropOffer" }
  | { type: "revision"; change: Partial<PostDraft>; notice: string }
  | { type: "refused"; errors: DraftErrors }
  | { type: "ask"; question: Question }
  | { type: "answered" }
  | { type: "saving"; as: SaveAs }
  | { type: "failed"; message: string }
  | { type: "done"; message: string };

/** The editor opened on `stored` (an existing post's slug is its own, so typed), with `offer`
 * when an earlier visit left different unsaved changes. */
export function opened(stored: PostDraft, isNew: boolean, offer: KeptDraft | null): EditorState {
  return {
    draft: stored,
    stored,
    offer: offer && !sameDraft(offer.draft, stored) ? offer : null,
    slugByHand: !isNew,
    view: "compose",
    errors: {},
    notice: null,
    question: null,
    saving: { kind: "idle" },
  };
}

/** `state` with `change` in its draft; the messages under the changed fields go. */
function edited(state: EditorState, change: Partial<PostDraft>): EditorState {
  const changed = Object.keys(change);
  const errors = changed.some((name) => name in state.errors)
    ? (Object.fromEntries(Object.entries(state.errors).filter(([name]) => !changed.includes(name))) as DraftErrors)
    : state.errors;
  return { ...state, draft: { ...state.draft, ...change }, errors };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "edit":
      return edited(state, action.change);
    case "title":
      return edited(state, state.slugByHand ? { title: action.title } : { title: action.title, slug: slugify(action.title) });
    case "slug":
      return { ...edited(state, { slug: action.slug }), slugByHand: true };
    case "view":
      return { ...state, view: action.view };
    case "restore":
      return state.offer ? { ...edited(state, state.offer.draft), offer: null, notice: RESTORED } : state;
    case "dropOffer":
      return { ...state, offer: null };
    case "revision":
      return { ...edited(state, action.change), slugByHand: true, notice: action.notice };
    case "refused":
      return { ...state, errors: action.errors, saving: { kind: "idle" } };
    case "ask":
      return { ...state, errors: {}, saving: { kind: "idle" }, question: action.question };
    case "answered":
      return { ...state, question: null };
    case "saving":
      return { ...state, errors: {}, saving: { kind: "saving", as: action.as } };
    case "failed":
      return { ...state, saving: { kind: "failed", message: action.message } };
    case "done":
      return { ...state, saving: { kind: "done", message: action.message } };
  }
}

/** Whether the draft holds changes not saved (none once a save is done). */
export function unsavedChanges(state: EditorState): boolean {
  return state.saving.kind !== "done" && !sameDraft(state.draft, state.stored);
}
