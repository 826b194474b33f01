// Publishing (or scheduling) a post with pictures that have no description asks first.
import { DialogActions, ModalDialog } from "../../frame/ModalDialog";

export function MissingDescriptionsDialog({
  ask,
  onAdd,
  onGoAhead,
  onCancel,
}: {
  /** What is missing and which save asked, or null when nothing is asked. */
  ask: { sentence: string; schedule: boolean } | null;
  onAdd: () => void;
  onGoAhead: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      open={ask !== null}
      title={ask?.schedule ? "Schedule without picture descriptions?" : "Publish without picture descriptions?"}
      description={`${ask?.sentence ?? ""} People using screen readers hear the description instead of seeing the picture, and search engines read it too.`}
      onCancel={onCancel}
    >
      <DialogActions>
        <button
          type="button"
          onClick={onGoAhead}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {ask?.schedule ? "Schedule anyway" : "Publish anyway"}
        </button>
        <button type="button" autoFocus onClick={onAdd} className="rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800">
          Add descriptions
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
