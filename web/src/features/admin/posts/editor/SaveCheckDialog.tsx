// A question a save asks first (taking a live post off the site, hard-to-read text colours).
// The answer the owner most likely wants is the filled button; the focus starts on the safe one,
// which keeps the owner in the editor with nothing saved.
import { DialogActions, ModalDialog } from "../../frame/ModalDialog";
import { PLAIN_BUTTON, PRIMARY_BUTTON } from "../../frame/form";

export interface SaveCheck {
  title: string;
  description: string;
  /** Saves despite it. */
  goAhead: string;
  /** Stays in the editor. */
  stay: string;
  /** Which answer is the filled button. */
  recommended: "goAhead" | "stay";
}

export function SaveCheckDialog({ check, onGoAhead, onStay }: { check: SaveCheck | null; onGoAhead: () => void; onStay: () => void }) {
  const look = (answer: SaveCheck["recommended"]) => (check?.recommended === answer ? PRIMARY_BUTTON : PLAIN_BUTTON);
  return (
    <ModalDialog open={check !== null} title={check?.title ?? ""} description={check?.description ?? ""} onCancel={onStay}>
      <DialogActions>
        <button type="button" autoFocus onClick={onStay} className={look("stay")}>
          {check?.stay}
        </button>
        <button type="button" onClick={onGoAhead} className={look("goAhead")}>
          {check?.goAhead}
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
