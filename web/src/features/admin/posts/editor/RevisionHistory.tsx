// The earlier versions of a post (every save keeps one): a list with times, and loading one
// back into the editor, where it is saved like any change (or left unsaved).
import { ChevronDown, History } from "lucide-react";
import { useId, useState } from "react";
import { adminApi, type Revision, type RevisionListing } from "../../frame/api";
import { ErrorNotice } from "../../frame/ErrorNotice";
import { useShopClock } from "../../frame/format";

const FAILED = "The earlier versions could not be loaded. Please try again.";

export function RevisionHistory({ postId, onLoad }: { postId: number; onLoad: (revision: Revision) => void }) {
  const { dateTime } = useShopClock();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<RevisionListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setOpen((was) => !was);
    if (revisions !== null) return;
    try {
      setRevisions(await adminApi.revisions(postId));
    } catch (failure) {
      console.error("Failed to load the revisions", failure);
      setError(FAILED);
    }
  }

  async function load(revision: RevisionListing) {
    setError(null);
    try {
      onLoad(await adminApi.revision(postId, revision.id));
    } catch (failure) {
      console.error("Failed to load a revision", failure);
      setError(FAILED);
    }
  }

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => void toggle()}
        className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800 hover:text-slate-950"
      >
        <History aria-hidden="true" className="h-4 w-4" />
        Earlier versions
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <div id={id} className="mt-2">
          {error && <ErrorNotice>{error}</ErrorNotice>}
          {revisions?.length === 0 && <p className="text-sm text-slate-700">No earlier versions yet.</p>}
          <ol className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
            {revisions?.map((revision) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{dateTime(revision.savedAt)}</span>
                  <span className="text-slate-700">
                    {/* A version kept from before the first save in the editor has nobody's name. */}
                    {revision.savedBy ? ` by ${revision.savedBy}` : ", the original text"}: “{revision.title}”
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => void load(revision)}
                  className="rounded-md px-3 py-1 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Load this version<span className="sr-only"> (saved {dateTime(revision.savedAt)})</span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
