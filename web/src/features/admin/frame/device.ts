// The admin app on this device: its service worker (installable, offline copies, push), whether
// it is offline now, and forgetting the offline copies at sign-out.
import { useSyncExternalStore } from "react";
import { whenAnswered } from "./api";

/** The service worker's cache of admin API answers (customer details: gone at sign-out). */
const OFFLINE_COPIES = "trailerworks-admin-data";

// A page loaded without a connection starts offline: no 'offline' event comes then.
let offline = typeof navigator !== "undefined" && !navigator.onLine;
const listeners = new Set<() => void>();

function setOffline(now: boolean): void {
  if (now === offline) return;
  offline = now;
  for (const listener of listeners) listener();
}

whenAnswered(setOffline);
if (typeof window !== "undefined") {
  window.addEventListener("offline", () => setOffline(true));
  window.addEventListener("online", () => setOffline(false));
}

/** Whether the app is showing copies kept on the device (no connection): it is read-only then. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offline,
    () => false,
  );
}

/** Registers the admin's service worker (where the browser has them), and follows what it asks
 * of the page: `open` a request a notification was tapped for. Answers how to stop following. */
export function startWorker(open: (path: string) => void): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  // The scope is /dbadmin, not /dbadmin/: the sign-in page (/dbadmin) starts the app, and a page
  // belongs to the worker by the address it was opened at.
  navigator.serviceWorker.register("/dbadmin/sw.js", { scope: "/dbadmin" }).catch((error: unknown) => {
    console.info("The admin's service worker could not be registered", error);
  });
  const opened = (event: MessageEvent<{ type?: string; url?: string }>) => {
    if (event.data.type !== "open" || !event.data.url) return;
    const url = new URL(event.data.url, window.location.origin);
    if (url.origin === window.location.origin && url.pathname.startsWith("/dbadmin/")) open(url.pathname + url.search);
  };
  navigator.serviceWorker.addEventListener("message", opened);
  return () => navigator.serviceWorker.removeEventListener("message", opened);
}

let keptAhead = false;

/** Once per load, while online, asks `fetchAhead` (the schedule's next weeks) through the
 * service worker, which keeps what it answers for offline reading: the crew sees the week's jobs
 * in a dead zone even if the schedule was never opened on this phone. */
export function keepAheadForOffline(fetchAhead: () => Promise<unknown>): void {
  if (keptAhead || offline || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  keptAhead = true;
  const ask = () => void fetchAhead().catch((error: unknown) => console.info("The next weeks were not kept for offline reading", error));
  if (navigator.serviceWorker.controller) ask();
  else navigator.serviceWorker.addEventListener("controllerchange", ask, { once: true });
}

/** Deletes the copies kept for offline reading (at sign-out: they hold customers' details). */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_COPIES);
}
