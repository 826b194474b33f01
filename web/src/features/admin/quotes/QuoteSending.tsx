// A quote on its way to the customer and back: the dialog that sends a finished draft (by e-mail,
// by text where the customer agreed to texts, or both), and, once sent, where it stands: its
// e-mail, when the customer opened it, what they answered (the name they signed with, the
// option and extras they picked, from which address and browser), and the way to withdraw it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { amount } from "../../../lib/money";
import { AdminApiError, adminApi, type Quote, type QuoteSendForm } from "../frame/api";
import { QUOTE_STATES } from "../frame/billingWords";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";
import { browserName, useShopClock } from "../frame/format";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { keys } from "../frame/queries";

/** The states in which a sent quote may be withdrawn: it still waits for an answer. */
const WITHDRAWABLE = new Set<Quote["state"]>(["sent", "viewed", "changes-asked", "expired"]);
/** The states a revised quote is withdrawn in: waiting for an answer, and not past its date. */
const WAITING = new Set<Quote["state"]>(["sent", "viewed", "changes-asked"]);

/** How often, and for how long at most, a document just sent by e-mail is read again until the
 * server says the e-mail went (or could not): it is sent by a job a moment after. */
const EMAIL_FOLLOWED_EVERY_MS = 2_000;
const EMAIL_FOLLOWED_FOR_MS = 60_000;

/** A sent document's e-mail, as its "Sent" section says it: e-mailed, not sent and why, or still
 * going while `emailing` (sent by e-mail from this page), when the document is read again until
 * it went. */
export function EmailState({
  document,
  emailing,
  emailedAt,
  emailError,
  when,
}: {
  document: { kind: "quote" | "invoice"; id: number };
  emailing: boolean;
  emailedAt: string | null;
  emailError: string | null;
  when: (at: string) => ReactNode;
}) {
  const client = useQueryClient();
  const waiting = emailing && !emailedAt && !emailError;
  const { kind, id } = document;
  useEffect(() => {
    if (!waiting) return;
    const queryKey = keys[kind](id);
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > EMAIL_FOLLOWED_FOR_MS) clearInterval(timer);
      else void client.invalidateQueries({ queryKey });
    }, EMAIL_FOLLOWED_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, client, kind, id]);
  if (emailedAt) return <li>E-mailed {when(emailedAt)}.</li>;
  if (emailError) return <li className="font-medium text-red-700">The e-mail could not be sent: {emailError}</li>;
  return waiting ? <li>Being e-mailed now.</li> : null;
}

/** "Send to the customer", and its dialog. `ready` is false while a change is not saved. */
export function SendQuote({
  quote,
  ready,
  onSent,
  onUnfinished,
}: {
  quote: Quote;
  ready: boolean;
  /** The quote as sent, and whether it went by e-mail. */
  onSent: (quote: Quote, emailed: boolean) => void;
  /** The server's messages by field when the quote is not finished. */
  onUnfinished: (errors: Record<string, string>) => void;
}) {
  return (
    <SendDialog
      bookingId={quote.bookingId}
      title={`Send quote ${quote.number}?`}
      description={`${quote.name} gets a link to their own page, where they read the lines and your terms, then approve it by typing their name or ask for changes. A sent quote is no longer changed.`}
      ready={ready}
      send={async (form) => onSent(await adminApi.sendQuote(quote.id, form), form.email)}
      onUnfinished={onUnfinished}
    />
  );
}

/** Brings the page's "Sent" section (drawn once the document came back sent) into sight and
 * focus: the button that sent it is gone, and on a phone the section is a screen above. */
function showSent(frames = 10) {
  const sent = document.querySelector<HTMLElement>("[data-sent]");
  if (!sent) {
    // Not drawn yet: the page takes the sent document in a frame or two.
    if (frames > 0) requestAnimationFrame(() => showSent(frames - 1));
    return;
  }
  sent.scrollIntoView({ block: "start" });
  sent.focus({ preventScroll: true });
}

/** "Send to the customer" of a quote or an invoice, and its dialog: by e-mail, by text where the
 * customer agreed to texts, or both. */
export function SendDialog({
  bookingId,
  title,
  description,
  ready,
  send: sendBy,
  onUnfinished,
}: {
  bookingId: number;
  title: string;
  description: string;
  /** False while a change is not saved. */
  ready: boolean;
  send: (form: QuoteSendForm) => Promise<void>;
  /** The server's messages by field when the document is not finished. */
  onUnfinished: (errors: Record<string, string>) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const request = useQuery({ queryKey: keys.request(bookingId), queryFn: () => adminApi.request(bookingId), enabled: open });
  const [form, setForm] = useState<QuoteSendForm>({ email: true, text: false });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const page = request.data;
  const textable = page?.texting === "on";

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      await sendBy({ email: form.email, text: form.text && textable });
      setOpen(false);
      requestAnimationFrame(() => showSent());
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.status === 422 && !("email" in failure.fieldErrors)) {
        setOpen(false);
        onUnfinished(Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(" ")])));
      } else if (failure instanceof AdminApiError && failure.status === 422) {
        setProblem(failure.fieldErrors.email?.join(" ") ?? failureMessage(failure));
      } else {
        setProblem(failureMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={`mt-4 inline-flex items-center gap-1.5 ${PRIMARY_BUTTON}`} disabled={!ready} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" className="h-4 w-4" />
        Send to the customer
      </button>
      {!ready && <p className="mt-1 text-sm text-slate-600">It can be sent once every change is saved.</p>}
      <ModalDialog open={open} title={title} description={description} onCancel={() => setOpen(false)}>
        {request.isError && <ErrorNotice className="mt-3">The request could not be loaded. Please try again.</ErrorNotice>}
        {page && (
          <fieldset className="mt-4 space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Send it by</legend>
            <label className="flex min-h-11 items-center gap-2 text-slate-800" htmlFor={`${ids}-email`}>
              <input
                id={`${ids}-email`}
                type="checkbox"
                className="h-5 w-5"
                checked={form.email}
                onChange={(event) => setForm({ ...form, email: event.target.checked })}
              />
              E-mail to {page.booking.email}
            </label>
            <label className="flex min-h-11 items-center gap-2 text-slate-800" htmlFor={`${ids}-text`}>
              <input
                id={`${ids}-text`}
                type="checkbox"
                className="h-5 w-5"
                disabled={!textable}
                checked={form.text && textable}
                onChange={(event) => setForm({ ...form, text: event.target.checked })}
              />
              Text a link to {page.booking.phone}
            </label>
            {!textable && <p className="text-sm text-slate-600">Texts can't go to this customer (see the request's texts for why).</p>}
          </fieldset>
        )}
        {problem && <ErrorNotice className="mt-3">{problem}</ErrorNotice>}
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setOpen(false)}>
            Not yet
          </button>
          <button type="button" className={PRIMARY_BUTTON} disabled={busy || !page} onClick={() => void send()}>
            Send
          </button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}

/** Where a sent quote stands, what the customer answered, "Withdraw", and "Revise" into a new
 * draft (not once approved: that quote is kept as the customer signed it). */
export function SentQuote({ quote, emailing, onChange }: { quote: Quote; emailing: boolean; onChange: (quote: Quote) => void }) {
  const { dateTime } = useShopClock();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState(false);
  const [revising, setRevising] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = quote.sending;
  if (!sending) return null;

  async function withdraw() {
    setProblem(null);
    try {
      onChange(await adminApi.withdrawQuote(quote.id));
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setWithdrawing(false);
    }
  }

  async function revise() {
    setProblem(null);
    try {
      const draft = await adminApi.reviseQuote(quote.id);
      void queryClient.invalidateQueries({ queryKey: keys.requestQuotes(quote.bookingId) });
      void navigate(`/dbadmin/quotes/${draft.id}`);
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setRevising(false);
    }
  }

  const when = (at: string) => <time dateTime={at}>{dateTime(at)}</time>;
  return (
    <section aria-label="Sent" data-sent tabIndex={-1} className="mt-3 scroll-mt-20 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{QUOTE_STATES[quote.state]}</h2>
      <ul className="mt-1 space-y-1 text-sm text-slate-800">
        <li>
          Sent {when(sending.sentAt)}; it can be approved until {when(sending.expiresAt)}.
        </li>
        <EmailState document={{ kind: "quote", id: quote.id }} emailing={emailing} emailedAt={sending.emailedAt} emailError={sending.emailError} when={when} />
        {sending.textedAt && <li>Texted {when(sending.textedAt)}.</li>}
        <li>{sending.viewedAt ? <>Opened by the customer {when(sending.viewedAt)}.</> : "Not opened by the customer yet."}</li>
        {sending.remindedAt && <li>Reminded {when(sending.remindedAt)}, not answered in three days.</li>}
      </ul>
      {quote.answers.map((answer) => (
        <div key={answer.at} className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
          {answer.answer === "approved" ? (
            <>
              <p className="font-semibold text-slate-900">
                Approved {when(answer.at)}, signed “{answer.name}”
              </p>
              {quote.options.length > 1 && answer.option !== null && <p>Option: {quote.options[answer.option]?.title}</p>}
              {answer.optional.length > 0 && (
                <p>Optional items added: {answer.optional.map((m) => quote.options[answer.option ?? 0]?.lines[m]?.description).join(", ")}</p>
              )}
              {answer.total !== null && (
                <p>
                  Total {amount(answer.total)}
                  {answer.deposit !== null && answer.deposit > 0 && `; deposit asked ${amount(answer.deposit)}`}
                </p>
              )}
            </>
          ) : (
            <>
              <p className="font-semibold text-slate-900">Changes asked {when(answer.at)}</p>
              <p className="whitespace-pre-line">{answer.message}</p>
            </>
          )}
          <p className="mt-1 text-slate-600">
            From {answer.address}, {browserName(answer.agent)}
          </p>
        </div>
      ))}
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      <div className="mt-3 flex flex-wrap gap-2">
        {quote.state !== "approved" && (
          <button type="button" className={PLAIN_BUTTON} onClick={() => setRevising(true)}>
            Revise as a new quote
          </button>
        )}
        {WITHDRAWABLE.has(quote.state) && (
          <button type="button" className={PLAIN_BUTTON} onClick={() => setWithdrawing(true)}>
            Withdraw the quote
          </button>
        )}
      </div>
      <ModalDialog
        open={revising}
        title={`Revise quote ${quote.number}?`}
        description={`A new draft is made with its lines, at the price book's rates of today, for you to change and send.${
          WAITING.has(quote.state) ? " This one is withdrawn from the customer's page." : ""
        }`}
        onCancel={() => setRevising(false)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setRevising(false)}>
            Not now
          </button>
          <button type="button" className={PRIMARY_BUTTON} onClick={() => void revise()}>
            Revise
          </button>
        </DialogActions>
      </ModalDialog>
      <ModalDialog
        open={withdrawing}
        title={`Withdraw quote ${quote.number}?`}
        description="It goes from the customer's page and can no longer be approved. It stays here, marked withdrawn."
        onCancel={() => setWithdrawing(false)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setWithdrawing(false)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => void withdraw()}>
            Withdraw
          </button>
        </DialogActions>
      </ModalDialog>
    </section>
  );
}
