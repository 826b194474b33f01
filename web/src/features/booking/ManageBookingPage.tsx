// The customer's own page (the link in every confirmation): the request it opens, with what they
// asked for and its time, another open time, or a cancellation with an optional reason; then all
// their requests and trailers (`CustomerHub`). A link older than 14 days asks for their phone's
// last four digits first (`LinkCheck`). Rendered on the server (it reads whole without script);
// changes go to the API with the token from the address.
import { CalendarPlus, CheckCircle2, Clock, Phone, XCircle } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { PageHero } from "../../components/PageHero";
import { ApiError, manageCalls } from "../../lib/api";
import { useLayout } from "../../lib/layout";
import { useIsClient } from "../../lib/useIsClient";
import { PHOTO_LABELS, photoFrom } from "../../lib/photoLabels";
import type { ManageBookingData, RequestView, TimeOption } from "../../lib/api-schema";
import { CustomerHub, NEW_LINK, TrailerPick } from "./CustomerHub";
import { LinkCheck } from "./LinkCheck";
import { InvoiceCard } from "./InvoiceCard";
import { PaymentNotice } from "./PaymentNotice";
import { QuoteCard } from "./QuoteCard";
import { usePaymentReturn } from "./usePaymentReturn";
import { TimePicker } from "./TimePicker";

const STATE_WORDS = {
  requested: "Requested: the shop will confirm this time, or call you to agree another one.",
  confirmed: "Confirmed.",
} as const;

/** The page was opened just after its link was replaced (read once, as the page's script loads). */
const openedAsNewLink = typeof window !== "undefined" && new URLSearchParams(window.location.search).has(NEW_LINK);

export function ManageBookingPage({ data }: { data: ManageBookingData }) {
  const layout = useLayout();
  const { pathname } = useLocation();
  const token = pathname.slice("/booking/".length);
  const ids = useId();
  const [request, setRequest] = useState<RequestView | null>(data.request);
  const [doing, setDoing] = useState<"nothing" | "picking" | "cancelling" | "correcting">("nothing");
  /** The contact details as typed again (while correcting them). */
  const [contact, setContact] = useState({ phone: "", email: "" });
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  /** What the server said of each field of the last form sent, by field name. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  // The notice of what just happened takes the focus (the button pressed is gone).
  const noticeLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeLine.current?.focus();
  }, [notice]);
  // A form closed without a change gives the focus back to the button that opened it.
  const opener = useRef<string | null>(null);
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed && opener.current) document.getElementById(opener.current)?.focus();
  }, [closed]);
  const open = (what: typeof doing, button: HTMLElement) => {
    opener.current = button.id;
    setDoing(what);
  };
  const keep = () => {
    setDoing("nothing");
    setClosed((n) => n + 1);
  };
  // Just replaced (CustomerHub's "Get a new link"): said until something else is, and the
  // address loses its mark so a reload does not say it again.
  const newLink = useIsClient() && openedAsNewLink;
  useEffect(() => {
    if (!openedAsNewLink) return;
    const search = new URLSearchParams(window.location.search);
    search.delete(NEW_LINK);
    const rest = search.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${rest ? `?${rest}` : ""}`);
  }, []);

  const number = request?.number ?? 0;
  const calls = manageCalls(token, number);
  const trailer = data.own?.trailers.find((t) => t.id === request?.trailerId);
  const payment = usePaymentReturn(calls.view, setRequest);
  const loadTimes = useCallback((date?: string) => manageCalls(token, number).times(date), [token, number]);

  /** Runs `action`, then says `done`, or why not; whether it was done. */
  async function act(action: () => Promise<RequestView>, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    try {
      setRequest(await action());
      setDoing("nothing");
      setNotice({ text: done, ok: true });
      return true;
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      setFieldErrors(fields);
      const text = Object.keys(fields).length
        ? "Please correct what is marked below."
        : failure instanceof ApiError
          ? failure.message
          : "That did not work. Please try again, or call us.";
      setNotice({ text, ok: false });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const pick = (time: TimeOption) =>
    void act(() => calls.changeTime(time.start), `You asked for ${time.label}. The shop will confirm it, or call you to agree another time.`);

  function correct(event: FormEvent) {
    event.preventDefault();
    void act(() => calls.correctContact(contact), "Your contact details are corrected: the shop uses them from now on.");
  }

  function cancel(event: FormEvent) {
    event.preventDefault();
    void act(() => calls.cancel(reason), "Your request is cancelled. Thank you for letting us know.");
  }

  return (
    <>
      <PageHero
        title={request ? `Your service request #${request.number}` : "Your service request"}
        subtitle={request ? `Received ${request.received}` : undefined}
      />
      <section className="min-h-[50vh] bg-slate-50 px-4 py-12 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl">
          {data.check ? (
            <LinkCheck token={token} phone={data.phone} />
          ) : !request ? (
            <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <p className="text-slate-700">{data.problem}</p>
              {data.phone && layout.phoneHref && (
                <a
                  href={layout.phoneHref}
                  className="mt-6 inline-flex items-center gap-2 rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800"
                >
                  <Phone aria-hidden="true" className="h-5 w-5" />
                  Call us: {data.phone}
                </a>
              )}
            </div>
          ) : (
            <div className="space-y-6">
              {newLink && !notice && (
                <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
                  This is your new link: bookmark this page. The links we sent you before no longer work, and our next messages bring this one.
                </p>
              )}
              {notice?.ok && (
                <p
                  ref={noticeLine}
                  tabIndex={-1}
                  role="status"
                  className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900 outline-none"
                >
                  {notice.text}
                </p>
              )}
              {payment && <PaymentNotice state={payment} />}
              {notice && !notice.ok && (
                <p ref={noticeLine} tabIndex={-1} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900 outline-none">
                  {notice.text}
                </p>
              )}
              {request.quotes.map((quote) => (
                <QuoteCard
                  key={quote.id}
                  quote={quote}
                  calls={calls}
                  phone={request.phone}
                  busy={busy}
                  fieldErrors={fieldErrors}
                  act={act}
                  invoice={request.invoices.find((invoice) => invoice.state === "issued")?.number ?? null}
                />
              ))}
              {request.invoices.map((invoice) => (
                <InvoiceCard key={invoice.id} invoice={invoice} request={request} calls={calls} />
              ))}
              <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                {request.cancelled ? (
                  <p className="flex items-start gap-3 text-slate-800">
                    <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
                    This request is cancelled. If you need us again, book a new request or call us.
                  </p>
                ) : request.time?.state === "cancelled" ? (
                  <p className="flex items-start gap-3 text-slate-800">
                    <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
                    <span>
                      The time <strong>{request.time.label}</strong> is off our schedule. Your request stays open: we'll call you to agree another time, or you
                      can pick one below.
                    </span>
                  </p>
                ) : request.time ? (
                  <div className="flex items-start gap-3">
                    {request.time.state === "confirmed" ? (
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                    ) : (
                      <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
                    )}
                    <div>
                      <h2 className="text-lg font-semibold text-slate-900">{request.time.label}</h2>
                      <p className="text-slate-700">
                        {request.time.kind === "shop" ? "Drop-off at the shop. " : "Our mobile crew arrives in this window. "}
                        {STATE_WORDS[request.time.state]}
                      </p>
                      <a href={calls.calendarUrl} download className="mt-3 inline-flex items-center gap-2 font-semibold text-orange-800 underline">
                        <CalendarPlus aria-hidden="true" className="h-5 w-5" />
                        Add to my calendar
                      </a>
                      {request.time.kind === "shop" && <DropOff />}
                    </div>
                  </div>
                ) : (
                  <p className="text-slate-800">No time is booked yet: we'll call you to agree one.</p>
                )}
                <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 pt-4 text-sm">
                  {request.words && (
                    <div className="contents">
                      <dt className="font-medium text-slate-700">What you told us</dt>
                      <dd className="break-words text-slate-900">{request.words}</dd>
                    </div>
                  )}
                  {request.answers.map((answer) => (
                    <div key={answer.label} className="contents">
                      <dt className="font-medium text-slate-700">{answer.label}</dt>
                      <dd className="text-slate-900">{answer.answer}</dd>
                    </div>
                  ))}
                  {request.place && (
                    <div className="contents">
                      <dt className="font-medium text-slate-700">Where</dt>
                      <dd className="break-words text-slate-900">{request.place}</dd>
                    </div>
                  )}
                  {trailer && (
                    <div className="contents">
                      <dt className="font-medium text-slate-700">Your trailer</dt>
                      <dd className="text-slate-900">{trailer.description || "Trailer"}</dd>
                    </div>
                  )}
                </dl>
                <TrailerPick
                  request={request}
                  trailers={data.own?.trailers ?? []}
                  busy={busy}
                  onPick={(picked) => void act(() => calls.pickTrailer(picked), "Thank you: the shop knows which trailer this is.")}
                />
                {request.photos.length > 0 && (
                  <div className="mt-4">
                    <h2 id={`${ids}-photos`} className="text-sm font-medium text-slate-700">
                      {request.photos.some((photo) => photo.fromShop) ? "Photos" : "Your photos"}
                    </h2>
                    <ul aria-labelledby={`${ids}-photos`} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                      {request.photos.map((photo, n) => (
                        <li key={photo.url}>
                          <a href={photo.url} target="_blank" rel="noopener noreferrer" className="block">
                            <img
                              src={photo.url}
                              width={photo.width}
                              height={photo.height}
                              loading="lazy"
                              alt={`Open photo ${n + 1} of ${request.photos.length} ${photoFrom(photo)} (opens in a new tab)`}
                              className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200"
                            />
                          </a>
                          {photo.fromShop && (
                            <p className="mt-1 text-xs text-slate-700">{photo.label ? `From the shop: ${PHOTO_LABELS[photo.label]}` : "From the shop"}</p>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
              {request.texting === "on" && (
                <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <p className="flex-1 text-slate-800">
                    We text you about this request, as you asked. You can stop that here, or reply STOP to any of our texts.
                  </p>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void act(() => calls.stopTexts(), "No more texts: we won't text your number again unless you reply START.")}
                    className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-70"
                  >
                    Stop texts
                  </button>
                </div>
              )}
              {(request.texting === "stopped" || request.texting === "carrier-stopped") && (
                <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
                  Texts to your number are off. Reply START to one of our texts to get them again.
                </p>
              )}
              {request.closed && !request.cancelled && (
                <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
                  {request.done ? "This job is done" : "This request's time has passed"}, so it can no longer be changed here. Call us for anything about it.
                </p>
              )}
              {!request.cancelled && doing === "nothing" && (
                <div className="flex flex-wrap gap-3">
                  {request.kind && !request.closed && (
                    <button
                      type="button"
                      id={`${ids}-picking`}
                      onClick={(event) => open("picking", event.currentTarget)}
                      className="rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800"
                    >
                      {request.time ? "Pick another time" : "Pick a time"}
                    </button>
                  )}
                  <button
                    type="button"
                    id={`${ids}-correcting`}
                    onClick={(event) => {
                      setContact(request.contact);
                      open("correcting", event.currentTarget);
                    }}
                    className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    Correct my phone or email
                  </button>
                  {!request.closed && (
                    <button
                      type="button"
                      id={`${ids}-cancelling`}
                      onClick={(event) => open("cancelling", event.currentTarget)}
                      className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                    >
                      Cancel this request
                    </button>
                  )}
                </div>
              )}
              {doing === "correcting" && (
                <form onSubmit={correct} className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <h2 className="text-lg font-semibold text-slate-900">Your contact details</h2>
                  <p className="text-sm text-slate-700">The phone number and e-mail address we should use for this request.</p>
                  {(["phone", "email"] as const).map((field) => {
                    const error = fieldErrors[field]?.[0];
                    return (
                      <div key={field}>
                        <label htmlFor={`${ids}-${field}`} className="block text-sm font-medium text-slate-800">
                          {field === "phone" ? "Phone" : "Email"}
                        </label>
                        <input
                          id={`${ids}-${field}`}
                          type={field === "phone" ? "tel" : "email"}
                          autoComplete={field === "phone" ? "tel" : "email"}
                          value={contact[field]}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${ids}-${field}-error` : undefined}
                          onChange={(event) => setContact((typed) => ({ ...typed, [field]: event.target.value }))}
                          className={`mt-1 w-full rounded-lg border px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none ${error ? "border-red-600" : "border-slate-300"}`}
                        />
                        {error && (
                          <p id={`${ids}-${field}-error`} className="mt-1 text-sm text-red-800">
                            {error}
                          </p>
                        )}
                      </div>
                    );
                  })}
                  <div className="flex flex-wrap gap-3">
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
                    >
                      Save my contact details
                    </button>
                    <button
                      type="button"
                      onClick={keep}
                      disabled={busy}
                      className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300"
                    >
                      Keep them
                    </button>
                  </div>
                </form>
              )}
              {doing === "picking" && request.kind && (
                <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                  <h2 className="px-4 pt-4 text-lg font-semibold text-slate-900">
                    {request.kind === "shop" ? "Pick a drop-off time" : "Pick an arrival window"}
                  </h2>
                  <TimePicker load={loadTimes} label="Open times" laterLabel={layout.times.laterLabel} onPick={pick} />
                  <div className="border-t border-slate-200 p-4">
                    <button type="button" onClick={keep} disabled={busy} className="text-sm font-medium text-slate-700 underline">
                      Keep my time
                    </button>
                  </div>
                </div>
              )}
              {doing === "cancelling" && (
                <form onSubmit={cancel} className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <h2 className="text-lg font-semibold text-slate-900">Cancel this request?</h2>
                  <div>
                    <label htmlFor={`${ids}-reason`} className="block text-sm font-medium text-slate-800">
                      Why, if you'd like to tell us <span className="font-normal text-slate-600">(optional)</span>
                    </label>
                    <textarea
                      id={`${ids}-reason`}
                      autoFocus
                      rows={3}
                      maxLength={500}
                      value={reason}
                      onChange={(event) => setReason(event.target.value)}
                      className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
                    />
                  </div>
                  <div className="flex flex-wrap gap-3">
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-lg bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                    >
                      Cancel the request
                    </button>
                    <button
                      type="button"
                      onClick={keep}
                      disabled={busy}
                      className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300"
                    >
                      Keep it
                    </button>
                  </div>
                </form>
              )}
              {data.own && <CustomerHub own={data.own} request={request} token={token} />}
              {request.phone && layout.phoneHref && (
                <p className="text-slate-700">
                  Questions? Call us at{" "}
                  <a href={layout.phoneHref} className="font-semibold text-orange-800 underline">
                    {request.phone}
                  </a>
                  .
                </p>
              )}
            </div>
          )}
        </div>
      </section>
    </>
  );
}

/** Where to bring the trailer for a drop-off (in the thank-you page's words), and when the shop is open. */
function DropOff() {
  const { address, hours } = useLayout();
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200">
      <p>
        Bring the trailer to{" "}
        <a href={address.mapsUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-orange-800 underline">
          {address.street}, {address.city}, {address.region} {address.postalCode}
          <span className="sr-only"> (opens a map in a new tab)</span>
        </a>
        .
      </p>
      <h3 className="mt-3 font-semibold text-slate-900">Opening hours</h3>
      <dl className="mt-1 space-y-0.5">
        {hours.map((h) => (
          <div key={h.days} className="flex justify-between gap-3">
            <dt className="font-medium text-slate-700">{h.days}</dt>
            <dd>{h.time}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
