// An authenticator app for two-step sign-in: the account to add to it, and the recovery codes
// shown once it is on (on the account page, and at a sign-in the shop requires it for).
import type { Enrolment } from "./api";
import { PLAIN_BUTTON, PRIMARY_BUTTON } from "./form";

/** The ten recovery codes, shown only now, to download or copy, under a heading of the level
 * the page needs; `onDone` once they are kept. */
export function RecoveryCodes({ codes, heading, onDone }: { codes: string[]; heading: "h2" | "h3"; onDone: () => void }) {
  const Heading = heading;
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Recovery codes (each works once)\n\n${codes.join("\n")}\n`)}`;
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <Heading className="font-semibold text-amber-950">Your recovery codes</Heading>
      <p className="mt-1 text-sm text-amber-950">
        Keep these somewhere safe, away from your phone (print them, or save them in a password manager). If you lose your phone, each code signs you in once
        instead of the app's code. They are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={file} download="recovery-codes.txt" className={PLAIN_BUTTON}>
          Download as a text file
        </a>
        <button type="button" onClick={onDone} className={PRIMARY_BUTTON}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** The account to add to an authenticator app: its QR code, a link for the app on this phone,
 * and the key as text. */
export function AppToAdd({ enrolment }: { enrolment: Enrolment }) {
  return (
    <>
      <p className="text-sm text-slate-800">
        1. Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password or any other) and scan this code.
      </p>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={200}
        height={200}
        className="rounded-lg ring-1 ring-slate-200"
      />
      <p className="text-sm text-slate-800">
        On this phone itself?{" "}
        <a href={enrolment.otpauthUrl} className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline">
          Add it to the authenticator app on this phone
        </a>
      </p>
      <p className="text-sm text-slate-800">
        Can't scan it? Enter this key in the app instead:{" "}
        <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
          {enrolment.secret}
        </code>
      </p>
    </>
  );
}
