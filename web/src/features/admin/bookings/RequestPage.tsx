// A request's own page, /dbadmin/bookings/{id}: the address every owner e-mail, notification and
// calendar event links to. The actions come first (Call, Text, E-mail, the time, the status),
// then what the customer told, the photos, the notes and the history. It follows changes live.
import { ArrowLeft, Contact, Users } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { DiscardGuard } from "../frame/DiscardGuard";
import { RequestInvoices } from "./RequestInvoices";
import { RequestQuotes } from "./RequestQuotes";
import { AdminApiError, adminApi, asBookingStatus, BOOKING_STATUSES, type BookingStatus, type RequestPage as RequestView } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys, useDeskChanged } from "../frame/queries";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "../frame/form";
import { minutesText, useShopClock } from "../frame/format";
import { BookingDetails, ContactLinks, TimeAndFollowUp } from "./BookingCard";
import { JobPhotos } from "./JobPhotos";
import { DeliveryList } from "./Deliveries";
import { BookingNotes } from "./BookingNotes";
import { RequestTrailer } from "./RequestTrailer";
import { TakeIt } from "./TakeIt";
import { OnMyWay } from "./OnMyWay";
import { TextThread } from "./TextThread";
import { KindBadge } from "./RequestRow";
import { useStatusChange } from "./useStatusChange";

/** A history entry in the owner's words. */
function historyText(entry: RequestView["history"][number]): string {
  switch (entry.kind) {
    case "status":
      return `Status set to ${entry.detail}`;
    case "call":
      return "Called";
    case "text":
      return "Texted";
    case "email":
      return "E-mailed";
    case "time":
      return `Time confirmed: ${entry.detail}`;
    case "time-dropped":
      return "Time dropped";
    case "review":
      return "Asked for a review";
    case "seen":
      return "The customer's change marked as seen";
    case "taken":
      return "Taken ('I've got it'): the alerts wait 10 minutes for an answer";
    case "escalated":
      return `Nobody had answered: escalated to ${entry.detail}`;
    case "last-alert":
      return `Nobody had answered, and the promise was about to run out: last alert to ${entry.detail}`;
    case "past-promise":
      return `Past the promise and nobody had answered: ${entry.detail} reminded`;
    default:
      return entry.kind;
  }
}

export function RequestPage() {
  const { id } = useParams();
  const bookingId = Number(id);
  const [problem, setProblem] = useState<string | null>(null);
  // Loaded again every minute as well: the wait, and whether it is past the promise, move on.
  const query = useQuery({ queryKey: keys.request(bookingId), queryFn: () => adminApi.request(bookingId), refetchInterval: 60_000 });
  const deskChanged = useDeskChanged();
  const missing = query.error instanceof AdminApiError && (query.error.status === 404 || query.error.status === 400);

  async function changeStatus(status: BookingStatus) {
    setProblem(null);
    try {
      await adminApi.setBookingStatus(bookingId, status);
      void deskChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  const booking = query.data?.booking;
  return (
    <AdminShell title={booking ? `${booking.name}, request #${booking.id}` : "Request"}>
      <p>
        <Link to="/dbadmin/bookings" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-orange-800 underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          All bookings
        </Link>
      </p>
      {missing ? (
        <ErrorNotice className="mt-2">There is no request #{id}. It may have been removed.</ErrorNotice>
      ) : (
        <Loaded query={query} what="The request" loading="Loading the request">
          {(page) => <Request page={page} onStatus={(status) => void changeStatus(status)} problem={problem} />}
        </Loaded>
      )}
    </AdminShell>
  );
}

/** The request itself: its actions first, then what the customer told, the notes and history. */
function Request({ page, onStatus, problem }: { page: RequestView; onStatus: (status: BookingStatus) => void; problem: string | null }) {
  const statusId = useId();
  const { dateTime } = useShopClock();
  const booking = page.booking;
  /** The status picked in the list, set with its button (not on every option passed). */
  const [picked, setPicked] = useState<BookingStatus | null>(null);
  const deskChanged = useDeskChanged();
  const status = useStatusChange(booking, (chosen) => {
    setPicked(null);
    onStatus(chosen);
  });
  /** A text or a note typed and not sent or saved: leaving the page asks first. */
  const [typing, setTyping] = useState({ text: false, note: false });
  const typingText = useCallback((text: boolean) => setTyping((now) => ({ ...now, text })), []);
  const typingNote = useCallback((note: boolean) => setTyping((now) => ({ ...now, note })), []);
  const mobile = booking.appointment?.kind === "mobile" || Boolean(booking.location || booking.streetAddress);
  return (
    <article aria-labelledby={`${statusId}-name`}>
      <header className="mt-1">
        <KindBadge emergency={booking.emergency} urgent={booking.urgent} />
        <h1 id={`${statusId}-name`} className="mt-1 text-2xl font-bold text-slate-900">
          {booking.name}
        </h1>
        {booking.words && <p className="mt-1 text-base font-medium break-words text-slate-900">&ldquo;{booking.words}&rdquo;</p>}
        <p className="text-sm text-slate-700">
          Request #{booking.id} · received <time dateTime={booking.createdAt}>{dateTime(booking.createdAt)}</time>
        </p>
        {page.responseMinutes !== null && (
          <p className={`text-sm ${page.overdue ? "font-bold text-red-800" : "text-slate-700"}`}>
            {booking.firstResponseAt ? "Answered after " : "Waiting for an answer for "}
            {minutesText(page.responseMinutes)} ({page.clock}){page.overdue && ", past the promise"}
          </p>
        )}
      </header>
      <section aria-label="Actions" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <TakeIt bookingId={booking.id} name={booking.name} taken={page.taken} open={booking.open} className={PRIMARY_BUTTON} />
        <ContactLinks booking={booking} />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={statusId}
            value={picked ?? booking.status}
            onChange={(event) => setPicked(asBookingStatus(event.target.value))}
            className="min-h-11 rounded-lg border border-slate-300 px-2 text-sm"
          >
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={picked === null || picked === booking.status}
            onClick={() => picked && status.change(picked)}
            className={PLAIN_BUTTON}
          >
            Set status
          </button>
        </div>
        {problem && <ErrorNotice className="mt-3">{problem}</ErrorNotice>}
        {status.question}
        <TimeAndFollowUp booking={booking} onChanged={deskChanged} />
      </section>
      <DiscardGuard
        unsaved={typing.text || typing.note}
        onDiscard={() => undefined}
        description={`${typing.text ? "The text you typed is not sent" : "Your note is not saved"}. If you leave now, it is lost.`}
      />
      <TextThread
        texting={page.texting}
        allowance={page.textAllowance}
        texts={page.texts}
        to={page.textsTo}
        onSend={(text) => adminApi.textCustomer(booking.id, text)}
        onTyping={typingText}
      >
        {mobile && (
          <div className="mt-3">
            <OnMyWay bookingId={booking.id} />
          </div>
        )}
      </TextThread>
      <section aria-label="The request" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">What they asked for</h2>
        <BookingDetails booking={booking} />
        {booking.otherRequests > 0 && (
          <p className="mt-2 text-sm">
            <Link to={`/dbadmin/bookings?customer=${booking.id}`} className="inline-flex min-h-11 items-center gap-1.5 font-medium text-orange-800 underline">
              <Users aria-hidden="true" className="h-4 w-4" />
              {booking.otherRequests === 1 ? "1 other request" : `${booking.otherRequests.toLocaleString("en-US")} other requests`} from this customer
            </Link>
          </p>
        )}
        {booking.customerId !== null && (
          <p className="mt-1 text-sm">
            <Link to={`/dbadmin/customers/${booking.customerId}`} className="inline-flex min-h-11 items-center gap-1.5 font-medium text-orange-800 underline">
              <Contact aria-hidden="true" className="h-4 w-4" />
              The customer&rsquo;s record
            </Link>
          </p>
        )}
        {booking.customerId !== null && <RequestTrailer booking={booking} customerId={booking.customerId} />}
        {booking.emailCustomerId !== null && (
          <p className="mt-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            The phone number is this customer&rsquo;s, but the e-mail address is on{" "}
            <Link to={`/dbadmin/customers/${booking.emailCustomerId}`} className="font-semibold underline">
              another customer&rsquo;s record
            </Link>
            . If they are one customer, merge the two records.
          </p>
        )}
      </section>
      {booking.customerId !== null && <RequestQuotes bookingId={booking.id} />}
      {booking.customerId !== null && <RequestInvoices bookingId={booking.id} done={booking.status === "done"} />}
      <JobPhotos booking={booking} />
      <section aria-label="Notes and history" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BookingNotes bookingId={booking.id} notes={booking.notes} onTyping={typingNote} />
        <h2 className="mt-4 text-base font-semibold text-slate-900">History</h2>
        <ol className="mt-2 space-y-1 text-sm text-slate-800">
          <li>
            <time dateTime={booking.createdAt}>{dateTime(booking.createdAt)}</time>: received
          </li>
          {page.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{dateTime(entry.at)}</time>: {historyText(entry)}
              {entry.by && ` (${entry.by})`}
            </li>
          ))}
        </ol>
        <DeliveryList booking={booking} />
      </section>
    </article>
  );
}
