// An invoice's own page: the team changes the approved quote's lines to what was done (saved a
// moment after the last keystroke, the server adding up the figures), issues it to the customer
// (it takes its number then), records what they pay at the shop, and the owner refunds or voids.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { amount } from "../../../lib/money";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type Invoice, type InvoiceForm, type LabourRate, type PriceBook } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, failureMessage, fieldClass, Field, Input, PLAIN_BUTTON, TextArea } from "../frame/form";
import { useShopClock } from "../frame/format";
import { Loaded } from "../frame/Loaded";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { keys, LOADED_ON_OPENING } from "../frame/queries";
import { useSession } from "../frame/session";
import { useAutosave } from "../frame/useAutosave";
import { IssuedInvoice } from "./IssuedInvoice";
import { invoiceDraftOf, invoiceFormOf, type InvoiceDraft } from "./invoiceDraft";
import { PaymentsPanel } from "./PaymentsPanel";
import { QuoteOptionEditor } from "./QuoteOptionEditor";
import { rateWords } from "./labourRate";
import { SaveBar } from "./SaveBar";
import { EmailState, SendDialog } from "./QuoteSending";

/** Where an invoice stands, in words. */
function invoiceStanding(invoice: Invoice): string {
  if (invoice.state === "draft") return "Draft: not sent yet";
  if (invoice.state === "void") return "Void";
  if (invoice.standing.balance === 0) return "Paid in full";
  if (invoice.overdue) return "Overdue";
  const part = invoice.standing.paid + invoice.standing.depositPaid > 0;
  return part ? `Part paid: ${amount(invoice.standing.balance)} left` : "Waiting for payment";
}

export function InvoicePage() {
  const id = Number(useParams().id);
  const invoice = useQuery({ queryKey: keys.invoice(id), queryFn: () => adminApi.invoice(id), ...LOADED_ON_OPENING });
  const book = useQuery({ queryKey: keys.priceBook, queryFn: adminApi.priceBook });
  const title = invoice.data?.number ? `Invoice ${invoice.data.number}` : "Draft invoice";
  return (
    <AdminShell title={title}>
      <Loaded query={invoice} what="The invoice" loading="Loading the invoice">
        {(loaded) => (invoice.isFetchedAfterMount && book.data ? <InvoiceEditor invoice={loaded} book={book.data} /> : <Spinner label="Loading the invoice" />)}
      </Loaded>
      {book.isError && <ErrorNotice className="mt-3">The price book could not be loaded. Please reload the page.</ErrorNotice>}
    </AdminShell>
  );
}

function InvoiceEditor({ invoice, book }: { invoice: Invoice; book: PriceBook }) {
  const ids = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { dateTime } = useShopClock();
  const owner = useSession().user?.role === "owner";
  const [deleting, setDeleting] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState("");
  const [voidError, setVoidError] = useState<string | null>(null);
  /** Sent by e-mail from this page: its "Sent" section follows the e-mail until it went. */
  const [emailing, setEmailing] = useState(false);
  const editor = useRef<HTMLDivElement>(null);
  const editable = invoice.state === "draft";
  const { draft, change, shown, state, errors, problem, setProblem, current, sendable, saveNow, refused } = useAutosave<InvoiceDraft, InvoiceForm, Invoice>({
    saved: invoice,
    draftOf: invoiceDraftOf,
    read: invoiceFormOf,
    save: (form) => adminApi.saveInvoice(invoice.id, form),
    editable,
  });

  /** The invoice as the server now has it: shown without loading it again. */
  function replaced(next: Invoice) {
    client.setQueryData(keys.invoice(invoice.id), next);
    void client.invalidateQueries({ queryKey: keys.requestInvoices(invoice.bookingId) });
  }

  async function remove() {
    try {
      await adminApi.deleteInvoice(invoice.id);
      void client.invalidateQueries({ queryKey: keys.requestInvoices(invoice.bookingId) });
      void navigate(`/dbadmin/bookings/${invoice.bookingId}`);
    } catch (failure) {
      setDeleting(false);
      setProblem(failureMessage(failure));
    }
  }

  async function voidIt() {
    if (reason.trim() === "") {
      setVoidError("Say why the invoice is void");
      return;
    }
    try {
      replaced(await adminApi.voidInvoice(invoice.id, reason));
      setVoiding(false);
    } catch (failure) {
      setVoidError(failureMessage(failure));
    }
  }

  const rates = shown.saved.rates;
  const standing = invoice.standing;
  /** It holds payments the shop keeps: the server refuses to void it until they are refunded. */
  const keeps = invoice.payments.some((payment) => payment.refunded < payment.amount);
  const when = (at: string) => <time dateTime={at}>{dateTime(at)}</time>;
  return (
    <>
      <Link to={`/dbadmin/bookings/${invoice.bookingId}`} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-orange-800 underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Request #{invoice.bookingId}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{invoice.number ? `Invoice ${invoice.number}` : "Draft invoice"}</h1>
      <p className="mt-1 text-slate-700">
        For {invoice.name} · {invoiceStanding(invoice)}
      </p>
      {problem && (
        <ErrorNotice className="mt-2">
          {problem}{" "}
          <button type="button" className="font-semibold underline" onClick={saveNow}>
            Try again
          </button>
        </ErrorNotice>
      )}
      {invoice.issuedAt && (
        <section aria-label="Sent" data-sent tabIndex={-1} className="mt-3 scroll-mt-20 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <ul className="space-y-1 text-sm text-slate-800">
            <li>
              Issued {when(invoice.issuedAt)}
              {invoice.dueAt && <>; due by {when(invoice.dueAt)}</>}.
            </li>
            <EmailState
              document={{ kind: "invoice", id: invoice.id }}
              emailing={emailing}
              emailedAt={invoice.emailedAt}
              emailError={invoice.emailError}
              when={when}
            />
            {invoice.textedAt && <li>Texted {when(invoice.textedAt)}.</li>}
            {invoice.remindedAt && <li>Reminded {when(invoice.remindedAt)}, unpaid a week after it was due.</li>}
            {invoice.voidedAt && (
              <li className="font-medium text-slate-900">
                Voided {when(invoice.voidedAt)}: {invoice.voidReason}
              </li>
            )}
          </ul>
          {owner &&
            invoice.state === "issued" &&
            (keeps ? (
              <p className="mt-2 text-sm text-slate-700">To void it, refund its payments first.</p>
            ) : (
              <button type="button" className={`mt-2 ${PLAIN_BUTTON}`} onClick={() => setVoiding(true)}>
                Void the invoice…
              </button>
            ))}
        </section>
      )}
      {invoice.state !== "draft" && (
        <PaymentsPanel
          title="Payments"
          summary={
            <>
              Total {amount(standing.total)}
              {standing.depositPaid > 0 && ` · deposit paid ${amount(standing.depositPaid)}`} · paid {amount(standing.paid)} ·{" "}
              {invoice.state === "void" ? "void: nothing is owed" : standing.balance > 0 ? `${amount(standing.balance)} balance due` : "nothing left to pay"}
            </>
          }
          payments={invoice.payments}
          due={invoice.state === "issued" ? standing.balance : 0}
          record={async (form) => replaced(await adminApi.recordInvoicePayment(invoice.id, form))}
          onRefunded={() => void client.invalidateQueries({ queryKey: keys.invoice(invoice.id) })}
        />
      )}
      {editable ? (
        <div ref={editor}>
          <div className="mt-3 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
            <Field id={`${ids}-rate`} label="Labour at">
              <select
                id={`${ids}-rate`}
                value={draft.rate}
                onChange={(event) => change({ ...draft, rate: event.target.value as LabourRate })}
                className={`${fieldClass()} min-h-11 bg-white`}
              >
                <option value="standard">{rateWords(rates, "standard")}</option>
                <option value="insurance">{rateWords(rates, "insurance")}</option>
              </select>
            </Field>
            <Input
              id={`${ids}-due`}
              label="Days to pay"
              hint="0 (due on receipt) to 90."
              inputMode="numeric"
              value={draft.dueDays}
              onChange={(event) => change({ ...draft, dueDays: event.target.value })}
              error={errors.dueDays}
            />
          </div>
          <QuoteOptionEditor
            option={draft.lines}
            index={0}
            several={false}
            book={book}
            figures={current ? shown.saved.figures : null}
            errors={errors}
            onChange={(lines) => change({ ...draft, lines })}
            onRemove={null}
            field=""
            optionalLines={false}
          />
          <div className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <TextArea
              id={`${ids}-message`}
              label="A note to the customer"
              rows={3}
              value={draft.message}
              onChange={(event) => change({ ...draft, message: event.target.value })}
              error={errors.message}
            />
          </div>
        </div>
      ) : (
        <IssuedInvoice invoice={invoice} />
      )}
      <SaveBar hidden={!editable} state={state} editor={editor} total={current ? (shown.saved.figures.totals?.total ?? null) : null} />
      {editable && (
        <>
          <SendDialog
            bookingId={invoice.bookingId}
            title="Send the invoice?"
            description={`It takes its number now. ${invoice.name} gets a link to their own page, where they read it, print it and pay it. An issued invoice is no longer changed.`}
            ready={sendable}
            send={async (form) => {
              replaced(await adminApi.sendInvoice(invoice.id, form));
              setEmailing(form.email);
            }}
            onUnfinished={refused}
          />
          <button type="button" className={`mt-4 block ${PLAIN_BUTTON}`} onClick={() => setDeleting(true)}>
            Delete the draft
          </button>
        </>
      )}
      <ModalDialog
        open={deleting}
        title="Delete the draft invoice?"
        description="The draft and its lines are deleted. The request stays as it is."
        onCancel={() => setDeleting(false)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setDeleting(false)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => void remove()}>
            Delete
          </button>
        </DialogActions>
      </ModalDialog>
      <ModalDialog
        open={voiding}
        title={`Void invoice ${invoice.number ?? ""}?`}
        description="It keeps its number and stays on the customer's page, marked void: nothing is owed on it. The customer is e-mailed that it is void, with your reason."
        onCancel={() => setVoiding(false)}
      >
        <div className="mt-3">
          <Input
            id={`${ids}-reason`}
            label="Why"
            maxLength={200}
            value={reason}
            error={voidError ?? undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setVoiding(false)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => void voidIt()}>
            Void
          </button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
