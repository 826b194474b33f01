// The site details editor in one reducer: the details as loaded and last saved, as edited, where
// saving stands, and the field a message's link asked to show. Each change is one action, so the
// rules (a load replaces what is edited; an edit after a save clears 'Saved') live here.
import type { Json, Placeholder, SiteFields } from "../frame/api";
import { setAt } from "./siteDraft";

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; summary: string | null }
  | { kind: "invalid"; errors: Record<string, string[]> }
  | { kind: "failed"; message: string };

/** The details as the server gave them: their version, and the shipped placeholders still in them. */
export type LoadedSite = { version: number; site: SiteFields; placeholders: Placeholder[] };

export interface SiteEditorState {
  /** The load this state began from (a new one replaces what is edited). */
  from: LoadedSite;
  /** The details as last saved (or loaded). */
  saved: LoadedSite;
  /** The details as edited. */
  site: SiteFields;
  state: SaveState;
  /** The field a message's link asked for: the section holding it shows its entry. */
  shown: { path: string } | null;
}

export type SiteEditorAction =
  | { type: "loaded"; loaded: LoadedSite }
  | { type: "set"; path: string; value: Json }
  | { type: "saving" }
  | { type: "saved"; sent: SiteFields; site: SiteFields; version: number; placeholders: Placeholder[]; summary: string | null }
  | { type: "invalid"; errors: Record<string, string[]> }
  | { type: "failed"; message: string }
  | { type: "discard" }
  | { type: "show"; path: string };

export function openedSite(loaded: LoadedSite): SiteEditorState {
  return { from: loaded, saved: loaded, site: loaded.site, state: { kind: "idle" }, shown: null };
}

export function siteEditorReducer(editor: SiteEditorState, action: SiteEditorAction): SiteEditorState {
  switch (action.type) {
    case "loaded":
      return { ...editor, from: action.loaded, saved: action.loaded, site: action.loaded.site };
    case "set":
      return { ...editor, site: setAt(editor.site, action.path, action.value), state: editor.state.kind === "saved" ? { kind: "idle" } : editor.state };
    case "saving":
      return { ...editor, state: { kind: "saving" } };
    case "saved":
      // What the server saved (with the keys it made for new questions and options) is what is
      // saved now; edits made while it was on its way stay unsaved.
      return {
        ...editor,
        saved: { version: action.version, site: action.site, placeholders: action.placeholders },
        site: editor.site === action.sent ? action.site : editor.site,
        state: { kind: "saved", summary: action.summary },
      };
    case "invalid":
      return { ...editor, state: { kind: "invalid", errors: action.errors } };
    case "failed":
      return { ...editor, state: { kind: "failed", message: action.message } };
    case "discard":
      return { ...editor, site: editor.saved.site, state: { kind: "idle" } };
    case "show":
      return { ...editor, shown: { path: action.path } };
  }
}
