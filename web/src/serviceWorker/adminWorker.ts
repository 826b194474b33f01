// The admin app's service worker, scoped to /dbadmin (served at /dbadmin/sw.js, with the list
// of the admin build's files put in front by the server). It keeps the admin's own files, goes to
// the network first for the admin API and keeps the last Today, inbox and request pages it saw,
// and every day of the schedule it saw, so an owner without signal still sees them (read-only,
// the page says 'Offline'; a schedule day it never saw is said to be unknown, never empty). The kept
// answers go as soon as the server says the session has ended (a 401, or nobody signed in), and
// at sign-out. It never touches a public page, a post preview or another origin. It also shows
// push notifications, opens the request a tap is about, and takes an urgent one ('I've got it')
// from its notification's button.
/// <reference lib="webworker" />

import { TAKE, takeable, takenNotice } from "./takeAction";

declare const self: ServiceWorkerGlobalScope & {
  /** The admin build's files, put in front of this script by the server. */
  ADMIN_PRECACHE: string[];
  /** Changes whenever that list does. */
  ADMIN_VERSION: string;
};

const ASSETS = `trailerworks-admin-assets-${self.ADMIN_VERSION}`;
/** The last answers of the admin API, for offline reading; deleted at sign-out. */
const DATA = "trailerworks-admin-data";
/** The admin app's document, the same for every address of the app (not a post's preview). */
const SHELL = "/dbadmin/today";
/** A copy served offline says when it was made, in this header. */
const OFFLINE_HEADER = "X-Offline-Copy";
/** Admin API answers worth keeping for offline reading. */
const KEPT = [/^\/api\/admin\/(session|desk|today|bookings)$/, /^\/api\/admin\/bookings\/\d+$/];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      await cache.addAll([...self.ADMIN_PRECACHE, SHELL]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("trailerworks-admin-assets-") && name !== ASSETS) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const app = url.pathname === "/dbadmin" || (url.pathname.startsWith("/dbadmin/") && !url.pathname.startsWith("/dbadmin/preview/"));
  if (request.mode === "navigate" && app) {
    event.respondWith(document(request));
  } else if (self.ADMIN_PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((kept) => kept ?? fetch(request)));
  } else if (url.pathname === SCHEDULE) {
    event.respondWith(scheduleAnswer(request, url));
  } else if (url.pathname.startsWith("/api/admin/") && url.pathname !== "/api/admin/live") {
    event.respondWith(apiAnswer(request, url));
  }
});

/** The admin app's document: the network's, else the one kept. */
async function document(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    // Only the app's own document is kept (never an answer marked no-store).
    if (response.ok && !/no-store/.test(response.headers.get("Cache-Control") ?? "")) {
      await (await caches.open(ASSETS)).put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

/** The network's answer, kept when it is one the offline pages show; offline, the kept copy,
 * marked as such. */
async function apiAnswer(request: Request, url: URL): Promise<Response> {
  const keep = KEPT.some((pattern) => pattern.test(url.pathname));
  const key = url.pathname === "/api/admin/bookings" ? url.pathname : url.pathname + url.search;
  try {
    const response = await fetch(request);
    if (await sessionEnded(url, response)) {
      await caches.delete(DATA);
      return response;
    }
    if (keep && response.ok) {
      const headers = new Headers(response.headers);
      headers.set(OFFLINE_HEADER, new Date().toISOString());
      const copy = new Response(await response.clone().blob(), { status: response.status, headers });
      await (await caches.open(DATA)).put(key, copy);
    }
    return response;
  } catch (error) {
    const kept = keep ? await (await caches.open(DATA)).match(key) : undefined;
    if (kept) return kept;
    if (error instanceof TypeError) {
      const body = JSON.stringify({ error: "You are offline. This will work again once the phone has a connection." });
      return new Response(body, { status: 503, headers: { "Content-Type": "application/json", [OFFLINE_HEADER]: "none" } });
    }
    throw error;
  }
}

/** The schedule's address; its days are kept one by one (any view's range is made of them). */
const SCHEDULE = "/api/admin/schedule";

interface ScheduleAnswer {
  jobs: { date: string }[];
  closed: { date: string }[];
  unknownDays: string[];
}

/** Where one day of the schedule is kept. */
const dayKey = (date: string) => `${SCHEDULE}/day/${date}`;

/** The `count` days from `from` (YYYY-MM-DD), in order. */
function daysFrom(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  if (Number.isNaN(start) || !(count > 0 && count <= 62)) return [];
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** The network's schedule, each of its days kept; offline, the days kept, with those never seen
 * named as unknown. */
async function scheduleAnswer(request: Request, url: URL): Promise<Response> {
  const days = daysFrom(url.searchParams.get("from") ?? "", Number(url.searchParams.get("days")));
  try {
    const response = await fetch(request);
    if (await sessionEnded(url, response)) {
      await caches.delete(DATA);
      return response;
    }
    if (response.ok) {
      const answer = (await response.clone().json()) as ScheduleAnswer;
      const cache = await caches.open(DATA);
      const seen = new Date().toISOString();
      for (const date of days) {
        const day = { jobs: answer.jobs.filter((job) => job.date === date), closed: answer.closed.filter((c) => c.date === date) };
        await cache.put(dayKey(date), new Response(JSON.stringify(day), { headers: { "Content-Type": "application/json", [OFFLINE_HEADER]: seen } }));
      }
    }
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const cache = await caches.open(DATA);
    const answer: ScheduleAnswer = { jobs: [], closed: [], unknownDays: [] };
    let oldest = new Date().toISOString();
    for (const date of days) {
      const kept = await cache.match(dayKey(date));
      if (!kept) {
        answer.unknownDays.push(date);
        continue;
      }
      const seen = kept.headers.get(OFFLINE_HEADER) ?? oldest;
      if (seen < oldest) oldest = seen;
      const day = (await kept.json()) as Omit<ScheduleAnswer, "unknownDays">;
      answer.jobs.push(...day.jobs);
      answer.closed.push(...day.closed);
    }
    return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json", [OFFLINE_HEADER]: oldest } });
  }
}

/** Whether `response` says nobody is signed in any more: then nothing kept may be shown. */
async function sessionEnded(url: URL, response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (url.pathname !== "/api/admin/session" || !response.ok) return false;
  const session = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: unknown } | null;
  return session?.user === null;
}

interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
  urgent: boolean;
  /** Offers 'I've got it'. */
  take: boolean;
  /** Alerts again though it replaces a notice with the same tag (an escalation's step). */
  renotify: boolean;
}

/** A notification's options, with the buttons the platforms that have them show. */
type WithActions = NotificationOptions & { actions?: { action: string; title: string }[]; renotify?: boolean };
const ICON = "/icons/icon-192.png";

self.addEventListener("push", (event) => {
  const notice = readNotice(event.data);
  const booking = takeable(notice.url, notice.take);
  const options: WithActions = {
    body: notice.body,
    tag: notice.tag,
    data: { url: notice.url, booking },
    icon: ICON,
    badge: ICON,
    requireInteraction: notice.urgent,
    renotify: notice.renotify && notice.tag !== "",
    actions: booking === null ? [] : [{ action: TAKE, title: "I've got it" }],
  };
  event.waitUntil(self.registration.showNotification(notice.title, options));
});

function readNotice(data: PushMessageData | null): PushNotice {
  try {
    const notice = data?.json() as Partial<PushNotice> | undefined;
    if (notice?.title && notice.url?.startsWith("/dbadmin/")) {
      return {
        title: notice.title,
        body: notice.body ?? "",
        url: notice.url,
        tag: notice.tag ?? "",
        urgent: notice.urgent === true,
        take: notice.take === true,
        renotify: notice.renotify === true,
      };
    }
  } catch {
    // Not JSON: show the plain words below.
  }
  return { title: data?.text() || "New activity", body: "", url: "/dbadmin/today", tag: "", urgent: false, take: false, renotify: false };
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string; booking?: number | null } | null;
  const target = new URL(data?.url?.startsWith("/dbadmin/") ? data.url : "/dbadmin/today", self.location.origin).href;
  const booking = data?.booking;
  event.waitUntil(event.action === TAKE && typeof booking === "number" ? take(booking, target) : open(target));
});

/** Shows `target` in the open admin tab (as an in-app navigation, brought to the front), else in
 * a new window. */
async function open(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const admin = windows.find((client) => new URL(client.url).pathname.startsWith("/dbadmin"));
  if (admin) {
    admin.postMessage({ type: "open", url: target });
    await admin.focus();
  } else {
    await self.clients.openWindow(target);
  }
}

/** 'I've got it' from the notification, with the session's CSRF token; the phone then says who
 * has the request. Should that fail (signed out, offline), the request opens instead. */
async function take(booking: number, target: string): Promise<void> {
  try {
    const session = (await (await fetch("/api/admin/session")).json()) as { csrfToken?: string | null };
    if (!session.csrfToken) throw new Error("signed out");
    const answer = await fetch(`/api/admin/bookings/${booking}/take`, { method: "POST", headers: { "x-csrf-token": session.csrfToken } });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    const holder = (await answer.json()) as { by?: string };
    const { title, body } = takenNotice(booking, holder.by);
    await self.registration.showNotification(title, {
      body,
      tag: `booking-${booking}`,
      data: { url: new URL(target).pathname, booking: null },
      icon: ICON,
      badge: ICON,
    });
  } catch {
    await open(target);
  }
}
