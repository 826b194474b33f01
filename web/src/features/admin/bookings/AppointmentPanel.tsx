// A booking's time in the inbox: requested or confirmed, and what the owner does with it:
// confirm it, set another (day, start, length), or drop it (asked first, with an undo); with no
// time, set one. A full time is said so, with 'Book it anyway'; a closed day or a time outside
// the hours, with 'Set it anyway'. The visitor is told by e-mail when a time is confirmed, moved
// or dropped.
import { CalendarCheck, CalendarClock } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLayout } from "../../../lib/layout";
import { AdminApiError, adminApi, type BookingTime, type SetTime, type TimeKind } from "../frame/api";
import { failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";
import { shopLocalInput } from "../frame/format";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";

/** Start times a job may have: on the hour and the half hour. */
const STARTS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
const LENGTHS = [30, 60, 90, 120, 150, 180, 240, 300, 360, 480];

/** "14:30" as the shop writes it: "2:30 PM". */
function twelveHour(start: string): string {
  const [hours = 0, minutes = 0] = start.split(":").map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** What the server said can be taken anyway: a full time, or one outside the hours. */
type Anyway = "overbook" | "outsideHours" | null;

function anywayOf(failure: unknown): Anyway {
  if (!(failure instanceof AdminApiError)) return null;
  if (failure.status === 409 && failure.message.includes("anyway")) return "overbook";
  if (failure.status === 422 && (failure.fieldErrors.start ?? []).some((text) => text.includes("anyway"))) return "outsideHours";
  return null;
}

function lengthName(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : "", rest ? `${rest} min` : ""].filter(Boolean).join(" ");
}

export function AppointmentPanel({
  bookingId,
  time,
  cancelled,
  done,
  onChanged,
}: {
  bookingId: number;
  time: BookingTime | null;
  /** The customer cancelled: nothing to confirm. */
  cancelled: boolean;
  /** The job is done: a time it asked for is not confirmed any more. */
  done: boolean;
  /** After a change, so the list shows it. */
  onChanged: () => void;
}) {
  const { timeZone } = useLayout();
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<SetTime>(() => {
    const [date, start] = time ? shopLocalInput(time.start, timeZone).split("T") : ["", "08:00"];
    const minutes = time ? Math.round((Date.parse(time.end) - Date.parse(time.start)) / 60000) : 120;
    return { kind: time?.kind ?? "shop", date: date ?? "", start: start ?? "08:00", minutes };
  });
  const [problem, setProblem] = useState<{ text: string; anyway: Anyway } | null>(null);
  const [busy, setBusy] = useState(false);
  const [askingToDrop, setAskingToDrop] = useState(false);
  /** The time just dropped, to set again with Undo. */
  const [dropped, setDropped] = useState<SetTime | null>(null);
  /** What the owner chose to take anyway for the time being saved. */
  const [taken, setTaken] = useState<{ overbook: boolean; outsideHours: boolean }>({ overbook: false, outsideHours: false });
  // Where the focus goes after a change (the button pressed is gone): the time as it stands now,
  // or the line that offers Undo.
  // It is focused once the change is on screen (the Undo line only exists after the render).
  const summary = useRef<HTMLParagraphElement>(null);
  const droppedLine = useRef<HTMLParagraphElement>(null);
  const [focusNext, setFocusNext] = useState<"summary" | "dropped" | null>(null);
  useEffect(() => {
    const target = (focusNext === "dropped" ? droppedLine : summary).current;
    if (!focusNext || !target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, dropped]);

  async function run(action: () => Promise<unknown>, focus: "summary" | "dropped" = "summary"): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      setEditing(false);
      onChanged();
      setFocusNext(focus);
      return true;
    } catch (failure) {
      // A refused time's reason is its field's message (the day, the start).
      const reason = failure instanceof AdminApiError ? Object.values(failure.fieldErrors).flat()[0] : undefined;
      setProblem({ text: reason ?? failureMessage(failure), anyway: anywayOf(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  function saveWith(time: SetTime, anyway: { overbook: boolean; outsideHours: boolean }) {
    setTaken(anyway);
    void run(() => adminApi.setTime(bookingId, { ...time, ...anyway })).then((saved) => {
      if (saved) setDropped(null);
    });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    saveWith(form, { overbook: false, outsideHours: false });
  }

  async function drop() {
    setAskingToDrop(false);
    if (!time) return;
    const [date = "", start = "08:00"] = shopLocalInput(time.start, timeZone).split("T");
    const minutes = Math.round((Date.parse(time.end) - Date.parse(time.start)) / 60000);
    if (await run(() => adminApi.dropTime(bookingId), "dropped")) setDropped({ kind: time.kind, date, start, minutes });
  }

  if (cancelled) {
    return time ? <p className="mt-3 text-sm text-slate-700">Its time, {time.label}, was given back.</p> : null;
  }
  const confirmed = time?.state === "confirmed";
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3">
        {time && time.state !== "cancelled" ? (
          <p ref={summary} tabIndex={-1} className="flex min-w-0 flex-wrap items-center gap-x-2 outline-none">
            {confirmed ? (
              <CalendarCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
            ) : (
              <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-700" />
            )}
            <span className="font-semibold text-slate-900">{confirmed ? "Confirmed" : "Requested"}:</span> {time.label}
            <span className="text-slate-600">({time.kind === "shop" ? "drop-off" : "mobile"})</span>
          </p>
        ) : (
          <p ref={summary} tabIndex={-1} className="text-slate-700 outline-none">
            No time yet.
          </p>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {time?.state === "requested" && !done && !editing && (
            <button type="button" disabled={busy} onClick={() => void run(() => adminApi.confirmTime(bookingId))} className={PRIMARY_BUTTON}>
              Confirm {time.label}
            </button>
          )}
          {!editing && (
            <button type="button" disabled={busy} onClick={() => setEditing(true)} className={PLAIN_BUTTON}>
              {time && time.state !== "cancelled" ? "Move to another time" : "Set a time"}
            </button>
          )}
          {time && time.state !== "cancelled" && !editing && (
            <button type="button" disabled={busy} onClick={() => setAskingToDrop(true)} className={PLAIN_BUTTON}>
              Drop the time
            </button>
          )}
        </div>
      </div>
      {dropped && (
        <p ref={droppedLine} tabIndex={-1} role="status" className="mt-3 flex flex-wrap items-center gap-3 text-slate-800 outline-none">
          The time is dropped. The customer is told by e-mail in a minute, unless you undo it.
          <button type="button" disabled={busy} onClick={() => saveWith(dropped, { overbook: true, outsideHours: true })} className={PLAIN_BUTTON}>
            Undo
          </button>
        </p>
      )}
      <ModalDialog
        open={askingToDrop}
        title="Drop this time?"
        description={`${time?.label ?? "The time"} comes off the schedule and its place is free again. The customer is told by e-mail (with a calendar update); the request stays open.`}
        onCancel={() => setAskingToDrop(false)}
      >
        <DialogActions>
          <button type="button" autoFocus onClick={() => setAskingToDrop(false)} className={PLAIN_BUTTON}>
            Keep the time
          </button>
          <button
            type="button"
            onClick={() => void drop()}
            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Drop the time
          </button>
        </DialogActions>
      </ModalDialog>
      {editing && (
        <form onSubmit={save} className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${ids}-kind`} className="block text-xs font-medium text-slate-700">
              Kind
            </label>
            <select
              id={`${ids}-kind`}
              autoFocus
              value={form.kind}
              onChange={(event) => setForm({ ...form, kind: event.target.value as TimeKind })}
              className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
            >
              <option value="shop">Drop-off at the shop</option>
              <option value="mobile">Mobile service</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-date`} className="block text-xs font-medium text-slate-700">
              Day
            </label>
            <input
              id={`${ids}-date`}
              type="date"
              required
              value={form.date}
              onChange={(event) => setForm({ ...form, date: event.target.value })}
              className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
            />
          </div>
          <div>
            <label htmlFor={`${ids}-start`} className="block text-xs font-medium text-slate-700">
              Start (shop time)
            </label>
            <select
              id={`${ids}-start`}
              value={form.start}
              onChange={(event) => setForm({ ...form, start: event.target.value })}
              className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
            >
              {STARTS.map((start) => (
                <option key={start} value={start}>
                  {twelveHour(start)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-length`} className="block text-xs font-medium text-slate-700">
              {form.kind === "mobile" ? "Arrival window" : "Length"}
            </label>
            <select
              id={`${ids}-length`}
              value={form.minutes}
              onChange={(event) => setForm({ ...form, minutes: Number(event.target.value) })}
              className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
            >
              {LENGTHS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {lengthName(minutes)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy || !form.date} className={PRIMARY_BUTTON}>
            {time && time.state !== "cancelled" ? "Save the new time" : "Save this time"}
          </button>
          <button
            type="button"
            onClick={() => {
              setEditing(false);
              setProblem(null);
            }}
            className={PLAIN_BUTTON}
          >
            Cancel
          </button>
        </form>
      )}
      {problem && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-red-800">
          <span>{problem.text}</span>
          {problem.anyway && (
            <button
              type="button"
              disabled={busy}
              onClick={() => saveWith(dropped ?? form, { ...taken, [problem.anyway ?? "overbook"]: true })}
              className={PLAIN_BUTTON}
            >
              {problem.anyway === "overbook" ? "Book it anyway" : "Set it anyway"}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
