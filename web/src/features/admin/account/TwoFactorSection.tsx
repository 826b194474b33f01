// Two-step sign-in on the account page: set up an authenticator app (QR code or the key as
// text), confirm it with a code, keep the ten recovery codes, make new ones, or turn it off.
import { useState, type FormEvent } from "react";
import { PLAIN_BUTTON, PRIMARY_BUTTON, Input, Section, failureMessage } from "../frame/form";
import { AdminApiError, adminApi, type Account, type Enrolment } from "../frame/api";
import { AppToAdd, RecoveryCodes } from "../frame/authenticator";
import { ErrorNotice } from "../frame/ErrorNotice";

/** A code field with its 422 message, for confirming or using the app. */
function useCode() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  async function attempt<T>(call: (code: string) => Promise<T>): Promise<T | null> {
    setError(undefined);
    setFailure(null);
    try {
      const result = await call(code);
      setCode("");
      return result;
    } catch (problem) {
      if (problem instanceof AdminApiError && problem.status === 422) setError(problem.fieldErrors.code?.[0]);
      else setFailure(failureMessage(problem));
      return null;
    }
  }
  const field = {
    value: code,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setCode(event.target.value);
      setError(undefined);
    },
    error,
  };
  return { field, failure, attempt };
}

function Setup({ enrolment, onEnabled, onCancel }: { enrolment: Enrolment; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { field, failure, attempt } = useCode();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    const codes = await attempt(adminApi.enableTwoFactor);
    if (codes) onEnabled(codes);
  }
  return (
    <form onSubmit={(event) => void confirm(event)} className="mt-4 space-y-4">
      <AppToAdd enrolment={enrolment} />
      <div className="max-w-xs">
        <Input id="setup-code" label="2. The 6-digit code the app shows" inputMode="numeric" autoComplete="one-time-code" required {...field} />
      </div>
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON}>
          Confirm and turn on
        </button>
        <button type="button" onClick={onCancel} className={PLAIN_BUTTON}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WhenOn({ account, onCodes, onOff }: { account: Account; onCodes: (codes: string[]) => void; onOff: () => void }) {
  const { field, failure, attempt } = useCode();
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-800">
        <span className="font-semibold text-green-800">On.</span> Signing in asks for a code from your authenticator app.{" "}
        {account.recoveryCodesLeft === 1 ? "1 recovery code is" : `${account.recoveryCodesLeft} recovery codes are`} left.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(adminApi.newRecoveryCodes).then((codes) => codes && onCodes(codes));
        }}
        className="space-y-4"
      >
        <div className="max-w-xs">
          <Input
            id="manage-code"
            label="Code from the app, or a recovery code"
            autoComplete="one-time-code"
            required
            hint="Needed to make new recovery codes or to turn two-step sign-in off."
            {...field}
          />
        </div>
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={PLAIN_BUTTON}>
            Make new recovery codes
          </button>
          <button
            type="button"
            onClick={() => void attempt(adminApi.disableTwoFactor).then((done) => done !== null && onOff())}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          >
            Turn off two-step sign-in
          </button>
        </div>
      </form>
    </div>
  );
}

export function TwoFactorSection({ account, reload }: { account: Account; reload: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function start() {
    setFailure(null);
    try {
      setEnrolment(await adminApi.setUpTwoFactor());
    } catch (problem) {
      setFailure(failureMessage(problem));
    }
  }

  return (
    <Section title="Two-step sign-in">
      <p className="mt-1 text-sm text-slate-700">
        A second step after the password: a 6-digit code from an app on your phone, so a stolen password alone does not open the admin.
      </p>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          heading="h3"
          onDone={() => {
            setCodes(null);
            reload();
          }}
        />
      ) : account.twoFactor ? (
        <WhenOn account={account} onCodes={setCodes} onOff={reload} />
      ) : enrolment ? (
        <Setup
          enrolment={enrolment}
          onEnabled={(made) => {
            setEnrolment(null);
            setCodes(made);
          }}
          onCancel={() => setEnrolment(null)}
        />
      ) : (
        <>
          {failure && <ErrorNotice className="mt-3">{failure}</ErrorNotice>}
          <button type="button" onClick={() => void start()} className={`mt-4 ${PRIMARY_BUTTON}`}>
            Turn on two-step sign-in
          </button>
        </>
      )}
    </Section>
  );
}
