import { useId, useState } from "react";
import { Link } from "react-router";
import { adminApi, type WeeklyReport } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage, Section } from "../frame/form";
import { dayLabel } from "./figures";

/** The owner's switch for the Monday e-mail of the figures, saved as soon as it is changed. */
export function WeeklyReportSection({ report, onSaved }: { report: WeeklyReport; onSaved: (on: boolean) => void }) {
  const id = useId();
  /** The position asked for while it is being saved. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(on: boolean) {
    setSaving(on);
    setStatus(null);
    setError(null);
    try {
      const saved = await adminApi.setWeeklyReport(on);
      onSaved(saved);
      setStatus(saved ? "Weekly report on." : "Weekly report off.");
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Section title="Weekly report by e-mail">
      <div className="mt-3 flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={saving ?? report.on}
          aria-busy={saving !== null}
          onChange={(event) => {
            if (saving === null) void save(event.target.checked);
          }}
          className="h-5 w-5 shrink-0 accent-orange-700"
        />
        <label htmlFor={id} className="flex min-h-11 items-center text-sm font-medium text-slate-800">
          E-mail me a weekly report every Monday at 7:00 AM
        </label>
      </div>
      <p role="status" className={status ? "mt-2 text-sm text-green-900" : "sr-only"}>
        {status}
      </p>
      {error && <ErrorNotice className="mt-2">{error}</ErrorNotice>}
      {!report.canSend && (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {report.email
            ? "Nobody is set to get the booking e-mails, so the report has nowhere to go: add an address in "
            : "This server has no e-mail settings yet, so the report waits until it has them (the switch is kept): see "}
          <Link to="/dbadmin/notifications" className="font-semibold underline">
            Notifications
          </Link>
          .
        </p>
      )}
      {report.recipients.length > 0 && <p className="mt-3 text-sm wrap-anywhere text-slate-700">Goes to {report.recipients.join(", ")}</p>}
      <p className="mt-1 text-sm text-slate-700">{report.lastSentWeek ? `Last sent for the week of ${dayLabel(report.lastSentWeek)}.` : "Not sent yet."}</p>
    </Section>
  );
}
