import { describe, expect, it } from "vitest";
import type { SiteFields } from "../frame/api";
import { openedSite, siteEditorReducer, type LoadedSite, type SiteEditorAction, type SiteEditorState } from "./editorState";

const site = { business: { phone: "(303) 555-0100", name: "Front Range Trailer Works" } } as unknown as SiteFields;
const loaded: LoadedSite = { version: 3, site, placeholders: [] };
const after = (state: SiteEditorState, ...actions: SiteEditorAction[]) => actions.reduce(siteEditorReducer, state);
const phone = (state: SiteEditorState) => (state.site as unknown as { business: { phone: string } }).business.phone;

describe("the site details editor's state", () => {
  it("edits by path, and an edit after a save clears 'Saved'", () => {
    let state = after(openedSite(loaded), { type: "set", path: "business.phone", value: "(303) 555-0199" });
    expect(phone(state)).toBe("(303) 555-0199");
    expect(state.site).not.toBe(state.saved.site);
    const sent = state.site;
    // The server's copy, with what it made (keys for new options), is what is edited on.
    const stored = { ...sent } as SiteFields;
    state = after(state, { type: "saving" }, { type: "saved", sent, site: stored, version: 4, placeholders: [], summary: "Business details (phone)" });
    expect(state).toMatchObject({ saved: { version: 4 }, state: { kind: "saved" } });
    expect(state.site).toBe(stored);
    expect(state.site).toBe(state.saved.site);
    state = after(state, { type: "set", path: "business.name", value: "FRTW" });
    expect(state.state.kind).toBe("idle");
  });

  it("keeps an edit made while a save was on its way as unsaved", () => {
    let state = after(openedSite(loaded), { type: "set", path: "business.phone", value: "(303) 555-0199" }, { type: "saving" });
    const sent = state.site;
    state = after(state, { type: "set", path: "business.phone", value: "(303) 555-0123" });
    state = after(state, { type: "saved", sent, site: sent, version: 4, placeholders: [], summary: null });
    expect(state.site).not.toBe(state.saved.site);
    expect(after(state, { type: "discard" }).site).toBe(sent);
  });

  it("keeps the server's messages until the next save, and a new load replaces what is edited", () => {
    let state = after(openedSite(loaded), { type: "invalid", errors: { "business.phone": ["Must be a US phone number with its area code."] } });
    expect(state.state).toEqual({ kind: "invalid", errors: { "business.phone": ["Must be a US phone number with its area code."] } });
    state = after(state, { type: "set", path: "business.phone", value: "x" }, { type: "loaded", loaded: { ...loaded, version: 5 } });
    expect(state).toMatchObject({ saved: { version: 5 }, from: { version: 5 } });
    expect(state.site).toBe(site);
  });
});
