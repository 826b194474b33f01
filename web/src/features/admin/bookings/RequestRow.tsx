// A request in one line, as Today and the inbox on a phone show it: tap the line to open the
// request's page; Call is one tap too (and counts as answering it).
import { Phone, Siren } from "lucide-react";
import { Link } from "react-router";
import { adminApi, type RequestLine } from "../frame/api";
import { useOffline } from "../frame/device";
import { waitedSince } from "../frame/format";

/** Its kind in a word: an emergency is not an urgent request. */
export function KindBadge({ emergency, urgent }: { emergency: boolean; urgent: boolean }) {
  if (emergency) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
        <Siren aria-hidden="true" className="h-3.5 w-3.5" />
        Emergency
      </span>
    );
  }
  if (urgent) {
    return <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase">Urgent</span>;
  }
  return null;
}

/** A tel: link that notes the tap on the request (its first response, if it is the first); none
 * when the number is not kept (the customer's data was erased). */
export function CallLink({ id, name, phone, className }: { id: number; name: string; phone: string; className: string }) {
  const offline = useOffline();
  if (!phone) return null;
  return (
    <a
      href={`tel:${phone}`}
      aria-label={`Call ${name}`}
      onClick={() => {
        if (!offline) adminApi.contacted(id, "call").catch((error: unknown) => console.info("The call was not noted", error));
      }}
      className={className}
    >
      <Phone aria-hidden="true" className="h-4 w-4" />
      Call
    </a>
  );
}

/** Where the trailer is, in a line: the city (or the place as typed) and a mobile job's street. */
export function placeOf(request: Pick<RequestLine, "place" | "streetAddress">): string {
  return [request.streetAddress, request.place].filter(Boolean).join(", ");
}

export function RequestRow({ request, now }: { request: RequestLine; now: number }) {
  const what = [request.summary, placeOf(request)].filter(Boolean).join(" · ");
  return (
    <li className="flex min-h-12 items-center gap-2 border-b border-slate-200 py-1 last:border-b-0">
      <Link to={`/dbadmin/bookings/${request.id}`} className="min-w-0 flex-1 py-1">
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate font-semibold text-slate-900">{request.name}</span>
          {request.answered ? (
            <span className="shrink-0 text-xs text-slate-600 capitalize">{request.status}</span>
          ) : (
            <span className={`shrink-0 text-xs ${request.overdue ? "font-bold text-red-800" : "text-slate-600"}`}>
              {request.overdue && <span className="sr-only">Waiting past the promise: </span>}
              {waitedSince(request.createdAt, now)}
              {request.overdue && <span aria-hidden="true"> late</span>}
            </span>
          )}
        </span>
        <span className="flex items-center gap-1.5 text-sm text-slate-700">
          <KindBadge emergency={request.emergency} urgent={request.urgent} />
          {what && <span className="min-w-0 truncate">{what}</span>}
        </span>
        {request.words && <span className="line-clamp-2 text-sm text-slate-800">&ldquo;{request.words}&rdquo;</span>}
        {request.takenBy && <span className="block text-sm font-semibold text-slate-900">Taken by {request.takenBy}</span>}
        {request.escalated && !request.answered && (
          <span className="block text-sm font-semibold text-slate-900">
            Escalated to {request.escalated.to} {waitedSince(request.escalated.at, now)} ago
          </span>
        )}
      </Link>
      <CallLink
        id={request.id}
        name={request.name}
        phone={request.phone}
        className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-orange-800 ring-1 ring-orange-200 hover:bg-orange-50"
      />
    </li>
  );
}
