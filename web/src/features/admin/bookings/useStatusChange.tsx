// Setting a request's status, from the inbox's card or the request's page: 'done' before the
// appointment has ended asks first (a job marked done too early would ask for a review, and
// leaves Today's jobs).
import { useState, type ReactNode } from "react";
import type { Booking, BookingStatus } from "../frame/api";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";

/** Whether the booking's time is still to come or under way (not cancelled). */
function notEnded(booking: Booking, now: number): boolean {
  const time = booking.appointment;
  return time !== null && time.state !== "cancelled" && new Date(time.end).getTime() > now;
}

/** `change(status)` sets it, asking first for 'done' before the time has ended; `question` is the
 * dialog to render. */
export function useStatusChange(booking: Booking, set: (status: BookingStatus) => void): { change: (status: BookingStatus) => void; question: ReactNode } {
  const [asking, setAsking] = useState(false);
  const change = (status: BookingStatus) => {
    if (status === "done" && notEnded(booking, Date.now())) setAsking(true);
    else set(status);
  };
  const question = (
    <ModalDialog
      open={asking}
      title="Mark it done already?"
      description={`The appointment (${booking.appointment?.label ?? ""}) has not ended yet. Marking the job done now may ask the customer for a review before the work is finished.`}
      onCancel={() => setAsking(false)}
    >
      <DialogActions>
        <button type="button" autoFocus onClick={() => setAsking(false)} className={PLAIN_BUTTON}>
          Not yet
        </button>
        <button
          type="button"
          onClick={() => {
            setAsking(false);
            set("done");
          }}
          className={PRIMARY_BUTTON}
        >
          Mark done anyway
        </button>
      </DialogActions>
    </ModalDialog>
  );
  return { change, question };
}
