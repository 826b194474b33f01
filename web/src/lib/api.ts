// The one client for this server's JSON API.
import type { Page } from "./types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) {
    throw new ApiError(response.status, `GET ${url} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The page at `path` (a missing page is a page too, with status 404). */
export function fetchPage(path: string): Promise<Page> {
  return getJson<Page>(`/api/page?path=${encodeURIComponent(path)}`);
}
