// The second step of a two-factor sign-in: a code from the authenticator app or a recovery code,
// and whether to trust this browser for 30 days. Where the shop requires two-step sign-in of an
// account without an app, the app is added here first, and its recovery codes shown once.
import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { AdminApiError, adminApi, type Enrolment, type Session } from "../frame/api";
import { AppToAdd, RecoveryCodes } from "../frame/authenticator";
import { ErrorNotice } from "../frame/ErrorNotice";

const FAILED = "Login failed. Please try again.";

export function CodeStep({
  challenge,
  setup,
  keepSignedIn,
  onSignedIn,
  onStartOver,
}: {
  challenge: string;
  /** The app to add first: the shop requires two-step sign-in and the account has none yet. */
  setup?: Enrolment;
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
  /** Signed in with two-step sign-in set up just now: its recovery codes are shown first. */
  const [madeCodes, setMadeCodes] = useState<{ session: Session; codes: string[] } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await adminApi.loginCode(challenge, code, trust, keepSignedIn);
      if (session.recoveryCodes) setMadeCodes({ session, codes: session.recoveryCodes });
      else onSignedIn(session);
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

  if (madeCodes) {
    return (
      <>
        <h1 className="text-center text-2xl font-bold text-slate-900">Two-step sign-in is on</h1>
        <RecoveryCodes codes={madeCodes.codes} heading="h2" onDone={() => onSignedIn(madeCodes.session)} />
      </>
    );
  }

  return (
    <>
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-700">
        <ShieldCheck aria-hidden="true" className="h-7 w-7" />
      </div>
      <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{setup ? "Set up two-step sign-in" : "Two-step sign-in"}</h1>
      <p className="mt-1 text-center text-slate-600">
        {setup
          ? "Your password was right. The shop asks everyone to sign in with two steps: add this account to an authenticator app, then enter the code it shows."
          : "Your password was right. Now enter the code from your authenticator app."}
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-5">
        {setup && <AppToAdd enrolment={setup} />}
        <div>
          <label htmlFor="login-code" className="block text-sm font-medium text-slate-800">
            {setup ? "2. The 6-digit code the app shows" : "Authentication code"}
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
            {setup
              ? "6 digits; the app shows a new one every 30 seconds."
              : recovery
                ? "One of your recovery codes, letters and digits."
                : "6 digits from the app. Phone lost? Enter one of your recovery codes instead."}
          </p>
          {!setup && (
            <button type="button" onClick={() => setRecovery((was) => !was)} className="mt-1 min-h-11 text-sm font-medium text-orange-800 underline">
              {recovery ? "Type the app's code" : "Type a recovery code"}
            </button>
          )}
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
          {busy ? "Checking..." : setup ? "Confirm and sign in" : "Verify"}
        </button>
        <button type="button" onClick={() => onStartOver(null)} className="w-full text-center text-sm font-semibold text-slate-700 hover:text-slate-950">
          Back to email and password
        </button>
      </form>
    </>
  );
}
