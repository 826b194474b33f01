import { Eye, EyeOff, Lock } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminApiError, adminApi, type Enrolment, type Session } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { useAdminTitle } from "../frame/adminTitle";
import { useSession, type SignInState } from "../frame/session";
import { CodeStep } from "./CodeStep";
import { ForgotPassword } from "./ForgotPassword";

const INVALID = "Invalid credentials or insufficient permissions";
const FAILED = "Login failed. Please try again.";

/** The message for a failed sign-in: the server's for throttling, else the spec's two. */
function loginError(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.status === 401) return INVALID;
    if (error.status === 429) return error.message;
  }
  return FAILED;
}

export function LoginPage() {
  const { user, signedIn } = useSession();
  const navigate = useNavigate();
  const asked = useLocation().state as SignInState | null;
  const next = asked?.from ?? "/dbadmin/today";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set when the password was right and two-factor sign-in asks for a code (after setting up
   * the app, where the shop requires it and the account has none yet). */
  const [challenge, setChallenge] = useState<{ challenge: string; setup?: Enrolment } | null>(null);
  const [forgot, setForgot] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  useAdminTitle(forgot ? "Forgot password" : challenge ? "Sign-in code" : "Sign in");

  if (user === undefined) return <Spinner label="Checking your session" />;
  if (user) return <Navigate to={next} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.login(email.trim(), password, keepSignedIn);
      if ("codeNeeded" in answer || "setupNeeded" in answer) {
        setChallenge("setupNeeded" in answer ? { challenge: answer.challenge, setup: answer.setup } : { challenge: answer.challenge });
        setBusy(false);
        return;
      }
      done(answer);
    } catch (failure) {
      if (!(failure instanceof AdminApiError && failure.status === 401)) console.error("Login failed", failure);
      setError(loginError(failure));
      setBusy(false);
    }
  }

  function done(session: Session) {
    signedIn(session);
    navigate(next, { replace: true });
  }

  function startOver(message: string | null) {
    setChallenge(null);
    setPassword("");
    setError(message);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        {challenge ? (
          <CodeStep challenge={challenge.challenge} setup={challenge.setup} keepSignedIn={keepSignedIn} onSignedIn={done} onStartOver={startOver} />
        ) : forgot ? (
          <ForgotPassword
            email={email}
            onBack={() => {
              setForgot(false);
              // Back on the sign-in form, where it was left.
              window.setTimeout(() => emailField.current?.focus(), 0);
            }}
          />
        ) : (
          <>
            <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-700">
              <Lock aria-hidden="true" className="h-7 w-7" />
            </div>
            <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Admin Login</h1>
            <p className="mt-1 text-center text-slate-600">Requests, schedule, blog and site of the shop</p>
            {asked?.signedOut && (
              <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-center text-sm font-medium text-green-900 ring-1 ring-green-200">
                You are signed out.
              </p>
            )}
            <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-5">
              <div>
                <label htmlFor="login-email" className="block text-sm font-medium text-slate-800">
                  Email
                </label>
                <input
                  id="login-email"
                  ref={emailField}
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={busy}
                  className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
                />
              </div>
              <div>
                <label htmlFor="login-password" className="block text-sm font-medium text-slate-800">
                  Password
                </label>
                <div className="relative mt-1">
                  <input
                    id="login-password"
                    type={showPassword ? "text" : "password"}
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    disabled={busy}
                    className="w-full rounded-lg border border-slate-300 py-2 pr-11 pl-3 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((shown) => !shown)}
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    aria-pressed={showPassword}
                    className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-600 hover:text-slate-900"
                  >
                    {showPassword ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
                  </button>
                </div>
              </div>
              <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={keepSignedIn}
                  onChange={(event) => setKeepSignedIn(event.target.checked)}
                  disabled={busy}
                  className="h-5 w-5 accent-orange-700"
                />
                Keep me signed in on this device (30 days)
              </label>
              {error && <ErrorNotice>{error}</ErrorNotice>}
              <button
                type="submit"
                disabled={busy}
                className="w-full rounded-lg bg-orange-700 px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
              >
                {busy ? "Signing in..." : "Sign In"}
              </button>
            </form>
            <p className="mt-4 text-center text-sm">
              <button type="button" onClick={() => setForgot(true)} className="min-h-11 px-2 font-medium text-orange-800 underline">
                Forgot password?
              </button>
            </p>
          </>
        )}
        <p className="mt-6 text-center text-xs text-slate-600">Authorized personnel only. All access is logged and monitored.</p>
      </div>
    </main>
  );
}
