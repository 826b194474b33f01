// The second step of a two-factor sign-in: a code from the authenticator app or a recovery code,
// and whether to trust this browser for 30 days.
import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { AdminApiError, adminApi, type Session } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";

const FAILED = "Login failed. Please try again.";

export function CodeStep({
  challenge,
  keepSignedIn,
  onSignedIn,
  onStartOver,
}: {
  challenge: string;
  /** 'Keep me signed in on this device', as chosen with the password. */
  keepSignedIn: boolean;
  onSignedIn: (session: Session) => void;
  /** Back to the password, with a message when the sign-in expired. */
  onStartOver: (message: string | null) => void;
}) {
  const [code, setCode] = useState("");
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A recovery code is typed (letters and digits): the phone shows its full keyboard. */
  const [recovery, setRecovery] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await adminApi.loginCode(challenge, code, trust, keepSignedIn));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof AdminApiError && failure.status === 401 && failure.message.includes("expired")) {
        onStartOver(failure.message);
        return;
      }
      if (failure instanceof AdminApiError && failure.status === 422) {
        setError(failure.fieldErrors.code?.[0] ?? FAILED);
      } else if (failure instanceof AdminApiError && (failure.status === 401 || failure.status === 429)) {
        setError(failure.message);
      } else {
        console.error("Code check failed", failure);
        setError(FAILED);
      }
      setCode("");
    }
  }

  return (
    <>
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-700">
        <ShieldCheck aria-hidden="true" className="h-7 w-7" />
      </div>
      <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Two-step sign-in</h1>
      <p className="mt-1 text-center text-slate-600">Your password was right. Now enter the code from your authenticator app.</p>
      <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-5">
        <div>
          <label htmlFor="login-code" className="block text-sm font-medium text-slate-800">
            Authentication code
          </label>
          <input
            id="login-code"
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            autoCapitalize="none"
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={busy}
            aria-describedby="login-code-hint"
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-lg tracking-widest focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
          />
          <p id="login-code-hint" className="mt-1 text-xs text-slate-600">
            {recovery ? "One of your recovery codes, letters and digits." : "6 digits from the app. Phone lost? Enter one of your recovery codes instead."}
          </p>
          <button type="button" onClick={() => setRecovery((was) => !was)} className="mt-1 min-h-11 text-sm font-medium text-orange-800 underline">
            {recovery ? "Type the app's code" : "Type a recovery code"}
          </button>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={trust} onChange={(event) => setTrust(event.target.checked)} className="h-4 w-4 accent-orange-700" />
          Trust this device for 30 days
        </label>
        {error && <ErrorNotice>{error}</ErrorNotice>}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-orange-700 px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
        >
          {busy ? "Checking..." : "Verify"}
        </button>
        <button
          type="button"
          onClick={() => onStartOver(null)}
          className="w-full text-center text-sm font-semibold text-slate-700 hover:text-slate-950"
        >
          Back to email and password
        </button>
      </form>
    </>
  );
}
