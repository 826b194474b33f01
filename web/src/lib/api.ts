// The one client for this server's JSON API.
import type { BookingSource } from "./bookingSource";
import type { AreaLink, Page, SearchResults } from "./types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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

export interface BookingRequest {
  submissionId: string;
  name: string;
  email: string;
  phone: string;
  details: string;
  answers: { question: string; answer: string }[];
  /** The hidden field people never fill in. */
  website: string;
  /** Milliseconds from opening the dialog to submitting. */
  fillMs: number;
  /** Where the trailer is, for mobile service. */
  location?: string;
  source: BookingSource;
  /** Tokens of the photos uploaded for this request. */
  photos: string[];
}

export type BookingResult =
  | { ok: true; requestNumber: number }
  | { ok: false; fieldErrors: Record<string, string[]>; message: string | null };

/** Sends a booking. Never throws: a network failure is a failed result. */
export async function submitBooking(request: BookingRequest): Promise<BookingResult> {
  try {
    const response = await fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
    if (response.ok) {
      const booked = (await response.json()) as { id: number };
      return { ok: true, requestNumber: booked.id };
    }
    const body = (await response.json().catch(() => ({}))) as { errors?: Record<string, string[]>; error?: string };
    // Past the rate limit and while the server cannot store anything, its message says what to do.
    const explained = response.status === 429 || response.status === 503;
    return {
      ok: false,
      fieldErrors: body.errors ?? {},
      message: explained && body.error ? body.error : null,
    };
  } catch {
    return { ok: false, fieldErrors: {}, message: null };
  }
}

/** Whether a place is in the service area, and what the assistant says about it. */
export interface AreaCheck {
  inArea: boolean;
  city: AreaLink | null;
  message: string;
}

/** Checks where the trailer is; null when the check cannot be made (offline, a server error). */
export async function checkServiceArea(place: string): Promise<AreaCheck | null> {
  try {
    return await getJson<AreaCheck>(`/api/service-area?place=${encodeURIComponent(place)}`, AbortSignal.timeout(5000));
  } catch {
    return null;
  }
}
