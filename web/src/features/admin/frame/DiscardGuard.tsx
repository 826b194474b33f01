// Leaving the editor with unsaved changes asks first: a link or the back arrow inside the admin
// gets our own question, closing or reloading the tab gets the browser's; Logout asks its own
// (and then leaves without this one).
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { DialogActions, ModalDialog } from "./ModalDialog";
import type { SignInState } from "./session";
import { holdUnsavedWork } from "./unsavedWork";

/** `subject` names what has the changes; moving between paths starting with `within` keeps them. */
export function DiscardGuard({
  unsaved,
  onDiscard,
  subject = "This post",
  within,
  description,
}: {
  unsaved: boolean;
  onDiscard: () => void;
  subject?: string;
  within?: string;
  /** What is lost, in place of "{subject} has changes that are not saved...". */
  description?: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(within && nextLocation.pathname.startsWith(within)) &&
      (nextLocation.state as SignInState | null)?.signedOut !== true,
  );

  useEffect(() => (unsaved ? holdUnsavedWork() : undefined), [unsaved]);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  return (
    <ModalDialog
      open={blocker.state === "blocked"}
      title="Discard changes?"
      description={description ?? `${subject} has changes that are not saved. If you leave now, they are lost.`}
      onCancel={() => blocker.reset?.()}
    >
      <DialogActions>
        <button
          type="button"
          autoFocus
          onClick={() => blocker.reset?.()}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Keep editing
        </button>
        <button
          type="button"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Discard changes
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
