// The one client for this server's JSON API.
import type { Page, SearchResults } from "./types";

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
}

export type BookingResult =
  | { ok: true }
  | { ok: false; fieldErrors: Record<string, string[]>; message: string | null };

/** Sends a booking. Never throws: a network failure is a failed result. */
export async function submitBooking(request: BookingRequest): Promise<BookingResult> {
  try {
    const response = await fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { errors?: Record<string, string[]>; error?: string };
    return {
      ok: false,
      fieldErrors: body.errors ?? {},
      message: response.status === 429 && body.error ? body.error : null,
    };
  } catch {
    return { ok: false, fieldErrors: {}, message: null };
  }
}
