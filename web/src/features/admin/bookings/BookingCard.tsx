// One request in the inbox: who, what they answered, its time, deliveries, notes and status.
import { MapPin, Mail, MessageSquare, Phone, Star, Users } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { adminApi, asBookingStatus, BOOKING_STATUSES, type Booking, type BookingStatus } from "../frame/api";
import { useOffline } from "../frame/device";
import { useShopClock } from "../frame/format";
import { failureMessage, PLAIN_BUTTON } from "../frame/form";
import { AppointmentPanel } from "./AppointmentPanel";
import { BookingNotes } from "./BookingNotes";
import { DeliveryList } from "./Deliveries";
import { KindBadge } from "./RequestRow";
import { useStatusChange } from "./useStatusChange";

const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => (
  <option key={status} value={status}>
    {status}
  </option>
));

/** "/service-areas/aurora, 'Schedule Service in Aurora' button; from www.google.com; campaign ..." */
function sourceText({ source }: Booking): string {
  const parts: string[] = [];
  if (source.page) parts.push(source.button ? `${source.page}, '${source.button}' button` : source.page);
  else if (source.button) parts.push(source.button);
  if (source.referrerHost) parts.push(`arrived from ${source.referrerHost}`);
  if (source.utmSource || source.utmCampaign) {
    parts.push(`campaign: ${[source.utmSource, source.utmCampaign].filter(Boolean).join(" / ")}`);
  }
  return parts.length > 0 ? parts.join("; ") : "Not recorded";
}

/** A one-tap way to reach the visitor, big enough for a thumb; the tap is noted on the request
 * (the first one answers it). */
function ContactLink({
  id,
  how,
  href,
  label,
  icon,
  text,
}: {
  id: number;
  how: "call" | "text" | "email";
  href: string;
  label: string;
  icon: ReactNode;
  text: string;
}) {
  const offline = useOffline();
  return (
    <a
      href={href}
      aria-label={label}
      onClick={() => {
        if (!offline) adminApi.contacted(id, how).catch((error: unknown) => console.info("The tap was not noted", error));
      }}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-orange-800 ring-1 ring-orange-200 hover:bg-orange-50"
    >
      {icon}
      {text}
    </a>
  );
}

/** Call, Text and E-mail for `booking`: those whose number or address is kept (the customer's
 * data may have been erased). */
export function ContactLinks({ booking }: { booking: Booking }) {
  if (!booking.phone && !booking.email) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {booking.phone && (
        <>
          <ContactLink
            id={booking.id}
            how="call"
            href={`tel:${booking.phone}`}
            label={`Call ${booking.name}`}
            icon={<Phone aria-hidden="true" className="h-4 w-4" />}
            text="Call"
          />
          <ContactLink
            id={booking.id}
            how="text"
            href={`sms:${booking.phone}`}
            label={`Text ${booking.name}`}
            icon={<MessageSquare aria-hidden="true" className="h-4 w-4" />}
            text="Text"
          />
        </>
      )}
      {booking.email && (
        <ContactLink
          id={booking.id}
          how="email"
          href={`mailto:${booking.email}`}
          label={`E-mail ${booking.name}`}
          icon={<Mail aria-hidden="true" className="h-4 w-4" />}
          text="E-mail"
        />
      )}
    </div>
  );
}

/** A contact detail as a link, or "Not kept" when the customer's data was erased. */
function ContactDetail({ href, value }: { href: string; value: string }) {
  if (!value) return <dd className="text-slate-600">Not kept</dd>;
  return (
    <dd>
      <a className="text-orange-800 underline" href={href}>
        {value}
      </a>
    </dd>
  );
}

/** After a finished job: the thank-you with the review link, sent on the owner's word. */
function ReviewRequest({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const { dateTime } = useShopClock();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { review } = booking;
  if (review) {
    const sent = review.sentAt ? `sent ${dateTime(review.sentAt)}` : review.state === "dead" ? "could not be sent" : "on its way";
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-800">
        <Star aria-hidden="true" className="h-4 w-4 text-amber-600" />
        Review request {sent}
        {review.openedAt ? `; the link was opened ${dateTime(review.openedAt)}.` : review.sentAt ? "; the link has not been opened yet." : "."}
      </p>
    );
  }
  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.requestReview(booking.id);
      onChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <button type="button" disabled={busy} onClick={() => void send()} className={`${PLAIN_BUTTON} inline-flex items-center gap-1.5`}>
        <Star aria-hidden="true" className="h-4 w-4" />
        Ask for a review
      </button>
      {problem && (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

export function BookingCard({
  booking,
  linkOthers,
  onStatus,
  onChanged,
}: {
  booking: Booking;
  /** Link to the customer's other requests (not when the list shows only theirs). */
  linkOthers: boolean;
  onStatus: (status: BookingStatus) => void;
  onChanged: () => void;
}) {
  const { dateTime } = useShopClock();
  const statusId = useId();
  const open = booking.open;
  const status = useStatusChange(booking, onStatus);
  return (
    <article
      className={`rounded-xl p-5 shadow-sm ${open && booking.emergency ? "bg-red-50 ring-2 ring-red-700" : open && booking.urgent ? "bg-white ring-2 ring-amber-500" : "bg-white ring-1 ring-slate-200"}`}
      aria-labelledby={`${statusId}-name`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${statusId}-name`} className="text-lg font-semibold text-slate-900">
            <Link to={`/dbadmin/bookings/${booking.id}`} className="hover:underline">
              {booking.name}
            </Link>
          </h2>
          <p className="mt-1">
            <KindBadge emergency={booking.emergency} urgent={booking.urgent} />
          </p>
          <p className="text-sm text-slate-600">
            <span>Request #{booking.id}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={booking.createdAt}>{dateTime(booking.createdAt)}</time>
            {booking.spamReason && <span className="ml-2 font-medium text-red-700">Flagged as spam: {booking.spamReason}</span>}
          </p>
        </div>
        <ContactLinks booking={booking} />
        <div>
          <label htmlFor={statusId} className="mr-2 text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={statusId}
            value={booking.status}
            onChange={(event) => {
              const chosen = asBookingStatus(event.target.value);
              if (chosen) status.change(chosen);
            }}
            className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
          >
            {STATUS_OPTIONS}
          </select>
          {status.question}
        </div>
      </div>
      {linkOthers && booking.otherRequests > 0 && (
        <p className="mt-2 text-sm">
          <Link to={`/dbadmin/bookings?customer=${booking.id}`} className="inline-flex min-h-10 items-center gap-1.5 font-medium text-orange-800 underline">
            <Users aria-hidden="true" className="h-4 w-4" />
            {booking.otherRequests === 1 ? "1 other request" : `${booking.otherRequests.toLocaleString("en-US")} other requests`} from this customer
          </Link>
        </p>
      )}
      <TimeAndFollowUp booking={booking} onChanged={onChanged} />
      <BookingDetails booking={booking} />
      <PhotoList booking={booking} />
      <DeliveryList booking={booking} />
      <BookingNotes bookingId={booking.id} notes={booking.notes} />
    </article>
  );
}

/** A cancellation the customer made, the request's time (to confirm, set or drop) and, after a
 * finished job, the review request. */
export function TimeAndFollowUp({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const { dateTime } = useShopClock();
  return (
    <>
      {booking.cancelledAt && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
          Cancelled by the customer on <time dateTime={booking.cancelledAt}>{dateTime(booking.cancelledAt)}</time>
          {booking.cancelReason ? `: “${booking.cancelReason}”` : " (no reason given)."}
        </p>
      )}
      {/* A new start makes a new form; a change of state (confirmed, dropped) keeps the panel and
          its Undo. */}
      <AppointmentPanel
        key={booking.appointment?.start ?? ""}
        bookingId={booking.id}
        time={booking.appointment}
        cancelled={booking.cancelledAt !== null}
        done={booking.status === "done"}
        onChanged={onChanged}
      />
      {booking.status === "done" && <ReviewRequest booking={booking} onChanged={onChanged} />}
    </>
  );
}

/** What the visitor told: contact, answers, details, where the trailer is, where they came from. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-slate-700">Email</dt>
      <ContactDetail href={`mailto:${booking.email}`} value={booking.email} />
      <dt className="font-medium text-slate-700">Phone</dt>
      <ContactDetail href={`tel:${booking.phone}`} value={booking.phone} />
      {booking.answers.map((answer) => (
        <div key={answer.question} className="contents">
          <dt className="font-medium text-slate-700" title={answer.question}>
            {answer.label}
          </dt>
          <dd className="text-slate-900">{answer.answer}</dd>
        </div>
      ))}
      <dt className="font-medium text-slate-700">Additional details</dt>
      <dd className="whitespace-pre-line text-slate-900">{booking.details || "None"}</dd>
      {(booking.location || booking.streetAddress) && (
        <>
          <dt className="font-medium text-slate-700">Trailer location</dt>
          <dd className="text-slate-900">
            {booking.streetAddress && <span className="block">{booking.streetAddress}</span>}
            {booking.location && (
              <span className="block">
                {booking.location}:{" "}
                {booking.locationCity
                  ? `in the service area (${booking.locationCity})`
                  : booking.roadside
                    ? "by the road, no city named"
                    : "outside the usual service area"}
              </span>
            )}
            {booking.mapUrl && (
              <a href={booking.mapUrl} target="_blank" rel="noopener" className="inline-flex min-h-10 items-center gap-1 font-medium text-orange-800 underline">
                <MapPin aria-hidden="true" className="h-4 w-4" />
                Open in Maps
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </dd>
        </>
      )}
      <dt className="font-medium text-slate-700">Came from</dt>
      <dd className="text-slate-900">{sourceText(booking)}</dd>
    </dl>
  );
}

/** The photos the visitor sent, each opening in a new tab. */
export function PhotoList({ booking }: { booking: Booking }) {
  if (booking.photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-3" aria-label="Photos">
      {booking.photos.map((photo, index) => (
        <li key={photo.url}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener"
            aria-label={`Open photo ${index + 1} of ${booking.photos.length} from ${booking.name} (opens in a new tab)`}
            className="block"
          >
            <img
              src={photo.url}
              alt=""
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="h-28 w-auto rounded-lg object-cover ring-1 ring-slate-200"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
