// The editor's top row: back to the dashboard, the title, 'View on site' for a published post,
// Compose/Preview, and the three ways to save.
import { ArrowLeft, CalendarClock, ExternalLink, Eye, PenLine } from "lucide-react";
import { Link } from "react-router";

/** The three ways to save: a draft, a draft that goes live at its time, or published now. */
export type SaveAs = "draft" | "schedule" | "publish";

export function EditorHeader({
  isNew,
  publishedSlug,
  view,
  onView,
  saving,
  onSave,
}: {
  isNew: boolean;
  /** The post's public slug while it is published. */
  publishedSlug: string | null;
  view: "compose" | "preview";
  onView: (view: "compose" | "preview") => void;
  /** The save under way, if any. */
  saving: SaveAs | null;
  onSave: (as: SaveAs) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Link to="/dbadmin/dashboard" aria-label="Back to dashboard" className="rounded-lg p-2 text-slate-700 ring-1 ring-slate-300 hover:bg-white">
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{isNew ? "New Post" : "Edit Post"}</h1>
      {publishedSlug !== null && (
        <a
          href={`/blog/${publishedSlug}`}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-sm font-semibold text-orange-800 hover:text-orange-900"
        >
          View on site
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <div className="flex rounded-lg bg-white p-1 ring-1 ring-slate-300" role="group" aria-label="View">
          {(["compose", "preview"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => onView(mode)}
              className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${
                view === mode ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {mode === "compose" ? <PenLine aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
              {mode === "compose" ? "Compose" : "Preview"}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => onSave("draft")}
          disabled={saving !== null}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-70"
        >
          {saving === "draft" ? "Saving..." : "Draft"}
        </button>
        <button
          type="button"
          onClick={() => onSave("schedule")}
          disabled={saving !== null}
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-70"
        >
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
          {saving === "schedule" ? "Scheduling..." : "Schedule"}
        </button>
        <button
          type="button"
          onClick={() => onSave("publish")}
          disabled={saving !== null}
          className="rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
        >
          {/* A post on the site is updated; the spec's Publish is for one that is not. */}
          {publishedSlug !== null ? (saving === "publish" ? "Updating..." : "Update") : saving === "publish" ? "Publishing..." : "Publish"}
        </button>
      </div>
    </div>
  );
}
