// The shop's schedule: the jobs of a day, a week or the next four weeks, on the shop's clock.
// Requested times wait apart from confirmed ones, dashed and amber, each with 'Confirm'; a
// confirmed time is solid green. The view and the day are in the address, so a reload or a
// shared link shows the same.
import { CalendarCheck, CalendarClock, ChevronLeft, ChevronRight, MapPin, Phone, Truck, Wrench } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { addDays, dayName, isDay, mondayOf, shortDayName, todayIn } from "../../../lib/days";
import { useLayout } from "../../../lib/layout";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type Job, type Schedule } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys, useDeskChanged } from "../frame/queries";
import { failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";

const VIEWS = [
  { key: "day", label: "Day", days: 1 },
  { key: "week", label: "Week", days: 7 },
  { key: "agenda", label: "Agenda", days: 28 },
] as const;
type View = (typeof VIEWS)[number];

/** The days a view shows around `date`: the day, its week from Monday, or four weeks from it. */
function range(view: View, date: string): { from: string; days: number } {
  return { from: view.key === "week" ? mondayOf(date) : date, days: view.days };
}

/** The schedule's address showing `view` around `date`. */
function address(view: View, date: string): string {
  return `/dbadmin/schedule?${new URLSearchParams({ view: view.key, date })}`;
}

/** "Tuesday, December 1", "Nov 30 - Dec 6", "Dec 1 - Dec 28". */
function rangeName(view: View, from: string): string {
  if (view.key === "day") return dayName(from);
  const name = (date: string) => shortDayName(date).replace(/^\w+, /, "");
  return `${name(from)} - ${name(addDays(from, view.days - 1))}`;
}

/** The days shown, with their jobs: a list of the days with something in the agenda, else a
 * column or a grid of every day. */
function ScheduleDays({ schedule, view, from, today, onChanged }: { schedule: Schedule; view: View; from: string; today: string; onChanged: () => void }) {
  const { jobs, closed, unknownDays: unknown } = schedule;
  const days = view.days;
  const requested = jobs.filter((job) => job.state === "requested").length;
  const shownDays = Array.from({ length: days }, (_, i) => addDays(from, i));
  const jobsOn = (day: string) => jobs.filter((job) => job.date === day);
  const closedOn = (day: string) => closed.find((c) => c.date === day)?.reason ?? null;
  return (
    <>
      <p role="status" className="mt-4 text-sm text-slate-700">
        {unknown.length === days
          ? NOT_KEPT
          : jobs.length === 0
            ? unknown.length > 0
              ? "Nothing booked in the days this phone has kept."
              : "Nothing booked in these days."
            : `${jobs.length} ${jobs.length === 1 ? "job" : "jobs"}${requested > 0 ? `, ${requested} of them requested and waiting for your confirmation` : ""}.`}
      </p>
      {view.key === "agenda" ? (
        <ol className="mt-4 space-y-6">
          {shownDays
            .filter((day) => jobsOn(day).length > 0 || unknown.includes(day) || closed.some((c) => c.date === day && !c.weekly))
            .map((day) => (
              <li key={day}>
                <DayJobs day={day} today={today} jobs={jobsOn(day)} closed={closedOn(day)} known={!unknown.includes(day)} onChanged={onChanged} />
              </li>
            ))}
        </ol>
      ) : (
        <ol className={`mt-4 grid gap-4 ${view.key === "week" ? "lg:grid-cols-7 lg:gap-2" : ""}`}>
          {shownDays.map((day) => (
            <li key={day} className="min-w-0">
              <DayJobs
                day={day}
                today={today}
                jobs={jobsOn(day)}
                closed={closedOn(day)}
                known={!unknown.includes(day)}
                onChanged={onChanged}
                compact={view.key === "week"}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** What the schedule says offline of days this phone never kept. */
const NOT_KEPT =
  "These days were not kept on this phone, so they cannot be shown offline. The schedule keeps this week and the next two whenever the admin is opened with a connection.";

export function SchedulePage() {
  const { timeZone } = useLayout();
  const [params] = useSearchParams();
  const today = todayIn(timeZone);
  const view = VIEWS.find((v) => v.key === params.get("view")) ?? VIEWS[1];
  const asked = params.get("date") ?? "";
  const date = isDay(asked) ? asked : today;
  const { from, days } = range(view, date);
  const query = useQuery({ queryKey: keys.schedule(from, days), queryFn: () => adminApi.schedule(from, days) });
  const deskChanged = useDeskChanged();

  return (
    <AdminShell title="Schedule">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Schedule</h1>
          <p className="mt-1 text-lg font-medium text-slate-800" aria-live="polite">
            {rangeName(view, from)}
          </p>
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {/* Links, not buttons: they only change the address, so they work offline too (the
              page's buttons are disabled then). */}
          <nav aria-label="View" className="inline-flex rounded-lg ring-1 ring-slate-300">
            {VIEWS.map((v) => (
              <Link
                key={v.key}
                to={address(v, date)}
                aria-current={v === view ? "page" : undefined}
                className={`inline-flex min-h-11 items-center px-3 py-2 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg ${v === view ? "bg-slate-900 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {v.label}
              </Link>
            ))}
          </nav>
          {/* Previous, Today and Next stay together on one line. */}
          <div className="inline-flex items-center gap-2">
            <Link
              to={address(view, addDays(from, -view.days))}
              className={`${PLAIN_BUTTON} inline-flex items-center`}
              aria-label={`Previous ${view.key === "agenda" ? "four weeks" : view.key}`}
            >
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link to={address(view, today)} className={`${PLAIN_BUTTON} inline-flex items-center`}>
              Today
            </Link>
            <Link
              to={address(view, addDays(from, view.days))}
              className={`${PLAIN_BUTTON} inline-flex items-center`}
              aria-label={`Next ${view.key === "agenda" ? "four weeks" : view.key}`}
            >
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </div>
      <Loaded query={query} what="The schedule" loading="Loading the schedule">
        {(schedule) => <ScheduleDays schedule={schedule} view={view} from={from} today={today} onChanged={deskChanged} />}
      </Loaded>
    </AdminShell>
  );
}

function DayJobs({
  day,
  today,
  jobs,
  closed,
  known,
  onChanged,
  compact = false,
}: {
  day: string;
  today: string;
  jobs: Job[];
  /** Why the shop is closed that day ("Thanksgiving"), if it is. */
  closed: string | null;
  /** False for a day the phone's offline copy never held. */
  known: boolean;
  onChanged: () => void;
  compact?: boolean;
}) {
  const headingId = `day-${day}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={`text-sm font-semibold ${day === today ? "text-orange-800" : "text-slate-900"}`}>
        {compact ? shortDayName(day) : dayName(day)}
        {day === today && " (today)"}
      </h2>
      {closed && (
        <p className="mt-1 inline-block rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {closed === "Closed" ? "Closed" : `Closed: ${closed}`}
        </p>
      )}
      {!known ? (
        <p className="mt-2 text-sm font-medium text-amber-900">Not kept on this phone</p>
      ) : jobs.length === 0 ? (
        !closed && <p className="mt-2 text-sm text-slate-600">Nothing booked.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {jobs.map((job) => (
            <li key={job.bookingId}>
              <JobCard job={job} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function JobCard({ job, onChanged }: { job: Job; onChanged: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmed = job.state === "confirmed";

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.confirmTime(job.bookingId);
      onChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
      setBusy(false);
    }
  }

  return (
    <article
      aria-label={`${job.hours}, ${job.name}, ${confirmed ? "confirmed" : "requested"}`}
      className={`rounded-lg p-3 text-sm ${confirmed ? "bg-green-50 ring-1 ring-green-700" : "border-2 border-dashed border-amber-600 bg-amber-50"}`}
    >
      <p className="flex items-center gap-1.5 font-semibold text-slate-900">
        {confirmed ? (
          <CalendarCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-green-800" />
        ) : (
          <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-800" />
        )}
        {job.hours}
      </p>
      <p className={`text-xs font-bold tracking-wide uppercase ${confirmed ? "text-green-800" : "text-amber-900"}`}>
        {confirmed ? "Confirmed" : "Requested"}
        {job.urgent && <span className="text-red-800"> · Urgent</span>}
      </p>
      <p className="mt-1 font-medium break-words text-slate-900">{job.name}</p>
      <p className="flex items-center gap-1.5 text-slate-700">
        {job.kind === "shop" ? <Wrench aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : <Truck aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />}
        {job.kind === "shop" ? "Drop-off" : "Mobile"}
      </p>
      {job.summary && <p className="mt-1 break-words text-slate-700">{job.summary}</p>}
      {job.location && (
        <p className="mt-1 flex items-start gap-1.5 break-words text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          {job.location}
        </p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        <a href={`tel:${job.phone}`} className="inline-flex items-center gap-1 font-semibold text-orange-800 underline">
          <Phone aria-hidden="true" className="h-3.5 w-3.5" />
          {job.phone}
        </a>
        <Link to={`/dbadmin/bookings/${job.bookingId}`} className="font-semibold text-slate-800 underline">
          Request #{job.bookingId}
        </Link>
      </p>
      {!confirmed && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void confirm()}
          className={`${PRIMARY_BUTTON} mt-2 w-full`}
          aria-label={`Confirm ${job.hours} for ${job.name}`}
        >
          Confirm
        </button>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-red-800">
          {problem}
        </p>
      )}
    </article>
  );
}
