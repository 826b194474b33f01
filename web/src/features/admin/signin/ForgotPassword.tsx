// 'Forgot password?' on the sign-in page: the account's e-mail address, then the same answer for
// any address (a one-time link is on its way if it has an account).
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AdminApiError, adminApi } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Input, PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "../frame/form";

export function ForgotPassword({ email: typed, onBack }: { email: string; onBack: () => void }) {
  const [email, setEmail] = useState(typed);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form took the sign-in's place: focus goes to its heading, so a screen reader says where.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer((await adminApi.askPasswordReset(email.trim())).message);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError && failure.status === 422 ? (Object.values(failure.fieldErrors)[0]?.[0] ?? failure.message) : failureMessage(failure),
      );
    }
    setBusy(false);
  }

  return (
    <>
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-700">
        <KeyRound aria-hidden="true" className="h-7 w-7" />
      </div>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-center text-2xl font-bold text-slate-900 outline-none">
        Forgot password?
      </h1>
      {answer ? (
        <p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {answer}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
          <p className="text-sm text-slate-700">Enter the e-mail address you sign in with. We'll send a link to set a new password.</p>
          <Input
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
          {error && <ErrorNotice>{error}</ErrorNotice>}
          <button type="submit" disabled={busy} className={`w-full ${PRIMARY_BUTTON} py-2.5`}>
            {busy ? "Sending..." : "Send the link"}
          </button>
        </form>
      )}
      <button type="button" onClick={onBack} className={`mt-4 w-full ${PLAIN_BUTTON}`}>
        Back to sign-in
      </button>
    </>
  );
}
