// 'On my way': texts the customer that the crew is coming, with the minutes to arrival picked
// here. On the request's page beside its texts, and on Today's jobs for a crew on the road.
import { useId, useState } from "react";
import { adminApi } from "../frame/api";
import { useDeskChanged } from "../frame/queries";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage, PLAIN_BUTTON } from "../frame/form";

const MINUTES = [10, 15, 20, 30, 45, 60, 90];

/** The picker and the button; `name` labels them when several are on one page. A refusal shows
 * the server's sentence under them; a success reloads what shows the texts. */
export function OnMyWay({ bookingId, name }: { bookingId: number; name?: string }) {
  const id = useId();
  const [minutes, setMinutes] = useState(20);
  const deskChanged = useDeskChanged();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function send() {
    setSending(true);
    setError(undefined);
    setSent(false);
    try {
      await adminApi.onMyWay(bookingId, minutes);
      setSent(true);
      void deskChanged();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-minutes`} className="text-sm font-medium text-slate-800">
          {name ? <span className="sr-only">{`${name}: `}</span> : null}
          Arriving in
        </label>
        <select
          id={`${id}-minutes`}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
          className="min-h-11 rounded-lg border border-slate-300 px-2 text-sm"
        >
          {MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </select>
        <button type="button" className={PLAIN_BUTTON} disabled={sending} onClick={() => void send()} aria-label={name ? `On my way to ${name}` : undefined}>
          {sending ? "Sending..." : "On my way"}
        </button>
        <span role="status" className="text-sm text-green-800">
          {sent && !sending ? "Texted." : ""}
        </span>
      </div>
      {error && <ErrorNotice className="mt-2">{error}</ErrorNotice>}
    </div>
  );
}
