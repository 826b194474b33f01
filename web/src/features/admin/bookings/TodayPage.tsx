// Today, the admin's landing page and the owner's front desk on a phone: open emergencies first
// (nobody's first, then taken, then answered and greyed; named as such, with the place and the
// customer's own words), then every request
// nobody has answered yet in one line each (urgent ones first and never behind 'N more', with
// Call, and how long it has waited), today's and tomorrow's jobs ('On my way' on today's when the
// customer takes texts), then what needs the owner: times to confirm (each with its time and
// Confirm), changes customers made, sent quotes still open, deliveries that failed. Texts from numbers no request has
// show under the waiting requests, each opening its conversation. It follows new requests live, and
// shows the last copy read-only when the phone is offline.
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type BookingTime, type Job, type RequestLine, type Today } from "../frame/api";
import { CallLink, KindBadge, RequestRow, placeOf } from "./RequestRow";
import { Loaded } from "../frame/Loaded";
import { keys, useDeskChanged, useDeskStatus } from "../frame/queries";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "../frame/form";
import { useNow, useShopClock, waitedSince } from "../frame/format";
import { NoDeliveryNotice } from "../frame/NoDeliveryNotice";
import { OnMyWay } from "./OnMyWay";
import { DepositsPaid } from "./DepositsPaid";
import { InvoicesOverdue } from "./InvoicesOverdue";
import { QuotesWaiting } from "./QuotesWaiting";
import { TakeButton } from "./TakeIt";
import { ResponseTimesView } from "../frame/ResponseTimes";
import { useSession } from "../frame/session";
import { onCallSentence } from "../frame/onCall";

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

/** "and 12 more in Bookings (none urgent)" under a list that shows its first rows: every urgent
 * one is shown, so the rest are routine unless a flood of urgent ones was cut short. */
function More({ lines, to }: { lines: { shown: readonly unknown[]; total: number; urgentNotShown: number }; to: string }) {
  const more = lines.total - lines.shown.length;
  if (more <= 0) return null;
  const urgent = lines.urgentNotShown === 0 ? "none urgent" : `${lines.urgentNotShown.toLocaleString("en-US")} of them urgent`;
  return (
    <p className="py-2 text-sm">
      <Link to={to} className="font-medium text-orange-800 underline">
        and {more.toLocaleString("en-US")} more in Bookings ({urgent})
      </Link>
    </p>
  );
}

/** The colours of an emergency: red while nobody has answered it, grey once someone has. */
function emergencyTone(answered: boolean) {
  return answered
    ? { box: "bg-slate-50 ring-1 ring-slate-300", strong: "text-slate-900", text: "text-slate-800", late: "font-bold text-slate-900" }
    : { box: "bg-red-50 ring-2 ring-red-700", strong: "text-red-950", text: "text-red-900", late: "font-bold text-red-800" };
}

function Emergency({ request, now }: { request: RequestLine; now: number }) {
  const where = placeOf(request);
  const tone = emergencyTone(request.answered);
  return (
    <li className={`rounded-xl p-3 ${tone.box}`}>
      <div className="flex items-start gap-3">
        <Link to={`/dbadmin/bookings/${request.id}`} className="min-w-0 flex-1">
          <KindBadge emergency urgent />
          <p className={`mt-1 font-semibold break-words ${tone.strong}`}>{request.name}</p>
          {request.words && <p className={`text-sm font-medium break-words ${tone.strong}`}>&ldquo;{request.words}&rdquo;</p>}
          {where && <p className={`text-sm break-words ${tone.strong}`}>{where}</p>}
          {request.summary && <p className={`text-sm break-words ${tone.text}`}>{request.summary}</p>}
          <p className={`text-xs ${request.overdue ? tone.late : tone.text}`}>
            {request.answered
              ? `Answered; arrived ${waitedSince(request.createdAt, now)} ago`
              : `Not answered yet: waiting ${waitedSince(request.createdAt, now)}`}
            {request.overdue && " (past the promise)"}
          </p>
          {request.takenBy && <p className={`text-sm font-semibold ${tone.strong}`}>Taken by {request.takenBy}</p>}
          {request.escalated && !request.answered && (
            <p className={`text-sm font-semibold ${tone.strong}`}>
              Escalated to {request.escalated.to} {waitedSince(request.escalated.at, now)} ago
            </p>
          )}
        </Link>
        <CallLink
          id={request.id}
          name={request.name}
          phone={request.phone}
          className="inline-flex min-h-12 shrink-0 items-center gap-1.5 rounded-lg bg-red-700 px-4 text-sm font-bold text-white hover:bg-red-800"
        />
      </div>
      {!request.takenBy && !request.answered && (
        <div className="mt-2">
          <TakeButton
            bookingId={request.id}
            name={request.name}
            className="min-h-11 rounded-lg bg-white px-4 text-sm font-semibold text-red-900 ring-1 ring-red-300 hover:bg-red-100"
          />
        </div>
      )}
    </li>
  );
}

/** A day's jobs, each opening its request; `textable` ones have 'On my way' (texted). */
function JobList({ title, jobs, textable = [] }: { title: string; jobs: Job[]; textable?: number[] }) {
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
                {job.state === "requested" && (
                  <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">to confirm</span>
                )}
              </Link>
              {textable.includes(job.bookingId) && (
                <div className="pb-2">
                  <OnMyWay bookingId={job.bookingId} name={job.name} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A time asked for: its day and hours, and where. */
function TimeLine({ time }: { time: BookingTime }) {
  return (
    <span className="block font-medium text-slate-900">
      {time.label} · {time.kind === "shop" ? "drop-off at the shop" : "mobile crew"}
    </span>
  );
}

/** Confirms a requested time in one tap (the customer is e-mailed 'Confirmed'). */
function ConfirmButton({ request, time, onConfirm }: { request: RequestLine; time: BookingTime; onConfirm: (request: RequestLine) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onConfirm(request).finally(() => setBusy(false));
      }}
      className={PRIMARY_BUTTON}
      aria-label={`Confirm ${time.label} for ${request.name}`}
    >
      {busy ? "Confirming..." : "Confirm"}
    </button>
  );
}

/** How many of the week's emergencies were answered only after an escalation step, and which. */
function EscalationLine({ figures }: { figures: Today["escalation"] }) {
  const [first, second, everyone] = figures.afterStep;
  const escalated = (first ?? 0) + (second ?? 0) + (everyone ?? 0);
  if (escalated + figures.beforeAnyStep === 0) return null;
  return (
    <p className="mt-2 text-sm text-slate-800">
      Emergencies taken or answered before any escalation: {figures.beforeAnyStep}. Only after it: {escalated} (the first on call told again {first}, the second{" "}
      {second}, everyone {everyone}).
    </p>
  );
}

export function TodayPage() {
  const [problem, setProblem] = useState<string | null>(null);
  const { dateTime } = useShopClock();
  const desk = useDeskStatus();
  // What only an owner can act on (the site's sample details, the notification settings).
  const owner = useSession().user?.role === "owner";
  const now = useNow();

  // Loaded again every minute as well: how long each request has waited, and whether the promise
  // still holds, move on while nothing else changes.
  const query = useQuery({ queryKey: keys.today, queryFn: adminApi.today, refetchInterval: 60_000 });
  const deskChanged = useDeskChanged();

  async function confirm(request: RequestLine) {
    setProblem(null);
    try {
      await adminApi.confirmTime(request.id);
      void deskChanged();
    } catch (failure) {
      setProblem(`${request.name}'s time was not confirmed: ${failureMessage(failure)}`);
    }
  }

  async function seen(id: number) {
    setProblem(null);
    try {
      await adminApi.seen(id);
      void deskChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  return (
    <AdminShell title="Today">
      <h1 className="text-xl font-bold text-slate-900 md:text-2xl">Today</h1>
      <Loaded query={query} what="Today" loading="Loading today's desk">
        {(today) => (
          <>
            <p className={`mt-1 text-sm ${today.onCall.gap ? "font-semibold text-red-800" : "text-slate-700"}`}>
              On call now:{" "}
              <Link to="/dbadmin/on-call" className="font-medium text-orange-800 underline">
                {onCallSentence(today.onCall)}
              </Link>
            </p>
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
                <p className="py-2 text-sm text-slate-700">
                  {today.emergencies.shown.some((request) => !request.answered) ? "No other request is waiting." : "Every request has an answer."}
                </p>
              ) : (
                <ul>
                  {today.unanswered.shown.map((request) => (
                    <RequestRow key={request.id} request={request} now={now} />
                  ))}
                </ul>
              )}
              <More lines={today.unanswered} to="/dbadmin/bookings?status=new" />
            </Block>
            {today.newNumbers.total > 0 && (
              <Block title="New texts" count={today.newNumbers.total}>
                <ul>
                  {today.newNumbers.shown.map((conversation) => (
                    <li key={conversation.number} className="border-b border-slate-200 last:border-b-0">
                      <Link to={`/dbadmin/numbers/${conversation.number}`} className="block min-h-12 py-2 text-sm">
                        <span className="font-semibold text-slate-900">New text from {conversation.phone}</span>
                        <span className="block truncate text-slate-800">
                          {conversation.lastIncoming ? "" : "You: "}
                          {conversation.last}
                        </span>
                        <span className="block text-xs text-slate-600">{dateTime(conversation.at)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Block>
            )}
            {desk !== null && desk.channels.length === 0 && (
              <div className="mt-4">
                <NoDeliveryNotice emailConfigured={desk.emailConfigured} />
              </div>
            )}
            <Block title="Jobs">
              <JobList title="Today" jobs={today.today.jobs} textable={today.today.textable} />
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
                    <li key={request.id} className="flex min-h-12 flex-wrap items-center gap-2 border-b border-slate-200 py-2 last:border-b-0">
                      <Link to={`/dbadmin/bookings/${request.id}`} className="min-w-0 flex-1 text-sm">
                        <span className="flex items-center gap-1.5">
                          <span className="font-semibold text-slate-900">{request.name}</span>
                          <KindBadge emergency={request.emergency} urgent={request.urgent} />
                        </span>
                        {request.time && <TimeLine time={request.time} />}
                        {request.summary && <span className="block truncate text-slate-700">{request.summary}</span>}
                      </Link>
                      {request.time && <ConfirmButton request={request} time={request.time} onConfirm={confirm} />}
                    </li>
                  ))}
                </ul>
              )}
              <More lines={today.toConfirm} to="/dbadmin/schedule" />
              <h3 className="mt-3 text-sm font-semibold text-slate-800">Customer changes ({today.customerChanges.total})</h3>
              {today.customerChanges.shown.length === 0 ? (
                <p className="py-1 text-sm text-slate-600">None.</p>
              ) : (
                <ul>
                  {today.customerChanges.shown.map((change) => {
                    const time = change.request.time;
                    return (
                      <li key={change.request.id} className="flex min-h-12 flex-wrap items-center gap-2 border-b border-slate-200 py-2 last:border-b-0">
                        <Link to={`/dbadmin/bookings/${change.request.id}`} className="min-w-0 flex-1 text-sm">
                          <span className="font-semibold text-slate-900">{change.request.name}</span>
                          <span className="block break-words text-slate-800">{change.what || "Changed the request"}</span>
                          {time && time.state !== "cancelled" && <TimeLine time={time} />}
                          <span className="block text-xs text-slate-600">{dateTime(change.changedAt)}</span>
                        </Link>
                        <span className="flex shrink-0 gap-2">
                          {time?.state === "requested" && <ConfirmButton request={change.request} time={time} onConfirm={confirm} />}
                          <button
                            type="button"
                            onClick={() => void seen(change.request.id)}
                            className={PLAIN_BUTTON}
                            aria-label={`Mark ${change.request.name}'s change as seen`}
                          >
                            Seen
                          </button>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
              <QuotesWaiting quotes={today.quotesWaiting} />
              <DepositsPaid deposits={today.depositsPaid} />
              <InvoicesOverdue invoices={today.invoicesOverdue} />
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
                      ) : owner ? (
                        <Link to="/dbadmin/notifications" className="font-semibold text-orange-800 underline">
                          A test or report
                        </Link>
                      ) : (
                        <span className="font-semibold">A test or report</span>
                      )}
                      <span className="text-slate-800">
                        : {failed.what} failed {dateTime(failed.failedAt)}
                        {failed.lastError ? `: ${failed.lastError}` : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>
            {owner && today.placeholders.length > 0 && (
              <Block title="Before going live">
                <p className="mt-1 text-sm text-slate-700">The site still shows the sample details it came with. Replace each with the shop's own:</p>
                <ul className="mt-2 space-y-1 text-sm">
                  {today.placeholders.map((placeholder) => (
                    <li key={placeholder.field}>
                      <Link
                        to={`/dbadmin/site?${new URLSearchParams({ field: placeholder.field })}`}
                        className="font-semibold wrap-anywhere text-orange-800 underline"
                      >
                        {placeholder.label}: {placeholder.value}
                      </Link>{" "}
                      <span className="text-slate-700">({placeholder.why})</span>
                    </li>
                  ))}
                </ul>
              </Block>
            )}
            <Block title="Response times, last 7 days">
              <div className="mt-2">
                <ResponseTimesView times={today.response} />
              </div>
              <EscalationLine figures={today.escalation} />
            </Block>
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}
