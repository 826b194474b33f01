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

async function getJson<T>(url: string, acceptStatus: (status: number) => boolean = (s) => s < 400): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!acceptStatus(response.status)) {
    throw new ApiError(response.status, `GET ${url} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The page at `path` (a 404 page is a page too). */
export function fetchPage(path: string): Promise<Page> {
  return getJson<Page>(`/api/page?path=${encodeURIComponent(path)}`, (s) => s < 400 || s === 404);
}
