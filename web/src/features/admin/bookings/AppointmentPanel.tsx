// A booking's time in the inbox: requested or confirmed, and what the owner does with it:
// confirm it, set another (day, start, length), or drop it; with no time, set one. A full time
// is said so, with 'Book it anyway'. The visitor is told by e-mail when a time is confirmed or
// moved.
import { CalendarCheck, CalendarClock } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLayout } from "../../../lib/layout";
import { AdminApiError, adminApi, type BookingTime, type SetTime, type TimeKind } from "../api";
import { failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON } from "../form";
import { shopLocalInput } from "../format";

/** Start times a job may have: on the hour and the half hour. */
const STARTS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
const LENGTHS = [30, 60, 90, 120, 150, 180, 240, 300, 360, 480];

function lengthName(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : "", rest ? `${rest} min` : ""].filter(Boolean).join(" ");
}

export function AppointmentPanel({
  bookingId,
  time,
  cancelled,
  onChanged,
}: {
  bookingId: number;
  time: BookingTime | null;
  /** The customer cancelled: nothing to confirm. */
  cancelled: boolean;
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
  const [problem, setProblem] = useState<{ text: string; full: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      setEditing(false);
      onChanged();
    } catch (failure) {
      const full = failure instanceof AdminApiError && failure.status === 409 && failure.message.includes("anyway");
      setProblem({ text: failureMessage(failure), full });
    } finally {
      setBusy(false);
    }
  }

  function save(event: FormEvent, overbook = false) {
    event.preventDefault();
    void run(() => adminApi.setTime(bookingId, { ...form, overbook }));
  }

  if (cancelled) {
    return time ? <p className="mt-3 text-sm text-slate-700">Its time, {time.label}, was given back.</p> : null;
  }
  const confirmed = time?.state === "confirmed";
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3">
        {time && time.state !== "cancelled" ? (
          <p className="flex items-center gap-2">
            {confirmed ? (
              <CalendarCheck aria-hidden="true" className="h-4 w-4 text-green-700" />
            ) : (
              <CalendarClock aria-hidden="true" className="h-4 w-4 text-amber-700" />
            )}
            <span className="font-semibold text-slate-900">{confirmed ? "Confirmed" : "Requested"}:</span> {time.label}
            <span className="text-slate-600">({time.kind === "shop" ? "drop-off" : "mobile"})</span>
          </p>
        ) : (
          <p className="text-slate-700">No time yet.</p>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {time?.state === "requested" && (
            <button type="button" disabled={busy} onClick={() => void run(() => adminApi.confirmTime(bookingId))} className={PRIMARY_BUTTON}>
              Confirm this time
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => setEditing((open) => !open)} aria-expanded={editing} className={PLAIN_BUTTON}>
            {time && time.state !== "cancelled" ? "Set another time" : "Set a time"}
          </button>
          {time && time.state !== "cancelled" && (
            <button type="button" disabled={busy} onClick={() => void run(() => adminApi.dropTime(bookingId))} className={PLAIN_BUTTON}>
              Drop the time
            </button>
          )}
        </div>
      </div>
      {editing && (
        <form onSubmit={save} className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${ids}-kind`} className="block text-xs font-medium text-slate-700">
              Kind
            </label>
            <select
              id={`${ids}-kind`}
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
                  {start}
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
            Confirm this time
          </button>
        </form>
      )}
      {problem && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-red-800">
          <span>{problem.text}</span>
          {problem.full && (
            <button type="button" onClick={(event) => save(event, true)} className={PLAIN_BUTTON}>
              Book it anyway
            </button>
          )}
        </div>
      )}
    </div>
  );
}
