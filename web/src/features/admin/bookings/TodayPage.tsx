// Today, the admin's landing page and the owner's front desk on a phone: open emergencies first
// (in red, named as such), then every request nobody has answered yet in one line each (with
// Call, and how long it has waited), today's and tomorrow's jobs, then what needs the owner:
// times to confirm, changes customers made, deliveries that failed. It follows new requests
// live, and shows the last copy read-only when the phone is offline.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type Job, type RequestLine, type Today } from "../frame/api";
import { CallLink, KindBadge, RequestRow } from "./RequestRow";
import { useBookingsChanged, useDeskStatus, bookingsChanged } from "../frame/deskStatus";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PLAIN_BUTTON, failureMessage } from "../frame/form";
import { useShopClock, waitedSince } from "../frame/format";
import { NoDeliveryNotice } from "../frame/NoDeliveryNotice";
import { ResponseTimesView } from "../frame/ResponseTimes";

/** The time now, moved on every minute (waiting times grow while the page is open). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Block({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-4 rounded-xl bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200 sm:px-5 sm:py-4">
      <h2 className="text-base font-semibold text-slate-900">
        {title}
        {count !== undefined && <span className="ml-2 text-sm font-normal text-slate-600">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

/** "and 12 more in Bookings" under a list that shows its first 25. */
function More({ lines, to }: { lines: { shown: readonly unknown[]; total: number }; to: string }) {
  const more = lines.total - lines.shown.length;
  if (more <= 0) return null;
  return (
    <p className="py-2 text-sm">
      <Link to={to} className="font-medium text-orange-800 underline">
        and {more.toLocaleString("en-US")} more in Bookings
      </Link>
    </p>
  );
}

function Emergency({ request, now }: { request: RequestLine; now: number }) {
  const what = [request.summary, request.place].filter(Boolean).join(" · ");
  return (
    <li className="rounded-xl bg-red-50 p-3 ring-2 ring-red-700">
      <div className="flex items-start gap-3">
        <Link to={`/dbadmin/bookings/${request.id}`} className="min-w-0 flex-1">
          <KindBadge emergency urgent />
          <p className="mt-1 truncate font-semibold text-red-950">{request.name}</p>
          {what && <p className="truncate text-sm text-red-950">{what}</p>}
          <p className={`text-xs ${request.overdue ? "font-bold text-red-800" : "text-red-900"}`}>
            {request.answered ? `Answered; arrived ${waitedSince(request.createdAt, now)} ago` : `Not answered yet: waiting ${waitedSince(request.createdAt, now)}`}
            {request.overdue && " (past the promise)"}
          </p>
        </Link>
        <CallLink
          id={request.id}
          name={request.name}
          phone={request.phone}
          className="inline-flex min-h-12 shrink-0 items-center gap-1.5 rounded-lg bg-red-700 px-4 text-sm font-bold text-white hover:bg-red-800"
        />
      </div>
    </li>
  );
}

function JobList({ title, jobs }: { title: string; jobs: Job[] }) {
  return (
    <div className="mt-2">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {jobs.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">No jobs.</p>
      ) : (
        <ul>
          {jobs.map((job) => (
            <li key={job.bookingId} className="border-b border-slate-200 last:border-b-0">
              <Link to={`/dbadmin/bookings/${job.bookingId}`} className="flex min-h-11 items-center gap-2 py-1 text-sm">
                <span className="w-32 shrink-0 font-medium text-slate-900">{job.hours}</span>
                <span className="min-w-0 flex-1 truncate text-slate-800">
                  {job.name} · {job.summary}
                </span>
                {job.state === "requested" && <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">to confirm</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TodayPage() {
  const [today, setToday] = useState<Today | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { dateTime } = useShopClock();
  const desk = useDeskStatus();
  const now = useNow();

  const load = useCallback(() => {
    adminApi.today().then(
      (loaded) => {
        setToday(loaded);
        setError(null);
      },
      (failure: unknown) => {
        console.error("Failed to load Today", failure);
        setError("Today could not be loaded. Please reload the page.");
      },
    );
  }, []);
  useEffect(load, [load]);
  useBookingsChanged(load);

  async function seen(id: number) {
    setProblem(null);
    try {
      await adminApi.seen(id);
      bookingsChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  return (
    <AdminShell title="Today">
      <h1 className="text-xl font-bold text-slate-900 md:text-2xl">Today</h1>
      {error && <ErrorNotice className="mt-3">{error}</ErrorNotice>}
      {!today && !error && <Spinner label="Loading today's desk" />}
      {today && (
        <>
          {today.emergencies.shown.length > 0 && (
            <section aria-label="Emergencies" className="mt-3">
              <h2 className="sr-only">Emergencies</h2>
              <ul className="space-y-2">
                {today.emergencies.shown.map((request) => (
                  <Emergency key={request.id} request={request} now={now} />
                ))}
              </ul>
              <More lines={today.emergencies} to="/dbadmin/bookings?urgent=true" />
            </section>
          )}
          <Block title="Waiting for an answer" count={today.unanswered.total}>
            {today.unanswered.shown.length === 0 ? (
              <p className="py-2 text-sm text-slate-700">Every request has an answer.</p>
            ) : (
              <ul>
                {today.unanswered.shown.map((request) => (
                  <RequestRow key={request.id} request={request} now={now} />
                ))}
              </ul>
            )}
            <More lines={today.unanswered} to="/dbadmin/bookings?status=new" />
          </Block>
          {desk !== null && desk.channels.length === 0 && (
            <div className="mt-4">
              <NoDeliveryNotice emailConfigured={desk.emailConfigured} />
            </div>
          )}
          <Block title="Jobs">
            <JobList title="Today" jobs={today.today.jobs} />
            <JobList title="Tomorrow" jobs={today.tomorrow.jobs} />
          </Block>
          <Block title="Needs you">
            {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
            <h3 className="mt-2 text-sm font-semibold text-slate-800">Times to confirm ({today.toConfirm.total})</h3>
            {today.toConfirm.shown.length === 0 ? (
              <p className="py-1 text-sm text-slate-600">None.</p>
            ) : (
              <ul>
                {today.toConfirm.shown.map((request) => (
                  <RequestRow key={request.id} request={request} now={now} />
                ))}
              </ul>
            )}
            <h3 className="mt-3 text-sm font-semibold text-slate-800">Customer changes ({today.customerChanges.total})</h3>
            {today.customerChanges.shown.length === 0 ? (
              <p className="py-1 text-sm text-slate-600">None.</p>
            ) : (
              <ul>
                {today.customerChanges.shown.map((change) => (
                  <li key={change.request.id} className="flex min-h-12 items-center gap-2 border-b border-slate-200 py-1 last:border-b-0">
                    <Link to={`/dbadmin/bookings/${change.request.id}`} className="min-w-0 flex-1 py-1 text-sm">
                      <span className="font-semibold text-slate-900">{change.request.name}</span>
                      <span className="block truncate text-slate-700">
                        {change.what || "Changed the request"} · {dateTime(change.changedAt)}
                      </span>
                    </Link>
                    <button type="button" onClick={() => void seen(change.request.id)} className={PLAIN_BUTTON} aria-label={`Mark ${change.request.name}'s change as seen`}>
                      Seen
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="mt-3 text-sm font-semibold text-slate-800">Failed deliveries ({today.failedDeliveries.total})</h3>
            {today.failedDeliveries.shown.length === 0 ? (
              <p className="py-1 text-sm text-slate-600">None in the last 7 days.</p>
            ) : (
              <ul className="text-sm">
                {today.failedDeliveries.shown.map((failed, index) => (
                  <li key={`${failed.bookingId ?? "none"}-${failed.channel}-${index}`} className="border-b border-slate-200 py-2 last:border-b-0">
                    {failed.bookingId !== null ? (
                      <Link to={`/dbadmin/bookings/${failed.bookingId}`} className="font-semibold text-orange-800 underline">
                        Request #{failed.bookingId} {failed.name ? `(${failed.name})` : ""}
                      </Link>
                    ) : (
                      <Link to="/dbadmin/notifications" className="font-semibold text-orange-800 underline">
                        A test or report
                      </Link>
                    )}
                    <span className="text-slate-800">
                      : {failed.channel} failed {dateTime(failed.failedAt)}
                      {failed.lastError ? `: ${failed.lastError}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Block>
          <Block title="Response times, last 7 days">
            <div className="mt-2">
              <ResponseTimesView times={today.response} />
            </div>
          </Block>
        </>
      )}
    </AdminShell>
  );
}
