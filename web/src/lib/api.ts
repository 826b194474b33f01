// The one client for this server's JSON API.
import type { BookingSource } from "./bookingSource";
import type { components } from "./api-schema";
import type {
  NewLink,
  OpenTimes,
  OptionTotals,
  Page,
  PaymentPage,
  QuoteApproval,
  QuoteChoice,
  RequestView,
  SearchResults,
  Kind as TimeKind,
} from "./api-schema";

type Schemas = components["schemas"];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said of each field it refused, by field name. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) {
    throw new ApiError(response.status, `GET ${url} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The page at `path` (a missing page is a page too, with status 404). */
export function fetchPage(path: string): Promise<Page> {
  return getJson<Page>(`/api/page?path=${encodeURIComponent(path)}`);
}

/** The published posts whose title or excerpt contains `query`, ignoring case. */
export function searchPosts(query: string, signal: AbortSignal): Promise<SearchResults> {
  return getJson<SearchResults>(`/api/blog/search?q=${encodeURIComponent(query)}`, signal);
}

/** A booking as the dialog sends it: every field, always. */
export type BookingRequest = Required<Omit<Schemas["BookingForm"], "appointment" | "location" | "source">> & {
  /** Where the trailer is, for mobile service. */
  location?: string;
  source: BookingSource;
  /** The time picked, if any. */
  appointment?: Schemas["AppointmentForm"];
};

export type BookingResult =
  | { ok: true; requestNumber: number; manageUrl: string; requested: string | null; dropOff: boolean }
  | { ok: false; fieldErrors: Record<string, string[]>; message: string | null; timeTaken: boolean };

/** Sends a booking. Never throws: a network failure is a failed result. */
export async function submitBooking(request: BookingRequest): Promise<BookingResult> {
  try {
    const response = await fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
    if (response.ok) {
      const booked = (await response.json()) as Schemas["Booked"];
      return {
        ok: true,
        requestNumber: booked.id,
        manageUrl: booked.manageUrl,
        requested: booked.appointment?.label ?? null,
        dropOff: booked.appointment?.kind === "shop",
      };
    }
    const body = (await response.json().catch(() => ({}))) as { errors?: Record<string, string[]>; error?: string };
    // Past the rate limit, while the server cannot store anything and when the time was just
    // taken, its message says what to do.
    const explained = response.status === 429 || response.status === 503 || response.status === 409;
    return {
      ok: false,
      fieldErrors: body.errors ?? {},
      message: explained && body.error ? body.error : (body.errors?.appointment?.[0] ?? null),
      timeTaken: response.status === 409 || Boolean(body.errors?.appointment),
    };
  } catch {
    return { ok: false, fieldErrors: {}, message: null, timeTaken: false };
  }
}

/** The open times of `kind` (the next six, or those of `date`). */
export function openTimes(kind: TimeKind, date?: string): Promise<OpenTimes> {
  const day = date ? `&date=${encodeURIComponent(date)}` : "";
  return getJson<OpenTimes>(`/api/availability?kind=${kind}${day}`);
}

/** Whether a place is in the service area, and what the assistant says about it. */
export type AreaCheck = Schemas["AreaCheck"];

/** Checks where the trailer is; null when the check cannot be made (offline, a server error). */
export async function checkServiceArea(place: string): Promise<AreaCheck | null> {
  try {
    return await getJson<AreaCheck>(`/api/service-area?place=${encodeURIComponent(place)}`, AbortSignal.timeout(5000));
  } catch {
    return null;
  }
}

/** A JSON call whose refusal's message (`{"error"}`, or the first field message) is thrown. */
async function callJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { Accept: "application/json", ...(body !== undefined && { "Content-Type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return null as T;
  if (response.ok) return (await response.json()) as T;
  const refusal = (await response.json().catch(() => ({}))) as { error?: string; errors?: Record<string, string[]> };
  const said = refusal.error ?? Object.values(refusal.errors ?? {})[0]?.[0];
  throw new ApiError(response.status, said ?? "Something went wrong. Please try again, or call us.", refusal.errors);
}

/** The visitor's request behind a change-or-cancel link's token. */
/** The calls of the customer's page of link `token`, about their request `request` (the link's
 * own or another of theirs). */
export function manageCalls(token: string, request: number) {
  const base = `/api/manage/${encodeURIComponent(token)}`;
  const on = `request=${request}`;
  return {
    times: (date?: string) => callJson<OpenTimes>("GET", `${base}/times?${on}${date ? `&date=${encodeURIComponent(date)}` : ""}`),
    changeTime: (start: string) => callJson<RequestView>("PUT", `${base}/time?${on}`, { start }),
    cancel: (reason: string) => callJson<RequestView>("POST", `${base}/cancel?${on}`, reason.trim() ? { reason } : {}),
    calendarUrl: `${base}/calendar.ics?${on}`,
    correctContact: (contact: { phone: string; email: string }) => callJson<RequestView>("PUT", `${base}/contact?${on}`, contact),
    stopTexts: () => callJson<RequestView>("POST", `${base}/texts/stop?${on}`),
    pickTrailer: (trailer: number) => callJson<RequestView>("PUT", `${base}/trailer?${on}`, { trailer }),
    quoteFigures: (quote: number, choice: QuoteChoice) => callJson<OptionTotals>("POST", `${base}/quotes/${quote}/figures?${on}`, choice),
    approveQuote: (quote: number, approval: QuoteApproval) => callJson<RequestView>("POST", `${base}/quotes/${quote}/approve?${on}`, approval),
    askChanges: (quote: number, message: string) => callJson<RequestView>("POST", `${base}/quotes/${quote}/changes?${on}`, { message }),
    payDeposit: (quote: number) => callJson<PaymentPage>("POST", `${base}/quotes/${quote}/pay?${on}`),
    payInvoice: (invoice: number) => callJson<PaymentPage>("POST", `${base}/invoices/${invoice}/pay?${on}`),
    view: () => callJson<RequestView>("GET", `${base}?${on}`),
  };
}

/** The customer's link itself: its check (the last four digits of their phone), and a new link
 * in place of all their old ones. */
export const manageLink = {
  check: (token: string, digits: string) => callJson<null>("POST", `/api/manage/${encodeURIComponent(token)}/check`, { digits }),
  replace: (token: string) => callJson<NewLink>("POST", `/api/manage/${encodeURIComponent(token)}/new-link`),
};
