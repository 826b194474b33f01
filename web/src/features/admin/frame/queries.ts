// The admin's server state: every answer from the server that a screen shows is a TanStack Query
// query under a key of its own. Everything a change to a request can alter sits under DESK, so a
// change made on this page, or one the live stream reports, loads exactly those again. A load
// started while an older one for the same key is on its way cancels the older one, so an older
// answer never replaces a newer one.
import { QueryCache, QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AdminApiError, adminApi, type BookingFilter, type BookingPage, type DeskStatus, type PostOrder, type PostStatus } from "./api";

/** The client of one admin app: made once per page load, emptied at sign-out. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A refusal (a request that is gone, a page the list no longer knows) is the screen's to
      // say; anything else is logged as well.
      onError: (error, query) => {
        if (!(error instanceof AdminApiError && error.status < 500)) console.error(`Failed to load ${query.queryKey.join(" ")}`, error);
      },
    }),
    defaultOptions: {
      queries: {
        // A failed load shows at once (the screen says to reload); the next change loads again.
        retry: false,
        // The live stream, opened again when the tab comes back, says when to load again.
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** What a change to a request can alter: Today, the inbox, a request's page, the schedule, the
 * desk's counts; and who is on call, which Today shows. */
export const DESK = ["desk"] as const;

/** The options of what an editor loads: once each time it opens (never the copy an earlier visit
 * left in the cache, which the caller waits past with `isFetchedAfterMount`), and never again
 * behind the owner's back while they edit. Not `gcTime: 0`: a query dropped between its first
 * render and its observer's subscription comes back empty, and the editor would start over. */
export const LOADED_ON_OPENING = { staleTime: Infinity, refetchOnMount: "always", refetchOnReconnect: false } as const;

export const keys = {
  desk: [...DESK, "status"],
  today: [...DESK, "today"],
  request: (id: number) => [...DESK, "request", id],
  bookings: (filter: BookingFilter, page: BookingPage) => [...DESK, "bookings", filter, page],
  schedule: (from: string, days: number) => [...DESK, "schedule", from, days],
  customers: (search: string) => [...DESK, "customers", search],
  customer: (id: number) => [...DESK, "customer", id],
  number: (number: string) => [...DESK, "number", number],
  notifications: ["notifications"],
  onCall: [...DESK, "on-call"],
  team: ["team"],
  audit: ["audit"],
  insights: (days: number) => ["insights", days],
  site: ["site"],
  priceBook: ["price-book"],
  requestQuotes: (booking: number) => [...DESK, "quotes", booking],
  quotes: (shown: string) => [...DESK, "quote-list", shown],
  quote: (id: number) => ["quote", id],
  requestInvoices: (booking: number) => [...DESK, "invoices", booking],
  invoice: (id: number) => ["invoice", id],
  invoices: (shown: string) => [...DESK, "invoice-list", shown],
  siteVersions: (shown: number) => ["site", "versions", shown],
  account: ["account", "me"],
  calendarFeed: ["account", "calendar-feed"],
  pushDevices: ["account", "push-devices"],
  sources: (weeks: number) => [...DESK, "sources", weeks],
  allPosts: ["posts"],
  posts: (status: PostStatus, order: PostOrder, query: string, page: number) => ["posts", status, order, query, page],
  post: (id: number) => ["post", id],
} as const;

/** Says that requests changed (a status set here, a time confirmed, a text sent): every screen
 * part that shows them loads again; the promise settles when those on screen have. */
export function useDeskChanged(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: DESK }), [client]);
}

/** The desk's counts and notices, shared by the frame and the pages that show them; null until
 * loaded, and after a failed load (they are extras: the page works without). */
export function useDeskStatus(): DeskStatus | null {
  return useQuery({ queryKey: keys.desk, queryFn: adminApi.desk }).data ?? null;
}
