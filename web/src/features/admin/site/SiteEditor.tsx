// The site details being edited: loaded once for every section, changed field by field, saved
// together. A save answers with the messages per field, which the fields show under them.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useReducer, type ReactNode } from "react";
import { AdminApiError, adminApi } from "../frame/api";
import { failureMessage } from "../frame/form";
import { Loaded } from "../frame/Loaded";
import { LOADED_ON_OPENING, keys } from "../frame/queries";
import { Spinner } from "../../../components/Spinner";
import type { Json, Placeholder, SiteFields } from "../frame/api";
import { openedSite, siteEditorReducer, type LoadedSite, type SaveState } from "./editorState";
import { fieldId, getAt, messagesAt } from "./siteDraft";

interface Editor {
  site: SiteFields;
  /** The details as last saved (or loaded). */
  saved: SiteFields;
  version: number;
  changed: boolean;
  state: SaveState;
  set: (path: string, value: Json) => void;
  save: () => Promise<void>;
  discard: () => void;
  /** After a restore: the details as the server shows them now. */
  reload: () => Promise<void>;
  /** The shipped placeholders still in the details as saved (the go-live check). */
  placeholders: Placeholder[];
  /** The field a message's link asked for: the section holding it shows its entry. */
  shown: { path: string } | null;
  show: (path: string) => void;
}

const EditorContext = createContext<Editor | null>(null);

export function useSiteEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("useSiteEditor outside SiteEditorProvider");
  return editor;
}

/** One field: its id, value, message and setter. */
export function useSiteField(path: string) {
  const { site, state, set } = useSiteEditor();
  const errors = state.kind === "invalid" ? state.errors : {};
  return { id: fieldId(path), value: getAt(site, path), error: messagesAt(errors, path), set: (value: Json) => set(path, value) };
}

export function SiteEditorProvider({ children, loading }: { children: ReactNode; loading: string }) {
  const client = useQueryClient();
  // Loaded each time the page opens (what an earlier visit loaded is not shown) and after a
  // restore, never behind the owner's back: a load replaces the details being edited.
  const query = useQuery({ queryKey: keys.site, queryFn: adminApi.site, ...LOADED_ON_OPENING });
  return (
    <Loaded query={query} what="The site details" loading={loading}>
      {(loaded) =>
        query.isFetchedAfterMount ? (
          <SiteDraft loaded={loaded} reload={() => client.refetchQueries({ queryKey: keys.site })}>
            {children}
          </SiteDraft>
        ) : (
          <Spinner label={loading} />
        )
      }
    </Loaded>
  );
}

/** The details as loaded, as edited, and as last saved. */
function SiteDraft({ loaded, reload, children }: { loaded: LoadedSite; reload: () => Promise<void>; children: ReactNode }) {
  const [draft, dispatch] = useReducer(siteEditorReducer, loaded, openedSite);
  // A load (after a restore) replaces what is edited.
  if (loaded !== draft.from) dispatch({ type: "loaded", loaded });
  const { saved, site, state, shown } = draft;

  const editor: Editor = {
    shown,
    show: (path) => dispatch({ type: "show", path }),
    site,
    saved: saved.site,
    placeholders: saved.placeholders,
    version: saved.version,
    changed: site !== saved.site,
    state,
    set: (path, value) => dispatch({ type: "set", path, value }),
    save: async () => {
      dispatch({ type: "saving" });
      try {
        const answer = await adminApi.saveSite(saved.version, site);
        dispatch({ type: "saved", sent: site, site: answer.site, version: answer.version, placeholders: answer.placeholders, summary: answer.summary });
      } catch (failure) {
        if (failure instanceof AdminApiError && failure.status === 422) dispatch({ type: "invalid", errors: failure.fieldErrors });
        else dispatch({ type: "failed", message: failureMessage(failure) });
      }
    },
    discard: () => dispatch({ type: "discard" }),
    reload,
  };
  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
}
