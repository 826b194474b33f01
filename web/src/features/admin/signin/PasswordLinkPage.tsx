// A page an e-mailed one-time link opens to choose a password (a reset, an invitation to the
// team): it says whether the link still works and for whom, takes the password twice, and then
// sends the person to sign in (two-factor included).
import { KeyRound } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminApiError } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { useAdminTitle } from "../frame/adminTitle";
import { Input, PRIMARY_BUTTON, failureMessage } from "../frame/form";

/** What a link's page says and does; `check` and `save` must keep their identity (module-level). */
export interface PasswordLink {
  title: string;
  /** Whether the link works: what the page says of whom it is for. */
  check: (token: string) => Promise<string>;
  save: (token: string, password: string) => Promise<unknown>;
  saveLabel: string;
  /** What the page says once the password is set. */
  done: string;
}

type LinkState = { state: "checking" } | { state: "gone"; message: string } | { state: "open"; intro: string } | { state: "done" };

export function PasswordLinkPage({ title, check, save, saveLabel, done }: PasswordLink) {
  const { token = "" } = useParams();
  const [link, setLink] = useState<LinkState>({ state: "checking" });
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useAdminTitle(title);

  useEffect(() => {
    check(token).then(
      (intro) => setLink({ state: "open", intro }),
      (error: unknown) => setLink({ state: "gone", message: error instanceof AdminApiError ? error.message : failureMessage(error) }),
    );
  }, [check, token]);

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
      await save(token, password);
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
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{title}</h1>
        {link.state === "checking" && <Spinner label="Checking the link" />}
        {link.state === "gone" && <ErrorNotice className="mt-6">{link.message}</ErrorNotice>}
        {link.state === "done" && (
          <p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {done}
          </p>
        )}
        {link.state === "open" && (
          <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
            <p className="text-sm text-slate-700">{link.intro}</p>
            <Input
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.newPassword}
              hint="At least 12 characters. A short sentence is easy to remember."
            />
            <Input
              id="reset-password-again"
              label="New password again"
              type="password"
              autoComplete="new-password"
              required
              value={again}
              onChange={(event) => setAgain(event.target.value)}
              error={errors.again}
            />
            {failure && <ErrorNotice>{failure}</ErrorNotice>}
            <button type="submit" disabled={busy} className={`w-full ${PRIMARY_BUTTON} py-2.5`}>
              {busy ? "Saving..." : saveLabel}
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
