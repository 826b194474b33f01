// Notes on a booking: who wrote each and when, a box to add one, and for a note's author Edit
// and Delete (asked first).
import { useEffect, useId, useRef, useState } from "react";
import { adminApi, type BookingNote } from "../frame/api";
import { useShopClock } from "../frame/format";
import { describedBy, failureMessage, Field, fieldClass, PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { useSession } from "../frame/session";

const LINK_BUTTON = "min-h-11 rounded px-2 text-sm font-medium text-slate-700 underline hover:text-slate-900";

/** `onTyping` hears whether a note is typed or changed and not saved yet (leaving asks first). */
export function BookingNotes({ bookingId, notes, onTyping }: { bookingId: number; notes: BookingNote[]; onTyping?: (typed: boolean) => void }) {
  const { dateTime } = useShopClock();
  const { user } = useSession();
  const id = useId();
  const [list, setList] = useState(notes);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  /** The note being changed, with its text as edited. */
  const [editing, setEditing] = useState<{ id: number; body: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<BookingNote | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const typed = draft.trim() !== "" || editing !== null;
  useEffect(() => onTyping?.(typed), [typed, onTyping]);
  // A reload of the request (the live stream, another tab) brings the notes as stored; a note
  // being changed or a deletion being asked stays as it is.
  const [stored, setStored] = useState(notes);
  if (notes !== stored) {
    setStored(notes);
    setList(notes);
  }

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

  async function change() {
    if (!editing) return;
    setSaving(true);
    try {
      const note = await adminApi.changeBookingNote(bookingId, editing.id, editing.body);
      setList((current) => current.map((other) => (other.id === note.id ? note : other)));
      setEditing(null);
    } catch (failure) {
      setEditing({ ...editing, error: failureMessage(failure) });
    } finally {
      setSaving(false);
    }
  }

  async function remove(note: BookingNote) {
    setDeleting(null);
    setDeleteError(null);
    try {
      await adminApi.deleteBookingNote(bookingId, note.id);
      setList((current) => current.filter((other) => other.id !== note.id));
      heading.current?.focus();
    } catch (failure) {
      setDeleteError(failureMessage(failure));
    }
  }

  return (
    // Not a landmark: every booking card has its notes, and landmarks must differ by name.
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 ref={heading} tabIndex={-1} id={`${id}-title`} className="text-sm font-semibold text-slate-900 outline-none">
        Notes
      </h3>
      {deleteError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {deleteError}
        </p>
      )}
      {list.length > 0 && (
        <ul className="mt-2 space-y-2">
          {list.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              {editing?.id === note.id ? (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void change();
                  }}
                >
                  <Field id={`${id}-edit-${note.id}`} label="Change the note" error={editing.error}>
                    <textarea
                      id={`${id}-edit-${note.id}`}
                      autoFocus
                      rows={3}
                      maxLength={2000}
                      value={editing.body}
                      onChange={(event) => setEditing({ ...editing, body: event.target.value })}
                      aria-invalid={Boolean(editing.error)}
                      aria-describedby={describedBy(`${id}-edit-${note.id}`, false, editing.error)}
                      className={fieldClass(editing.error)}
                    />
                  </Field>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button type="submit" className={PRIMARY_BUTTON} disabled={saving || !editing.body.trim()}>
                      Save the change
                    </button>
                    <button type="button" className={PLAIN_BUTTON} onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="whitespace-pre-line text-slate-900">{note.body}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                    <span>
                      {note.writtenBy}, <time dateTime={note.writtenAt}>{dateTime(note.writtenAt)}</time>
                      {note.editedAt && (
                        <>
                          {" "}
                          (changed <time dateTime={note.editedAt}>{dateTime(note.editedAt)}</time>)
                        </>
                      )}
                    </span>
                    {user?.email === note.writtenBy && (
                      <span className="ml-auto flex gap-1">
                        <button
                          type="button"
                          className={LINK_BUTTON}
                          onClick={() => setEditing({ id: note.id, body: note.body })}
                          aria-label={`Edit your note: ${note.body.slice(0, 40)}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={LINK_BUTTON}
                          onClick={() => setDeleting(note)}
                          aria-label={`Delete your note: ${note.body.slice(0, 40)}`}
                        >
                          Delete
                        </button>
                      </span>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ModalDialog open={deleting !== null} title="Delete this note?" description={deleting?.body ?? ""} onCancel={() => setDeleting(null)}>
        <DialogActions>
          <button type="button" autoFocus onClick={() => setDeleting(null)} className={PLAIN_BUTTON}>
            Keep it
          </button>
          <button
            type="button"
            onClick={() => deleting && void remove(deleting)}
            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Delete the note
          </button>
        </DialogActions>
      </ModalDialog>
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
