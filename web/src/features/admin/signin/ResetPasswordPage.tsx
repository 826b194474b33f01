// /dbadmin/reset/{token}: the page an e-mailed reset link opens. It says whether the link still
// works, takes the new password twice, and then sends the owner to sign in (two-factor included).
import { KeyRound } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminApiError, adminApi } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { useAdminTitle } from "../frame/adminTitle";
import { Input, PRIMARY_BUTTON, failureMessage } from "../frame/form";

type LinkState = { state: "checking" } | { state: "gone"; message: string } | { state: "open"; email: string } | { state: "done" };

export function ResetPasswordPage() {
  const { token = "" } = useParams();
  const [link, setLink] = useState<LinkState>({ state: "checking" });
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useAdminTitle("Set a new password");

  useEffect(() => {
    adminApi.checkPasswordReset(token).then(
      ({ email }) => setLink({ state: "open", email }),
      (error: unknown) => setLink({ state: "gone", message: error instanceof AdminApiError ? error.message : failureMessage(error) }),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (password !== again) {
      setErrors({ again: "The two passwords differ" });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await adminApi.resetPassword(token, password);
      setLink({ state: "done" });
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0] ?? ""])));
      } else if (error instanceof AdminApiError && error.status === 410) {
        setLink({ state: "gone", message: error.message });
      } else {
        setFailure(failureMessage(error));
      }
    }
    setBusy(false);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-700">
          <KeyRound aria-hidden="true" className="h-7 w-7" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Set a new password</h1>
        {link.state === "checking" && <Spinner label="Checking the link" />}
        {link.state === "gone" && <ErrorNotice className="mt-6">{link.message}</ErrorNotice>}
        {link.state === "done" && (
          <p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            Your password is set, and every device was signed out. Sign in with the new password.
          </p>
        )}
        {link.state === "open" && (
          <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
            <p className="text-sm text-slate-700">For {link.email}.</p>
            <Input id="reset-password" label="New password" type="password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} error={errors.newPassword} hint="At least 12 characters. A short sentence is easy to remember." />
            <Input id="reset-password-again" label="New password again" type="password" autoComplete="new-password" required value={again} onChange={(event) => setAgain(event.target.value)} error={errors.again} />
            {failure && <ErrorNotice>{failure}</ErrorNotice>}
            <button type="submit" disabled={busy} className={`w-full ${PRIMARY_BUTTON} py-2.5`}>
              {busy ? "Saving..." : "Set the password"}
            </button>
          </form>
        )}
        {link.state !== "checking" && link.state !== "open" && (
          <p className="mt-6 text-center">
            <Link to="/dbadmin" className="inline-flex min-h-11 items-center font-medium text-orange-800 underline">
              Go to sign-in
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
