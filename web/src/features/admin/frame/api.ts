// The admin API client: the server's API document's types (made by scripts/api-types.sh),
// called through openapi-fetch, with the session's CSRF token on every write.
import createClient from "openapi-fetch";
import { bookingStatusValues, type components, type paths } from "../../../lib/api-schema";

type Schemas = components["schemas"];

export type AdminUser = Schemas["Account"];
export type Session = Schemas["SessionInfo"];
/** What a right password gets when two-factor sign-in is on: send a code with the challenge. */
export type CodeNeeded = Schemas["CodeNeeded"];
export type SessionListing = Schemas["SessionListing"];
export type Account = Schemas["AccountInfo"];
/** A new authenticator app's secret, as a QR code and as text. */
export type Enrolment = Schemas["Enrolment"];
export type AdminPost = Schemas["AdminPost"];
export type PostStatus = keyof Schemas["Counts"];
export type PostOrder = NonNullable<NonNullable<paths["/api/admin/posts"]["get"]["parameters"]["query"]>["sort"]>;
/** One page of the posts, with the counts of each status. */
export type PostList = Schemas["PostList"];
/** A post as the editor sends it: every field, always, its texts as text (empty, never null). */
export type PostDraft = Required<Schemas["PostForm"]> & { featuredImageAlt: string; metaDescription: string };
export type RevisionListing = Schemas["RevisionListing"];
export type Revision = Schemas["Revision"];
export type UploadedImage = Schemas["StoredImage"];
export type Delivery = Schemas["DeliveryRecord"];
export type Booking = Schemas["BookingRecord"];
export type Photo = Schemas["PhotoRecord"];
export type PhotoLabel = Schemas["PhotoLabel"];
export type BookingStatus = Schemas["BookingStatus"];
/** Every status a booking may have, in the server's order (from the API document). */
export const BOOKING_STATUSES = bookingStatusValues;
/** A list's value as a status; null when it is none. */
export function asBookingStatus(value: string): BookingStatus | null {
  return BOOKING_STATUSES.find((status) => status === value) ?? null;
}
/** One page of the inbox. */
export type Inbox = Schemas["Inbox"];
export type TimeKind = Schemas["Kind"];
export type TimeState = Schemas["State"];
/** A booking's time. */
export type BookingTime = Schemas["TimeRecord"];
/** The jobs of some days, and which of them the shop is closed. */
export type Schedule = Schemas["Schedule"];
/** A job in the schedule. */
export type Job = Schemas["Job"];
/** A time the owner sets: its day and start on the shop's clock, and its length. */
export type SetTime = Schemas["SetTime"];
/** A note on a booking, with who wrote it and when. */
export type BookingNote = Schemas["NoteRecord"];
export type CustomerList = Schemas["CustomerList"];
export type CustomerRecord = Schemas["CustomerRecord"];
export type CustomerForm = Schemas["CustomerForm"];
export type CustomerTag = Schemas["Tag"];
export type Trailer = Schemas["TrailerRecord"];
export type TrailerForm = Schemas["TrailerForm"];
/** Bookings per source page and week (weeks start on Monday, oldest first). */
export type SourceTable = Schemas["SourceTable"];
export type AuditEntry = Schemas["AuditEntry"];
/** The shop's team: its members and the invitations that still work. */
export type Team = Schemas["Team"];
export type TeamMember = Schemas["Member"];
export type TeamInvitation = Schemas["Invitation"];
export type Role = Schemas["Role"];
export type OnCallPage = Schemas["OnCallPage"];
export type OnCall = Schemas["OnCall"];
export type Shift = Schemas["Shift"];
export type Steps = Schemas["Steps"];
/** Who said 'I've got it' on a request, and when. */
export type Holder = Schemas["Holder"];
/** What every admin page shows: new bookings and where new bookings are sent. */
export type DeskStatus = Schemas["DeskStatus"];
export type BackupStatus = Schemas["BackupStatus"];
/** A saved version of the site details. */
export type SiteVersion = Schemas["SiteVersion"];
/** What a save of the site details did: the version shown now, and what changed (null: nothing). */
export type SiteSaved = Schemas["SaveAnswer"];
/** How a delivery channel did lately. */
export type ChannelHealth = Schemas["ChannelHealth"];
export type TestDelivery = Schemas["TestDelivery"];
/** The price book: rates, taxes, trip fees, parts and common jobs; amounts in cents. */
export type PriceBook = Schemas["PriceBook"];
export type PriceSettings = Schemas["PriceSettings"];
export type PricePart = Schemas["Part"];
export type PartForm = Schemas["PartForm"];
export type CommonJob = Schemas["CommonJob"];
export type CommonJobForm = Schemas["CommonJobForm"];
export type JobLine = Schemas["JobLine"];
export type LineKind = Schemas["LineKind"];
/** A quote with each option's figures, as the server adds them up. */
export type Quote = Schemas["QuoteBody"];
export type PaymentForm = Schemas["PaymentForm"];
export type Payment = Schemas["Payment"];
export type RefundForm = Schemas["RefundForm"];
export type ListedQuote = Schemas["ListedQuote"];
export type QuoteShown = NonNullable<NonNullable<paths["/api/admin/quotes"]["get"]["parameters"]["query"]>["show"]>;
export type QuoteForm = Schemas["QuoteForm"];
/** An invoice with its figures and what is left to pay, as the server adds them up. */
export type Invoice = Schemas["InvoiceBody"];
export type InvoiceForm = Schemas["InvoiceForm"];
export type InvoiceShown = NonNullable<NonNullable<paths["/api/admin/invoices"]["get"]["parameters"]["query"]>["show"]>;
export type OptionFigures = Schemas["OptionFigures"];
export type QuoteState = Schemas["QuoteState"];
export type QuoteSendForm = Schemas["QuoteSendForm"];

export type DepositKind = Schemas["DepositKind"];
export type LabourRate = Schemas["LabourRate"];
export type QuoteRates = Schemas["QuoteRates"];
export type Notifications = Schemas["Notifications"];
export type InsightsTotals = Schemas["Totals"];
export type DailyVisits = Schemas["Daily"];
export type PageFigures = Schemas["PageFigure"];
export type SourceFigures = Schemas["SourceFigure"];
export type CampaignFigures = Schemas["CampaignFigure"];
export type LandingPageFigures = Schemas["LandingFigure"];
export type DeviceFigures = Schemas["DeviceFigure"];
export type OpenerFigures = Schemas["OpenerFigure"];
export type FunnelStep = Schemas["FunnelStep"];
/** The owner's weekly e-mail of these figures. */
export type WeeklyReport = Schemas["Report"];
/** The visits counted without cookies over the last `days` days (dates on the shop's calendar). */
export type Insights = Schemas["InsightsPage"];
export type ResponseFigures = Schemas["ResponseFigures"];
export type ResponseTimes = Schemas["ResponseTimes"];
/** A shipped placeholder still in the site details (the go-live check). */
export type Placeholder = Schemas["Placeholder"];
/** A request in one line (Today). */
export type RequestLine = Schemas["RequestLine"];
/** The front desk. */
export type Today = Schemas["Today"];
/** A request's own page. */
export type RequestPage = Schemas["RequestPage"];
export type NumberThread = Schemas["NumberThread"];
/** A device that gets push notifications. */
export type PushDevice = Schemas["Device"];
export type DeviceSettings = Schemas["DeviceSettings"];

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

const client = createClient<paths>({
  baseUrl: globalThis.location?.origin,
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  // Looked up on each call, so that a test's stand-in for fetch is the one called.
  fetch: (request) => globalThis.fetch(request),
});

client.use({
  onRequest({ request }) {
    if (request.method !== "GET") request.headers.set("X-CSRF-Token", csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    // The service worker marks the copies it kept (and its answer when it has none): the
    // network's own answers pass through it unmarked.
    onAnswerFrom(response.headers.has("X-Offline-Copy"));
    if (response.status === 401 && !new URL(request.url).pathname.startsWith("/api/admin/login")) onUnauthorized();
    return response;
  },
  onError() {
    // No answer at all: offline only if the browser says so (a server restarting is not).
    onAnswerFrom(!navigator.onLine);
  },
});

/** What a refusal says: the server's own sentence (a 422's field messages, in order), else a
 * plain sentence with the status. */
export function refusalMessage(status: number, refusal: { error?: string; errors?: Record<string, string[]> }): string {
  const said =
    refusal.error ??
    Object.values(refusal.errors ?? {})
      .flat()
      .join(" ");
  if (said) return said;
  return status >= 500 ? `The server could not do this (error ${status}). Please try again.` : `This was refused (error ${status}).`;
}

/** The answer's body, or the refusal thrown as an AdminApiError (with a 422's field messages). */
async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const refusal = (error ?? {}) as { error?: string; errors?: Record<string, string[]> };
  throw new AdminApiError(response.status, refusalMessage(response.status, refusal), refusal.errors);
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

type InboxQuery = NonNullable<paths["/api/admin/bookings"]["get"]["parameters"]["query"]>;

/** The inbox's query of `filter` (nothing when it shows everything), with the page's cursor. */
function inboxQuery(filter: BookingFilter, page: BookingPage = null): InboxQuery {
  const query: InboxQuery = {};
  if (filter.status) query.status = filter.status;
  if (filter.search.trim()) query.q = filter.search.trim();
  if (filter.urgent) query.urgent = true;
  if (filter.source) query.source = filter.source;
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  if (filter.customer) query.customer = Number(filter.customer);
  if (page && "older" in page) query.after = page.older;
  if (page && "newer" in page) query.before = page.newer;
  return query;
}

/** The query string of `filter` ("" when it shows everything), for the CSV export's link. */
export function bookingQuery(filter: BookingFilter): string {
  const params = new URLSearchParams(Object.entries(inboxQuery(filter)).map(([key, value]) => [key, String(value)]));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** What the audit log is narrowed to: one action's lines, one member's, or both. */
export interface AuditFilter {
  action?: Schemas["Action"];
  member?: number;
}

/** Any JSON value of the site details. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** The site details, as the API document states them. */
export type SiteFields = Schemas["SiteDetails"];

const id = (id: number) => ({ params: { path: { id } } });

export const adminApi = {
  /** Who is signed in: the user is null when nobody is. */
  session: () => answer(client.GET("/api/admin/session")),
  login: (email: string, password: string, keepSignedIn: boolean) => answer(client.POST("/api/admin/login", { body: { email, password, keepSignedIn } })),
  loginCode: (challenge: string, code: string, trustDevice: boolean, keepSignedIn: boolean) =>
    answer(client.POST("/api/admin/login/code", { body: { challenge, code, trustDevice, keepSignedIn } })),
  askPasswordReset: (email: string) => answer(client.POST("/api/admin/password-reset", { body: { email } })),
  checkPasswordReset: (token: string) => answer(client.GET("/api/admin/password-reset/{token}", { params: { path: { token } } })),
  resetPassword: (token: string, newPassword: string) =>
    answer(client.POST("/api/admin/password-reset/{token}", { params: { path: { token } }, body: { newPassword } })),
  checkInvitation: (token: string) => answer(client.GET("/api/admin/invitation/{token}", { params: { path: { token } } })),
  join: (token: string, newPassword: string) => answer(client.POST("/api/admin/invitation/{token}", { params: { path: { token } }, body: { newPassword } })),
  team: () => answer(client.GET("/api/admin/team")),
  invite: (name: string, email: string, role: Role) => answer(client.POST("/api/admin/team/invitations", { body: { name, email, role } })),
  withdrawInvitation: (invitation: number) => answer(client.DELETE("/api/admin/team/invitations/{id}", id(invitation))),
  removeMember: (member: number) => answer(client.DELETE("/api/admin/team/members/{id}", id(member))),
  requireTwoStep: (required: boolean) => answer(client.PUT("/api/admin/team/two-step", { body: { required } })),
  onCall: () => answer(client.GET("/api/admin/on-call")),
  setRota: (shifts: Shift[]) => answer(client.PUT("/api/admin/on-call/rota", { body: { shifts } })),
  setSteps: (steps: Steps) => answer(client.PUT("/api/admin/on-call/steps", { body: steps })),
  cover: (hours: number) => answer(client.POST("/api/admin/on-call/cover", { body: { hours } })),
  endCover: () => answer(client.DELETE("/api/admin/on-call/cover")),
  setPhone: (phone: string) => answer(client.PUT("/api/admin/on-call/phone", { body: { phone } })),
  endSession: (session: string) => answer(client.DELETE("/api/admin/account/sessions/{id}", { params: { path: { id: session } } })),
  today: () => answer(client.GET("/api/admin/today")),
  request: (booking: number) => answer(client.GET("/api/admin/bookings/{id}", id(booking))),
  contacted: (booking: number, how: Schemas["Contact"]) => answer(client.POST("/api/admin/bookings/{id}/contact", { ...id(booking), body: { how } })),
  seen: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/seen", id(booking))),
  take: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/take", id(booking))),
  numberThread: (number: string) => answer(client.GET("/api/admin/numbers/{number}", { params: { path: { number } } })),
  answerNumber: (number: string, text: string) => answer(client.POST("/api/admin/numbers/{number}/texts", { params: { path: { number } }, body: { text } })),
  fileNumber: (number: string, customer: number) =>
    answer(client.POST("/api/admin/numbers/{number}/customer", { params: { path: { number } }, body: { customer } })),
  requestFromTexts: (number: string, request: { name: string; email: string; details: string }) =>
    answer(client.POST("/api/admin/numbers/{number}/request", { params: { path: { number } }, body: request })),
  textCustomer: (booking: number, text: string) => answer(client.POST("/api/admin/bookings/{id}/texts", { ...id(booking), body: { text } })),
  onMyWay: (booking: number, minutes: number) => answer(client.POST("/api/admin/bookings/{id}/on-my-way", { ...id(booking), body: { minutes } })),
  pushDevices: () => answer(client.GET("/api/admin/push-subscriptions")),
  subscribePush: (subscription: PushSubscription) => {
    // A subscription the browser just made has both keys; the server refuses empty ones.
    const keys = subscription.toJSON().keys ?? {};
    const body = { endpoint: subscription.endpoint, keys: { auth: keys.auth ?? "", p256dh: keys.p256dh ?? "" } };
    return answer(client.POST("/api/admin/push-subscriptions", { body }));
  },
  updateDevice: (device: number, settings: DeviceSettings) => answer(client.PUT("/api/admin/push-subscriptions/{id}", { ...id(device), body: settings })),
  removeDevice: (device: number) => answer(client.DELETE("/api/admin/push-subscriptions/{id}", id(device))),
  testDevice: (device: number) => answer(client.POST("/api/admin/push-subscriptions/{id}/test", id(device))),
  account: () => answer(client.GET("/api/admin/account")),
  desk: () => answer(client.GET("/api/admin/desk")),
  changePassword: (currentPassword: string, newPassword: string) =>
    answer(client.PUT("/api/admin/account/password", { body: { currentPassword, newPassword } })),
  signOutOthers: () => answer(client.POST("/api/admin/account/sign-out-others")),
  setUpTwoFactor: () => answer(client.POST("/api/admin/account/two-factor/setup")),
  enableTwoFactor: (code: string) => answer(client.POST("/api/admin/account/two-factor/enable", { body: { code } })).then((r) => r.recoveryCodes),
  disableTwoFactor: (code: string) => answer(client.POST("/api/admin/account/two-factor/disable", { body: { code } })),
  newRecoveryCodes: (code: string) => answer(client.POST("/api/admin/account/two-factor/recovery-codes", { body: { code } })).then((r) => r.recoveryCodes),
  logout: () => answer(client.POST("/api/admin/logout")),
  posts: (query: { status: PostStatus; sort: PostOrder; q: string; page: number }) => answer(client.GET("/api/admin/posts", { params: { query } })),
  post: (post: number) => answer(client.GET("/api/admin/posts/{id}", id(post))),
  createPost: (draft: PostDraft) => answer(client.POST("/api/admin/posts", { body: draft })),
  updatePost: (post: number, draft: PostDraft) => answer(client.PUT("/api/admin/posts/{id}", { ...id(post), body: draft })),
  setPublished: (post: number, published: boolean) => answer(client.PUT("/api/admin/posts/{id}/published", { ...id(post), body: { published } })),
  deletePost: (post: number) => answer(client.DELETE("/api/admin/posts/{id}", id(post))),
  restorePost: (post: number) => answer(client.POST("/api/admin/posts/{id}/restore", id(post))),
  revisions: (post: number) => answer(client.GET("/api/admin/posts/{id}/revisions", id(post))).then((r) => r.revisions),
  revision: (post: number, revision: number) => answer(client.GET("/api/admin/posts/{id}/revisions/{revision}", { params: { path: { id: post, revision } } })),
  /** The content as the server will store it (sanitised). */
  previewContent: (content: string) => answer(client.POST("/api/admin/posts/preview", { body: { content } })).then((r) => r.content),
  /** Keeps the unsaved post for its full preview; where the preview opens. */
  fullPreview: (postId: number | null, post: PostDraft) => answer(client.POST("/api/admin/posts/full-preview", { body: { postId, post } })),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append("image", file);
    return answer(client.POST("/api/admin/images", { body: { image: "" }, bodySerializer: () => form }));
  },
  takePhoto: (booking: number, label: PhotoLabel | null, file: File) => {
    const form = new FormData();
    form.append("photo", file);
    const query = label ? { label } : {};
    return answer(
      client.POST("/api/admin/bookings/{id}/photos", { params: { path: { id: booking }, query }, body: { photo: "" }, bodySerializer: () => form }),
    );
  },
  changePhoto: (booking: number, name: string, label: PhotoLabel | null, shared: boolean) =>
    answer(client.PUT("/api/admin/bookings/{id}/photos/{name}", { params: { path: { id: booking, name } }, body: { label, shared } })),
  deletePhoto: (booking: number, name: string) => answer(client.DELETE("/api/admin/bookings/{id}/photos/{name}", { params: { path: { id: booking, name } } })),
  bookings: (filter: BookingFilter, page: BookingPage) => answer(client.GET("/api/admin/bookings", { params: { query: inboxQuery(filter, page) } })),
  addBookingNote: (booking: number, body: string) => answer(client.POST("/api/admin/bookings/{id}/notes", { ...id(booking), body: { body } })),
  changeBookingNote: (booking: number, note: number, body: string) =>
    answer(client.PUT("/api/admin/bookings/{id}/notes/{note}", { params: { path: { id: booking, note } }, body: { body } })),
  deleteBookingNote: (booking: number, note: number) =>
    answer(client.DELETE("/api/admin/bookings/{id}/notes/{note}", { params: { path: { id: booking, note } } })),
  customers: (search: string) => answer(client.GET("/api/admin/customers", { params: { query: search.trim() ? { q: search.trim() } : {} } })),
  customer: (customer: number) => answer(client.GET("/api/admin/customers/{id}", id(customer))),
  changeCustomer: (customer: number, form: CustomerForm) => answer(client.PUT("/api/admin/customers/{id}", { ...id(customer), body: form })),
  mergeCustomer: (customer: number, from: number) => answer(client.POST("/api/admin/customers/{id}/merge", { ...id(customer), body: { from } })),
  eraseCustomer: (customer: number) => answer(client.POST("/api/admin/customers/{id}/erase", id(customer))),
  splitRequest: (customer: number, booking: number) => answer(client.POST("/api/admin/customers/{id}/split", { ...id(customer), body: { booking } })),
  addTrailer: (customer: number, form: TrailerForm) => answer(client.POST("/api/admin/customers/{id}/trailers", { ...id(customer), body: form })),
  changeTrailer: (customer: number, trailer: number, form: TrailerForm) =>
    answer(client.PUT("/api/admin/customers/{id}/trailers/{trailer}", { params: { path: { id: customer, trailer } }, body: form })),
  nameTrailer: (booking: number, trailer: number | null) => answer(client.PUT("/api/admin/bookings/{id}/trailer", { ...id(booking), body: { trailer } })),
  bookingSources: (weeks: number) => answer(client.GET("/api/admin/bookings/sources", { params: { query: { weeks } } })),
  setBookingStatus: (booking: number, status: BookingStatus) => answer(client.PUT("/api/admin/bookings/{id}/status", { ...id(booking), body: { status } })),
  priceBook: () => answer(client.GET("/api/admin/price-book")),
  savePriceSettings: (settings: PriceSettings) => answer(client.PUT("/api/admin/price-book/settings", { body: settings })),
  addPart: (part: PartForm) => answer(client.POST("/api/admin/price-book/parts", { body: part })),
  changePart: (part: number, form: PartForm) => answer(client.PUT("/api/admin/price-book/parts/{id}", { ...id(part), body: form })),
  deletePart: (part: number) => answer(client.DELETE("/api/admin/price-book/parts/{id}", id(part))),
  addJob: (job: CommonJobForm) => answer(client.POST("/api/admin/price-book/jobs", { body: job })),
  changeJob: (job: number, form: CommonJobForm) => answer(client.PUT("/api/admin/price-book/jobs/{id}", { ...id(job), body: form })),
  deleteJob: (job: number) => answer(client.DELETE("/api/admin/price-book/jobs/{id}", id(job))),
  requestQuotes: (booking: number) => answer(client.GET("/api/admin/bookings/{id}/quotes", id(booking))),
  quotes: (show: QuoteShown) => answer(client.GET("/api/admin/quotes", { params: { query: { show } } })),
  invoices: (show: InvoiceShown) => answer(client.GET("/api/admin/invoices", { params: { query: { show } } })),
  startQuote: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/quotes", id(booking))),
  quote: (quote: number) => answer(client.GET("/api/admin/quotes/{id}", id(quote))),
  saveQuote: (quote: number, form: QuoteForm) => answer(client.PUT("/api/admin/quotes/{id}", { ...id(quote), body: form })),
  deleteQuote: (quote: number) => answer(client.DELETE("/api/admin/quotes/{id}", id(quote))),
  sendQuote: (quote: number, form: QuoteSendForm) => answer(client.POST("/api/admin/quotes/{id}/send", { ...id(quote), body: form })),
  withdrawQuote: (quote: number) => answer(client.POST("/api/admin/quotes/{id}/withdraw", id(quote))),
  reviseQuote: (quote: number) => answer(client.POST("/api/admin/quotes/{id}/revise", id(quote))),
  recordPayment: (quote: number, form: PaymentForm) => answer(client.POST("/api/admin/quotes/{id}/payments", { ...id(quote), body: form })),
  refundPayment: (payment: number, form: RefundForm) => answer(client.POST("/api/admin/payments/{id}/refund", { ...id(payment), body: form })),
  requestInvoices: (booking: number) => answer(client.GET("/api/admin/bookings/{id}/invoices", id(booking))),
  startInvoice: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/invoices", id(booking))),
  invoice: (invoice: number) => answer(client.GET("/api/admin/invoices/{id}", id(invoice))),
  saveInvoice: (invoice: number, form: InvoiceForm) => answer(client.PUT("/api/admin/invoices/{id}", { ...id(invoice), body: form })),
  deleteInvoice: (invoice: number) => answer(client.DELETE("/api/admin/invoices/{id}", id(invoice))),
  sendInvoice: (invoice: number, form: QuoteSendForm) => answer(client.POST("/api/admin/invoices/{id}/send", { ...id(invoice), body: form })),
  voidInvoice: (invoice: number, reason: string) => answer(client.POST("/api/admin/invoices/{id}/void", { ...id(invoice), body: { reason } })),
  recordInvoicePayment: (invoice: number, form: PaymentForm) => answer(client.POST("/api/admin/invoices/{id}/payments", { ...id(invoice), body: form })),
  site: () => answer(client.GET("/api/admin/site")),
  saveSite: (version: number, site: SiteFields) => answer(client.PUT("/api/admin/site", { body: { version, site } })),
  siteVersions: () => answer(client.GET("/api/admin/site/versions")).then((r) => r.versions),
  restoreSiteVersion: (version: number) => answer(client.POST("/api/admin/site/versions/{id}/restore", id(version))),
  notifications: () => answer(client.GET("/api/admin/notifications")),
  setRecipients: (recipients: string[]) => answer(client.PUT("/api/admin/notifications/recipients", { body: { recipients } })),
  sendTest: (channel: "email" | "webhook") => answer(client.POST("/api/admin/notifications/test", { body: { channel } })),
  schedule: (from: string, days: number) => answer(client.GET("/api/admin/schedule", { params: { query: { from, days } } })),
  setTime: (booking: number, time: SetTime) => answer(client.PUT("/api/admin/bookings/{id}/appointment", { ...id(booking), body: time })).then((r) => r.job),
  confirmTime: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/appointment/confirm", id(booking))).then((r) => r.job),
  dropTime: (booking: number) => answer(client.DELETE("/api/admin/bookings/{id}/appointment", id(booking))),
  requestReview: (booking: number) => answer(client.POST("/api/admin/bookings/{id}/review-request", id(booking))),
  calendarFeed: () => answer(client.GET("/api/admin/account/calendar-feed")).then((r) => r.url),
  renewCalendarFeed: () => answer(client.POST("/api/admin/account/calendar-feed")).then((r) => r.url),
  removeCalendarFeed: () => answer(client.DELETE("/api/admin/account/calendar-feed")),
  audit: (filter: AuditFilter, before?: number) => answer(client.GET("/api/admin/audit", { params: { query: { ...filter, ...(before ? { before } : {}) } } })),
  insights: (days: number) => answer(client.GET("/api/admin/insights", { params: { query: { days } } })),
  setWeeklyReport: (on: boolean) => answer(client.PUT("/api/admin/insights/report", { body: { on } })).then((r) => r.on),
};
