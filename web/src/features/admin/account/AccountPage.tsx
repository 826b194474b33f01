// The signed-in admin's account: the password, two-step sign-in, the sessions and the calendar feed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { AdminShell } from "../frame/AdminShell";
import { CalendarFeedSection } from "./CalendarFeedSection";
import { AdminApiError, adminApi, type Account } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { PushSection } from "./PushSection";
import { TwoFactorSection } from "./TwoFactorSection";
import { Input, PLAIN_BUTTON, PRIMARY_BUTTON, Section, failureMessage } from "../frame/form";
import { browserName, useShopClock } from "../frame/format";

function PasswordSection() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    setFailure(null);
    if (next !== again) {
      setErrors({ again: "The two new passwords differ" });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await adminApi.changePassword(current, next);
      setCurrent("");
      setNext("");
      setAgain("");
      setMessage("Your password is changed. Any other sessions were signed out.");
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0] ?? ""])));
      } else {
        setFailure(failureMessage(error));
      }
    }
    setBusy(false);
  }

  const edit = (field: string, set: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  return (
    <Section title="Password">
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid max-w-md gap-4">
        <Input
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={edit("currentPassword", setCurrent)}
          error={errors.currentPassword}
        />
        <Input
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={edit("newPassword", setNext)}
          error={errors.newPassword}
          hint="At least 12 characters. A short sentence is easy to remember."
        />
        <Input
          id="new-password-again"
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={edit("again", setAgain)}
          error={errors.again}
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        {message && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {message}
          </p>
        )}
        <div>
          <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
            {busy ? "Changing..." : "Change password"}
          </button>
        </div>
      </form>
    </Section>
  );
}

function SessionsSection({ account, reload }: { account: Account; reload: () => void }) {
  const { dateTime } = useShopClock();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function endSession(id: string) {
    setFailure(null);
    try {
      await adminApi.endSession(id);
      setMessage("That device is signed out.");
      reload();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }

  async function signOutOthers() {
    setFailure(null);
    try {
      const { ended } = await adminApi.signOutOthers();
      setMessage(ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.`);
      reload();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }

  return (
    <Section title="Where you are signed in">
      <ul className="mt-4 divide-y divide-slate-200">
        {account.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {browserName(session.userAgent)}
                {session.current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>}
              </p>
              <p className="text-slate-700">
                {session.clientIp || "Unknown address"} · signed in {dateTime(session.startedAt)} · last active {dateTime(session.lastSeenAt)}
              </p>
              <p className="text-slate-700">
                {session.kept && session.endsAt ? `Kept signed in until ${dateTime(session.endsAt)}` : "Signed out after 2 idle hours"}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                onClick={() => void endSession(session.id)}
                className={PLAIN_BUTTON}
                aria-label={`Sign out ${browserName(session.userAgent)}, signed in ${dateTime(session.startedAt)}`}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">Signing out everywhere else also forgets the devices you trusted to skip the code.</p>
      {failure && <ErrorNotice className="mt-3">{failure}</ErrorNotice>}
      {message && (
        <p role="status" className="mt-3 text-sm text-green-800">
          {message}
        </p>
      )}
      <button type="button" onClick={() => void signOutOthers()} className={`mt-4 ${PLAIN_BUTTON}`}>
        Sign out everywhere else
      </button>
    </Section>
  );
}

export function AccountPage() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.account, queryFn: adminApi.account });
  const reload = () => void client.invalidateQueries({ queryKey: keys.account });

  return (
    <AdminShell title="Account">
      <h1 className="text-2xl font-bold text-slate-900">Your account</h1>
      <Loaded query={query} what="Your account" loading="Loading your account">
        {(account) => (
          <>
            <p className="mt-1 text-slate-600">Signed in as {account.email}</p>
            <PasswordSection />
            <TwoFactorSection account={account} reload={reload} />
            <PushSection />
            <SessionsSection account={account} reload={reload} />
            <CalendarFeedSection />
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}
