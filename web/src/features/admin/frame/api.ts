// The admin API client: JSON in and out, the session's CSRF token on every write.

export interface AdminUser {
  id: number;
  email: string;
  role: string;
}

export interface Session {
  user: AdminUser;
  csrfToken: string;
}

/** What a right password gets when two-factor sign-in is on: send a code with the challenge. */
export interface CodeNeeded {
  codeNeeded: true;
  challenge: string;
}

export interface SessionListing {
  /** Names the session, to sign that device out. */
  id: string;
  /** 'Keep me signed in': it lasts 30 days from startedAt. */
  kept: boolean;
  /** When a kept session ends. */
  endsAt: string | null;
  startedAt: string;
  lastSeenAt: string;
  clientIp: string;
  userAgent: string;
  current: boolean;
}

export interface Account {
  email: string;
  twoFactor: boolean;
  recoveryCodesLeft: number;
  sessions: SessionListing[];
}

/** A new authenticator app's secret, as a QR code and as text. */
export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export interface AdminPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content?: string;
  featuredImage: string | null;
  featuredImageAlt?: string | null;
  published: boolean;
  /** When a scheduled draft goes live (UTC). */
  publishAt: string | null;
  metaDescription?: string | null;
  socialImage?: string | null;
  authorId: number | null;
  createdAt: string;
  updatedAt: string;
  /** When it was deleted; it can be restored for 30 days. */
  deletedAt: string | null;
}

export type PostStatus = "all" | "published" | "drafts" | "scheduled" | "deleted";
export type PostOrder = "newest" | "oldest" | "title" | "updated";

/** One page of the posts, with the counts of each status. */
export interface PostList {
  posts: AdminPost[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  counts: Record<PostStatus, number>;
}

export interface PostDraft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  /** What the featured image shows, for people who cannot see it. */
  featuredImageAlt: string;
  published: boolean;
  /** The shop's wall-clock time to go live ("2026-12-01T09:00"), for a scheduled draft. */
  publishAt: string | null;
  /** What search engines show; empty means the excerpt. */
  metaDescription: string;
  /** What a shared link shows; null means the featured image. */
  socialImage: string | null;
}

export interface RevisionListing {
  id: number;
  title: string;
  savedAt: string;
  savedBy: string;
}

export interface Revision extends RevisionListing {
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
}

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export interface Delivery {
  channel: string;
  /** The device a push went to. */
  device: string | null;
  /** request, time-N, reminder-N, changed-N, cancelled, review. */
  purpose: string;
  state: "sent" | "retrying" | "pending" | "dead" | "cancelled";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

export interface Booking {
  id: number;
  name: string;
  email: string;
  phone: string;
  details: string;
  message: string;
  status: string;
  spamReason: string | null;
  createdAt: string;
  /** The visitor gave an emergency or urgent answer. */
  urgent: boolean;
  /** The visitor gave an emergency answer. */
  emergency: boolean;
  /** When the shop first answered; null while the request waits. */
  firstResponseAt: string | null;
  /** When the customer changed or cancelled it with their link, until the owner acts. */
  customerChangeAt: string | null;
  /** Where the trailer is, as typed (mobile service only). */
  location: string | null;
  /** The service-area city that location is in; null when it is outside the area. */
  locationCity: string | null;
  source: BookingSource;
  /** Photos the visitor sent, served to the signed-in admin. */
  photos: { url: string; width: number; height: number }[];
  /** Each answer with its short name ("Urgency"). */
  answers: { label: string; question: string; answer: string }[];
  deliveries: Delivery[];
  notes: BookingNote[];
  /** The time asked for or confirmed. */
  appointment: BookingTime | null;
  /** When the customer cancelled with their link, and why if they said. */
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The thank-you with the review link, once asked for. */
  review: { state: string; sentAt: string | null; openedAt: string | null } | null;
  /** How many other requests have the same phone number or e-mail address. */
  otherRequests: number;
}

/** One page of the inbox. */
export interface Inbox {
  bookings: Booking[];
  statuses: string[];
  /** How many bookings match the filters. */
  total: number;
  /** How many match the filters other than the status, per status. */
  counts: Record<string, number>;
  /** The pages the bookings were started on, for the source filter. */
  sources: string[];
  /** The cursor of the next page (older requests), null on the last. */
  older: string | null;
  /** The cursor of the page before (newer requests), null on the first. */
  newer: string | null;
  /** The booking whose customer the list is narrowed to. */
  customer: { name: string; phone: string; email: string } | null;
}

export type TimeKind = "shop" | "mobile";
export type TimeState = "requested" | "confirmed" | "cancelled";

/** A booking's time. */
export interface BookingTime {
  kind: TimeKind;
  /** UTC. */
  start: string;
  end: string;
  state: TimeState;
  /** "Tuesday, December 1, 8:00-10:00 AM". */
  label: string;
}

/** The jobs of some days, and which of them the shop is closed. */
export interface Schedule {
  jobs: Job[];
  /** Holidays ("Thanksgiving"), closed days ("Closed") and days of the week without hours
   * ("Closed", weekly), YYYY-MM-DD. */
  closed: { date: string; reason: string; weekly: boolean }[];
}

/** A job in the schedule. */
export interface Job {
  bookingId: number;
  name: string;
  phone: string;
  kind: TimeKind;
  start: string;
  end: string;
  /** The day on the shop's clock, "2026-12-01", and the hours, "8:00-10:00 AM". */
  date: string;
  hours: string;
  state: TimeState;
  urgent: boolean;
  /** "Dump Trailer · Repairs needed · Can bring to shop". */
  summary: string;
  location: string | null;
}

/** A time the owner sets: its day and start on the shop's clock, and its length. */
export interface SetTime {
  kind: TimeKind;
  date: string;
  start: string;
  minutes: number;
  /** Take it though as many jobs as allowed share it. */
  overbook?: boolean;
  /** Take it though it is on a closed day or outside the hours. */
  outsideHours?: boolean;
}

/** A note on a booking, with who wrote it and when. */
export interface BookingNote {
  id: number;
  body: string;
  writtenBy: string;
  writtenAt: string;
  /** When its author last changed it. */
  editedAt: string | null;
}

/** What brought the visitor to the booking dialog. */
export interface BookingSource {
  page: string | null;
  button: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}

/** Bookings per source page and week (weeks start on Monday, oldest first). */
export interface SourceTable {
  weeks: string[];
  rows: { page: string; counts: number[]; total: number }[];
}

export interface AuditEntry {
  id: number;
  at: string;
  email: string | null;
  action: string;
  detail: string;
  clientIp: string;
}

/** What every admin page shows: new bookings and where new bookings are sent. */
export interface DeskStatus {
  /** Requests nobody has answered yet. */
  unanswered: number;
  /** "email", "webhook" and/or "push"; empty when new bookings are sent nowhere. */
  channels: string[];
  /** The server can send e-mail: only an address is missing for bookings to reach the owner. */
  emailConfigured: boolean;
  backups: BackupStatus;
}

/** The scheduled backups; everySeconds is null when the server never made one on a schedule. */
export interface BackupStatus {
  lastSuccessAt: string | null;
  /** Set only when the last backup failed (it is newer than the last success). */
  lastFailureAt: string | null;
  lastError: string | null;
  everySeconds: number | null;
}

/** A saved version of the site details. */
export interface SiteVersion {
  id: number;
  summary: string;
  savedAt: string;
  savedBy: string;
}

/** What a save of the site details did: the version shown now, and what changed (null: nothing). */
export interface SiteSaved {
  version: number;
  summary: string | null;
}

/** How a delivery channel did lately. */
export interface ChannelHealth {
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

export interface TestDelivery {
  id: number;
  channel: string;
  state: "pending" | "sent" | "dead";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  testBy: string;
}

export interface Notifications {
  email: { configured: boolean; recipients: string[]; defaultRecipient: string | null; health: ChannelHealth };
  webhook: { configured: boolean; health: ChannelHealth };
  tests: TestDelivery[];
}

/** A period's counted visits; conversion is bookings / visitors (0 without visitors). */
export interface InsightsTotals {
  visitors: number;
  pageViews: number;
  bookings: number;
  conversion: number;
  /** Requests from bots, left out of every other figure. */
  bots: number;
}

export interface DailyVisits {
  /** "2026-11-24", on the shop's calendar. */
  day: string;
  visitors: number;
  pageViews: number;
  bots: number;
}

/** Visitors and the requests they sent, with their ratio. */
export interface Converting {
  visitors: number;
  bookings: number;
  conversion: number;
}

export interface PageFigures {
  path: string;
  pageViews: number;
  visitors: number;
}

/** The utm_source, else the referrer's host, else "Direct". */
export interface SourceFigures extends Converting {
  source: string;
}

/** Visits with UTM tags; medium and campaign may be empty. */
export interface CampaignFigures extends Converting {
  source: string;
  medium: string;
  campaign: string;
}

/** The first page of visits. */
export interface LandingPageFigures extends Converting {
  path: string;
}

export interface DeviceFigures {
  /** "phone", "tablet" or "desktop". */
  device: string;
  visitors: number;
}

/** Where the booking dialog was opened. */
export interface OpenerFigures {
  page: string;
  button: string;
  opened: number;
  submitted: number;
}

export interface FunnelStep {
  /** "opened", "answered:0", "time", "contact", "submitted". */
  step: string;
  label: string;
  /** Distinct visitors who reached the step. */
  visitors: number;
}

/** The owner's weekly e-mail of these figures. */
export interface WeeklyReport {
  on: boolean;
  /** The server has SMTP settings. */
  email: boolean;
  /** The server can send e-mail and somebody gets the booking e-mails. */
  canSend: boolean;
  recipients: string[];
  /** The Monday of the last week reported. */
  lastSentWeek: string | null;
}

/** The visits counted without cookies over the last `days` days (dates on the shop's calendar). */
export interface Insights {
  days: number;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** False when the server runs with `--insights off`: nothing is counted. */
  counting: boolean;
  totals: InsightsTotals;
  previous: InsightsTotals;
  /** Every day of the period, in order. */
  daily: DailyVisits[];
  /** Each list holds the top 10. */
  pages: PageFigures[];
  sources: SourceFigures[];
  campaigns: CampaignFigures[];
  devices: DeviceFigures[];
  landingPages: LandingPageFigures[];
  /** In the order a visitor meets the steps; not always decreasing. */
  funnel: FunnelStep[];
  openers: OpenerFigures[];
  report: WeeklyReport;
  /** How fast the period's requests were answered. */
  response: ResponseTimes;
}

/** The response times of one kind of request over a period, in minutes. */
export interface ResponseFigures {
  requests: number;
  /** Still without a response (counted with the time waited so far). */
  waiting: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** The site's promise in its words ("30 minutes"), and in minutes on this clock. */
  promise: string;
  promiseMinutes: number | null;
  /** Answered (or waiting) longer than the promise. */
  late: number;
}

/** Emergencies on the 24-hour clock, other requests on the shop's hours. */
export interface ResponseTimes {
  emergencies: ResponseFigures;
  others: ResponseFigures;
}

/** A request in one line (Today). */
export interface RequestLine {
  id: number;
  name: string;
  phone: string;
  /** "Enclosed Trailer · Repairs needed · Need mobile service". */
  summary: string;
  place: string | null;
  createdAt: string;
  status: string;
  emergency: boolean;
  urgent: boolean;
  answered: boolean;
  /** Unanswered for longer than the site promises. */
  overdue: boolean;
}

export interface Lines<T> {
  /** The first 25 at most. */
  shown: T[];
  total: number;
}

export interface CustomerChange {
  request: RequestLine;
  changedAt: string;
  /** "Asked for another time: ...", "Cancelled the request: ...". */
  what: string;
}

export interface FailedDelivery {
  bookingId: number | null;
  name: string | null;
  channel: string;
  purpose: string;
  lastError: string | null;
  failedAt: string;
}

/** The front desk. */
export interface Today {
  emergencies: Lines<RequestLine>;
  unanswered: Lines<RequestLine>;
  today: { date: string; jobs: Job[] };
  tomorrow: { date: string; jobs: Job[] };
  toConfirm: Lines<RequestLine>;
  customerChanges: Lines<CustomerChange>;
  failedDeliveries: Lines<FailedDelivery>;
  response: ResponseTimes;
}

/** A request's own page. */
export interface RequestPage {
  booking: Booking;
  history: { at: string; kind: string; detail: string; by: string }[];
  /** Minutes to its first response, or waited so far, on its clock (null: answered before
   * answers were timed). */
  responseMinutes: number | null;
  clock: "around the clock" | "shop hours";
  overdue: boolean;
}

/** A device that gets push notifications. */
export interface PushDevice {
  id: number;
  name: string;
  endpoint: string;
  notify: "all" | "urgent";
  customerChanges: boolean;
  quietFrom: string | null;
  quietTo: string | null;
  createdAt: string;
  lastPushAt: string | null;
}

export interface DeviceSettings {
  name: string;
  notify: "all" | "urgent";
  customerChanges: boolean;
  quietFrom: string | null;
  quietTo: string | null;
}

/** A failed API call: its status and, for 422, the messages per field. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

let csrfToken = "";
let onUnauthorized: () => void = () => {};
let onAnswerFrom: (offline: boolean) => void = () => {};

/** What to do when an answer shows whether the app is offline (the service worker's kept
 * copies carry X-Offline-Copy). */
export function whenAnswered(handler: (offline: boolean) => void): void {
  onAnswerFrom = handler;
}

/** Remembers the CSRF token of the current session (sent with every write). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** What to do when the server says the session is gone (sign the app out). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, { method, headers, body: payload, credentials: "same-origin" });
  } catch (failure) {
    // No answer at all: offline only if the browser says so (a server restarting is not).
    onAnswerFrom(!navigator.onLine);
    throw failure;
  }
  // The service worker marks the copies it kept (and its answer when it has none): the network's
  // own answers pass through it unmarked.
  onAnswerFrom(response.headers.has("X-Offline-Copy"));
  if (response.ok) {
    // 202 and 204 answers have no body.
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const error = (await response.json().catch(() => ({}))) as { error?: string; errors?: Record<string, string[]> };
  if (response.status === 401 && !path.startsWith("/login")) onUnauthorized();
  throw new AdminApiError(response.status, error.error ?? `${method} ${path} answered ${response.status}`, error.errors);
}

/** Which bookings the inbox and its CSV export show; empty values show everything. */
export interface BookingFilter {
  status: string;
  search: string;
  /** Only open urgent requests. */
  urgent: boolean;
  /** The page the booking was started on. */
  source: string;
  /** Received from and to these days (YYYY-MM-DD, on the shop's clock), both included. */
  from: string;
  to: string;
  /** Only the requests of this booking's customer (same phone or e-mail). */
  customer: string;
}

/** Where in the list a page starts: after (older than) or before (newer than) a cursor. */
export type BookingPage = { older: string } | { newer: string } | null;

/** The query string of `filter` ("" when it shows everything), with the page's cursor. */
export function bookingQuery(filter: BookingFilter, page: BookingPage = null): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.search.trim()) params.set("q", filter.search.trim());
  if (filter.urgent) params.set("urgent", "true");
  for (const key of ["source", "from", "to", "customer"] as const) if (filter[key]) params.set(key, filter[key]);
  if (page && "older" in page) params.set("after", page.older);
  if (page && "newer" in page) params.set("before", page.newer);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Any JSON value of the site details. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** The site details: the server's JSON with the content file's field names. */
export type SiteFields = { [key: string]: Json };

export const adminApi = {
  /** Who is signed in: the user is null when nobody is. */
  session: () => call<{ user: AdminUser | null; csrfToken: string | null }>("GET", "/session"),
  login: (email: string, password: string, keepSignedIn: boolean) =>
    call<Session | CodeNeeded>("POST", "/login", { email, password, keepSignedIn }),
  loginCode: (challenge: string, code: string, trustDevice: boolean, keepSignedIn: boolean) =>
    call<Session>("POST", "/login/code", { challenge, code, trustDevice, keepSignedIn }),
  askPasswordReset: (email: string) => call<{ emailConfigured: boolean; message: string }>("POST", "/password-reset", { email }),
  checkPasswordReset: (token: string) => call<{ email: string; expiresAt: string }>("GET", `/password-reset/${encodeURIComponent(token)}`),
  resetPassword: (token: string, newPassword: string) =>
    call<void>("POST", `/password-reset/${encodeURIComponent(token)}`, { newPassword }),
  endSession: (id: string) => call<void>("DELETE", `/account/sessions/${encodeURIComponent(id)}`),
  today: () => call<Today>("GET", "/today"),
  request: (id: number) => call<RequestPage>("GET", `/bookings/${id}`),
  contacted: (id: number, how: "call" | "text" | "email") => call<void>("POST", `/bookings/${id}/contact`, { how }),
  seen: (id: number) => call<void>("POST", `/bookings/${id}/seen`),
  pushDevices: () => call<{ publicKey: string; devices: PushDevice[] }>("GET", "/push-subscriptions"),
  subscribePush: (subscription: PushSubscriptionJSON) => call<PushDevice>("POST", "/push-subscriptions", subscription),
  updateDevice: (id: number, settings: DeviceSettings) => call<PushDevice>("PUT", `/push-subscriptions/${id}`, settings),
  removeDevice: (id: number) => call<void>("DELETE", `/push-subscriptions/${id}`),
  testDevice: (id: number) => call<{ id: number }>("POST", `/push-subscriptions/${id}/test`),
  account: () => call<Account>("GET", "/account"),
  desk: () => call<DeskStatus>("GET", "/desk"),
  changePassword: (currentPassword: string, newPassword: string) =>
    call<void>("PUT", "/account/password", { currentPassword, newPassword }),
  signOutOthers: () => call<{ ended: number }>("POST", "/account/sign-out-others"),
  setUpTwoFactor: () => call<Enrolment>("POST", "/account/two-factor/setup"),
  enableTwoFactor: (code: string) =>
    call<{ recoveryCodes: string[] }>("POST", "/account/two-factor/enable", { code }).then((r) => r.recoveryCodes),
  disableTwoFactor: (code: string) => call<void>("POST", "/account/two-factor/disable", { code }),
  newRecoveryCodes: (code: string) =>
    call<{ recoveryCodes: string[] }>("POST", "/account/two-factor/recovery-codes", { code }).then((r) => r.recoveryCodes),
  logout: () => call<void>("POST", "/logout"),
  posts: ({ status, sort, q, page }: { status: PostStatus; sort: PostOrder; q: string; page: number }) =>
    call<PostList>("GET", `/posts?${new URLSearchParams({ status, sort, q, page: String(page) }).toString()}`),
  post: (id: number) => call<AdminPost>("GET", `/posts/${id}`),
  createPost: (draft: PostDraft) => call<AdminPost>("POST", "/posts", draft),
  updatePost: (id: number, draft: PostDraft) => call<AdminPost>("PUT", `/posts/${id}`, draft),
  setPublished: (id: number, published: boolean) => call<AdminPost>("PUT", `/posts/${id}/published`, { published }),
  deletePost: (id: number) => call<void>("DELETE", `/posts/${id}`),
  restorePost: (id: number) => call<AdminPost>("POST", `/posts/${id}/restore`),
  revisions: (postId: number) =>
    call<{ revisions: RevisionListing[] }>("GET", `/posts/${postId}/revisions`).then((r) => r.revisions),
  revision: (postId: number, id: number) => call<Revision>("GET", `/posts/${postId}/revisions/${id}`),
  /** The content as the server will store it (sanitised). */
  previewContent: (content: string) =>
    call<{ content: string }>("POST", "/posts/preview", { content }).then((r) => r.content),
  /** Keeps the unsaved post for its full preview; where the preview opens. */
  fullPreview: (postId: number | null, post: PostDraft) => call<{ url: string }>("POST", "/posts/full-preview", { postId, post }),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append("image", file);
    return call<UploadedImage>("POST", "/images", form);
  },
  bookings: (filter: BookingFilter, page: BookingPage) => call<Inbox>("GET", `/bookings${bookingQuery(filter, page)}`),
  addBookingNote: (id: number, body: string) => call<BookingNote>("POST", `/bookings/${id}/notes`, { body }),
  changeBookingNote: (id: number, note: number, body: string) => call<BookingNote>("PUT", `/bookings/${id}/notes/${note}`, { body }),
  deleteBookingNote: (id: number, note: number) => call<void>("DELETE", `/bookings/${id}/notes/${note}`),
  bookingSources: (weeks: number) => call<SourceTable>("GET", `/bookings/sources?weeks=${weeks}`),
  setBookingStatus: (id: number, status: string) => call<{ id: number; status: string }>("PUT", `/bookings/${id}/status`, { status }),
  site: () => call<{ version: number; site: SiteFields }>("GET", "/site"),
  saveSite: (version: number, site: SiteFields) => call<SiteSaved>("PUT", "/site", { version, site }),
  siteVersions: () => call<{ versions: SiteVersion[] }>("GET", "/site/versions").then((r) => r.versions),
  restoreSiteVersion: (id: number) => call<SiteSaved>("POST", `/site/versions/${id}/restore`),
  notifications: () => call<Notifications>("GET", "/notifications"),
  setRecipients: (recipients: string[]) => call<string[]>("PUT", "/notifications/recipients", { recipients }),
  sendTest: (channel: "email" | "webhook") => call<{ id: number }>("POST", "/notifications/test", { channel }),
  schedule: (from: string, days: number) => call<Schedule>("GET", `/schedule?from=${from}&days=${days}`),
  setTime: (id: number, time: SetTime) => call<{ job: Job }>("PUT", `/bookings/${id}/appointment`, time).then((r) => r.job),
  confirmTime: (id: number) => call<{ job: Job }>("POST", `/bookings/${id}/appointment/confirm`).then((r) => r.job),
  dropTime: (id: number) => call<void>("DELETE", `/bookings/${id}/appointment`),
  requestReview: (id: number) => call<void>("POST", `/bookings/${id}/review-request`),
  calendarFeed: () => call<{ url: string | null }>("GET", "/account/calendar-feed").then((r) => r.url),
  renewCalendarFeed: () => call<{ url: string | null }>("POST", "/account/calendar-feed").then((r) => r.url),
  removeCalendarFeed: () => call<void>("DELETE", "/account/calendar-feed"),
  audit: (before?: number) =>
    call<{ entries: AuditEntry[]; more: boolean }>("GET", `/audit${before ? `?before=${before}` : ""}`),
  insights: (days: number) => call<Insights>("GET", `/insights?days=${days}`),
  setWeeklyReport: (on: boolean) => call<{ on: boolean }>("PUT", "/insights/report", { on }).then((r) => r.on),
};
