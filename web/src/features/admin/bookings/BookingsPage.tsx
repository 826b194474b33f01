// The booking inbox: every request, a page at a time (newer and older pages by cursor), with
// filters and a search kept in the address, so a filtered list can be reloaded and shared.
import { ChevronLeft, ChevronRight, Download, Filter, Search } from "lucide-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AdminShell } from "../frame/AdminShell";
import {
  AdminApiError,
  adminApi,
  BOOKING_STATUSES,
  bookingQuery,
  type Booking,
  type BookingStatus,
  type BookingFilter,
  type BookingPage,
  type Inbox,
  type RequestLine,
} from "../frame/api";
import { keys, useDeskChanged } from "../frame/queries";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PLAIN_BUTTON } from "../frame/form";
import { useNow } from "../frame/format";
import { useSession } from "../frame/session";
import { useSearchBox } from "../frame/searchBox";
import { useWideScreen } from "./useWideScreen";
import { BookingCard } from "./BookingCard";
import { BookingSources } from "./BookingSources";
import { RequestRow } from "./RequestRow";

const FIELD = "mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm";
const LABEL = "block text-sm font-medium text-slate-800";

/** The filter and the page the address names. */
function fromAddress(params: URLSearchParams): { filter: BookingFilter; page: BookingPage } {
  const after = params.get("after");
  const before = params.get("before");
  return {
    filter: {
      status: params.get("status") ?? "",
      search: params.get("search") ?? "",
      urgent: params.get("urgent") === "true",
      source: params.get("source") ?? "",
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
      customer: params.get("customer") ?? "",
    },
    page: after ? { older: after } : before ? { newer: before } : null,
  };
}

const count = (n: number) => n.toLocaleString("en-US");

/** A booking as a phone's one-line row. */
function asRow(booking: Booking): RequestLine {
  return {
    id: booking.id,
    name: booking.name,
    phone: booking.phone,
    summary: booking.summary,
    words: booking.words,
    place: booking.locationCity ?? booking.location,
    streetAddress: booking.streetAddress,
    createdAt: booking.createdAt,
    status: booking.status,
    emergency: booking.emergency,
    urgent: booking.urgent,
    answered: booking.answered,
    overdue: false,
    escalated: null,
    time: booking.appointment,
    takenBy: booking.takenBy,
  };
}

export function BookingsPage() {
  const ids = useId();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { filter, page } = useMemo(() => fromAddress(params), [params]);
  const client = useQueryClient();
  const deskChanged = useDeskChanged();
  const shownKey = keys.bookings(filter, page);
  // Another filter or page keeps the list on screen, dimmed, until its own arrives.
  const query = useQuery({ queryKey: shownKey, queryFn: () => adminApi.bookings(filter, page), placeholderData: keepPreviousData });
  const inbox = query.data ?? null;
  /** A page is on its way: the list is dimmed and the page buttons wait. */
  const loading = query.isPending || query.isPlaceholderData;
  /** The address names a page the list no longer knows (an old link). */
  const lostPage =
    query.error instanceof AdminApiError && query.error.status === 422 && ("after" in query.error.fieldErrors || "before" in query.error.fieldErrors);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const wide = useWideScreen();
  const [filtersOpen, setFiltersOpen] = useState(false);

  /** Changes filters in the address; any change of filter goes back to the newest page. */
  const show = useCallback(
    (change: Partial<Record<keyof BookingFilter | "after" | "before", string>>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!("after" in change) && !("before" in change)) {
            next.delete("after");
            next.delete("before");
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const putSearch = useCallback((search: string) => show({ search }, true), [show]);
  const [typed, type] = useSearchBox(filter.search, params, putSearch);

  async function changeStatus(id: number, status: BookingStatus) {
    setProblem(null);
    try {
      await adminApi.setBookingStatus(id, status);
      client.setQueryData(
        shownKey,
        (current: Inbox | undefined) => current && { ...current, bookings: current.bookings.map((b) => (b.id === id ? { ...b, status } : b)) },
      );
      void deskChanged();
    } catch (failure) {
      console.error("Failed to change the status", failure);
      setProblem("The status could not be saved. Please try again.");
    }
  }

  function turnPage(to: { after: string } | { before: string }) {
    show("after" in to ? { after: to.after, before: "" } : { before: to.before, after: "" });
    list.current?.scrollIntoView({ block: "start" });
  }

  const filtered = Boolean(filter.status || filter.search || filter.urgent || filter.source || filter.from || filter.to || filter.customer);
  const activeFilters = [filter.status, filter.search, filter.urgent, filter.source, filter.from || filter.to, filter.customer].filter(Boolean).length;
  const now = useNow();
  const allCount = inbox ? Object.values(inbox.counts).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <AdminShell title="Bookings">
      <div className="flex flex-wrap items-end gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
        {inbox && (
          <p className="text-sm text-slate-600" role="status">
            {inbox.total === 0 && filtered
              ? "No requests match"
              : `${inbox.total === 1 ? "1 request" : `${count(inbox.total)} requests`}${filtered ? " match" : ""}`}
          </p>
        )}
        {user?.role === "owner" && (
          <a
            href={`/api/admin/bookings.csv${bookingQuery(filter)}`}
            download
            className="ml-auto inline-flex items-center gap-1.5 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
        )}
      </div>
      {!wide && (
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="booking-filters"
          onClick={() => setFiltersOpen((open) => !open)}
          className={`mt-3 inline-flex min-h-11 items-center gap-1.5 ${PLAIN_BUTTON}`}
        >
          <Filter aria-hidden="true" className="h-4 w-4" />
          {filtersOpen ? "Hide filters" : "Search and filters"}
          {activeFilters > 0 && ` (${activeFilters} on)`}
        </button>
      )}
      <div
        id="booking-filters"
        role="search"
        hidden={!wide && !filtersOpen}
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label="Filter the bookings"
      >
        <div className="w-full sm:w-auto">
          <label htmlFor="booking-search" className={LABEL}>
            Search
          </label>
          <div className="relative mt-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" />
            <input
              id="booking-search"
              type="search"
              value={typed}
              onChange={(event) => type(event.target.value)}
              placeholder="Name, e-mail, phone or answer"
              className="w-full rounded-lg border border-slate-300 py-1.5 pr-2 pl-8 text-sm sm:w-72"
            />
          </div>
        </div>
        <div>
          <label htmlFor="booking-filter" className={LABEL}>
            Show
          </label>
          <select id="booking-filter" value={filter.status} onChange={(event) => show({ status: event.target.value })} className={FIELD}>
            <option value="">All statuses{inbox ? ` (${count(allCount)})` : ""}</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
                {inbox ? ` (${count(inbox.counts[status] ?? 0)})` : ""}
              </option>
            ))}
          </select>
        </div>
        {inbox && inbox.sources.length > 0 && (
          <div>
            <label htmlFor={`${ids}-source`} className={LABEL}>
              Came from
            </label>
            <select id={`${ids}-source`} value={filter.source} onChange={(event) => show({ source: event.target.value })} className={`${FIELD} max-w-56`}>
              <option value="">Any page</option>
              {inbox.sources.map((source) => (
                <option key={source} value={source}>
                  {source}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${ids}-from`} className={LABEL}>
            Received from
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => show({ from: event.target.value })}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={LABEL}>
            to
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => show({ to: event.target.value })}
            className={FIELD}
          />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" checked={filter.urgent} onChange={(event) => show({ urgent: event.target.checked ? "true" : "" })} className="h-4 w-4" />
          Urgent only
        </label>
        {filtered && (
          <button type="button" className={PLAIN_BUTTON} onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </button>
        )}
      </div>
      {inbox?.customer && (
        <p className="mt-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-950 ring-1 ring-orange-200">
          Every request from {inbox.customer.name} (same phone {inbox.customer.phone} or e-mail {inbox.customer.email}).{" "}
          <button type="button" className="font-semibold text-orange-900 underline" onClick={() => show({ customer: "" })}>
            Show everyone's requests
          </button>
        </p>
      )}
      {problem && <ErrorNotice className="mt-4">{problem}</ErrorNotice>}
      {query.isError && !lostPage && <ErrorNotice className="mt-4">The bookings could not be loaded. Please reload the page.</ErrorNotice>}
      {lostPage && (
        <ErrorNotice className="mt-4">
          This page of the list is no longer known.{" "}
          <button type="button" className="font-semibold underline" onClick={() => show({ after: "", before: "" })}>
            Go to the newest requests
          </button>
        </ErrorNotice>
      )}
      <div ref={list} aria-busy={loading} className={`mt-4 scroll-mt-4 space-y-4 transition-opacity md:mt-6 ${loading && inbox ? "opacity-50" : ""}`}>
        {inbox === null ? (
          query.isPending && <Spinner label="Loading bookings" />
        ) : inbox.bookings.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            {filter.search ? `No bookings match “${filter.search}”.` : filtered ? "No bookings match these filters." : "No bookings here yet."}
          </p>
        ) : wide ? (
          inbox.bookings.map((booking) => (
            <BookingCard
              key={booking.id}
              booking={booking}
              linkOthers={!filter.customer}
              onStatus={(status) => void changeStatus(booking.id, status)}
              onChanged={deskChanged}
            />
          ))
        ) : (
          <ul aria-label="Requests" className="rounded-xl bg-white px-3 shadow-sm ring-1 ring-slate-200">
            {inbox.bookings.map((booking) => (
              <RequestRow key={booking.id} request={asRow(booking)} now={now} />
            ))}
          </ul>
        )}
      </div>
      {inbox && (inbox.newer || inbox.older) && (
        <nav aria-label="Booking pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <button
            type="button"
            disabled={loading || !inbox.newer}
            onClick={() => inbox.newer && turnPage({ before: inbox.newer })}
            className={`${PLAIN_BUTTON} inline-flex items-center gap-1`}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Newer requests
          </button>
          <button
            type="button"
            disabled={loading || !inbox.older}
            onClick={() => inbox.older && turnPage({ after: inbox.older })}
            className={`${PLAIN_BUTTON} inline-flex items-center gap-1`}
          >
            Older requests
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </nav>
      )}
      <BookingSources />
    </AdminShell>
  );
}
