// The check a link older than 14 days asks for before it opens the customer's page: the last four
// digits of their phone. Right, the page opens again (for 14 more days); five wrong answers end the
// link, and the page then says what to do instead.
import { type FormEvent, useId, useState } from "react";
import { ApiError, manageLink } from "../../lib/api";

export function LinkCheck({ token, phone }: { token: string; phone: string | null | undefined }) {
  const ids = useId();
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await manageLink.check(token, digits);
      window.location.reload();
    } catch (failure) {
      const said = failure instanceof ApiError ? failure.message : "That did not work. Please try again, or call us.";
      if (failure instanceof ApiError && (failure.status === 410 || failure.status === 404)) setEnded(said);
      else setError(said);
      setBusy(false);
    }
  }

  if (ended) {
    return (
      <p role="alert" className="rounded-2xl bg-white p-8 text-slate-800 shadow-sm ring-1 ring-slate-200">
        {ended}
        {phone && ` Our number is ${phone}.`}
      </p>
    );
  }
  return (
    <form onSubmit={send} noValidate className="space-y-4 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">Is it you?</h2>
      <p className="text-slate-700">
        This link is more than two weeks old. For your privacy, please type the last four digits of the phone number you gave us, and the page opens.
      </p>
      <div>
        <label htmlFor={`${ids}-digits`} className="block text-sm font-medium text-slate-800">
          Last four digits of your phone
        </label>
        <input
          id={`${ids}-digits`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={digits}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setDigits(event.target.value)}
          className={`mt-1 w-32 rounded-lg border px-3 py-2 text-lg tracking-widest focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none ${error ? "border-red-600" : "border-slate-300"}`}
        />
        {error && (
          <p id={`${ids}-error`} role="alert" className="mt-1 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className="rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-70">
        Open my page
      </button>
    </form>
  );
}
