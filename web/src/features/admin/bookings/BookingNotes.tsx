// Notes on a booking: who wrote each and when, and a box to add one.
import { useId, useState } from "react";
import { adminApi, type BookingNote } from "../api";
import { useShopClock } from "../format";
import { describedBy, failureMessage, Field, fieldClass, PLAIN_BUTTON } from "../form";

export function BookingNotes({ bookingId, notes }: { bookingId: number; notes: BookingNote[] }) {
  const { dateTime } = useShopClock();
  const id = useId();
  const [list, setList] = useState(notes);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function add() {
    setSaving(true);
    setError(undefined);
    try {
      const note = await adminApi.addBookingNote(bookingId, draft);
      setList((current) => [...current, note]);
      setDraft("");
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    // Not a landmark: every booking card has its notes, and landmarks must differ by name.
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Notes
      </h3>
      {list.length > 0 && (
        <ul className="mt-2 space-y-2">
          {list.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <p className="whitespace-pre-line text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.writtenBy}, <time dateTime={note.writtenAt}>{dateTime(note.writtenAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="min-w-56 flex-1">
          <Field id={`${id}-note`} label="Add a note" error={error}>
            <textarea
              id={`${id}-note`}
              rows={2}
              maxLength={2000}
              placeholder="Called back, parts ordered..."
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy(`${id}-note`, false, error)}
              className={fieldClass(error)}
            />
          </Field>
        </div>
        <button type="submit" className={PLAIN_BUTTON} disabled={saving || !draft.trim()}>
          Save note
        </button>
      </form>
    </div>
  );
}
