// An invoice on the customer's own page, as it prints on Letter paper: the shop's details and
// theirs, the trailer, every line, the figures the server added up, the deposit and payments
// counted, the balance and its day, and how to pay it (the shop's Stripe page, or at the shop).
import { CheckCircle2, Printer, Receipt } from "lucide-react";
import { useId, useRef } from "react";
import type { manageCalls } from "../../lib/api";
import type { CustomerInvoice, RequestView } from "../../lib/api-schema";
import { amount } from "../../lib/money";
import { PAID_HOW } from "../../lib/payments";
import { PayOnline } from "./PayOnline";
import { Figure, LineEach, LinesTable } from "./QuoteCard";

export function InvoiceCard({ invoice, request, calls }: { invoice: CustomerInvoice; request: RequestView; calls: ReturnType<typeof manageCalls> }) {
  const ids = useId();
  const standing = invoice.standing;
  const void_ = invoice.state === "void";

  const card = useRef<HTMLElement>(null);

  /** Prints this invoice alone: a copy of it is put at the top of the page, and styles.css leaves
   * out everything else on paper while the body is `data-printing`; the print dialog holds the
   * page until it closes. */
  function print() {
    if (!card.current) return;
    const copy = document.createElement("div");
    copy.dataset.printCopy = "";
    copy.append(card.current.cloneNode(true));
    document.body.append(copy);
    document.body.dataset.printing = "";
    window.print();
    delete document.body.dataset.printing;
    copy.remove();
  }

  return (
    <article
      ref={card}
      id={`invoice-${invoice.id}`}
      aria-labelledby={`${ids}-title`}
      className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Receipt aria-hidden="true" className="h-5 w-5 text-orange-700" />
          Invoice {invoice.number}
          {void_ && <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-800">Void</span>}
        </h2>
        <button
          type="button"
          onClick={print}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-orange-800 underline print:hidden"
        >
          <Printer aria-hidden="true" className="h-4 w-4" />
          Print or save as PDF
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Issued {invoice.issued}
        {!void_ && standing.balance > 0 && ` · due by ${invoice.due}`}
        {invoice.overdue && <span className="font-semibold text-red-800"> · past due</span>}
      </p>

      <div className="mt-4 grid gap-4 text-sm text-slate-800 sm:grid-cols-3 print:grid-cols-3">
        <div>
          <h3 className="font-semibold text-slate-900">From</h3>
          {invoice.from.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Billed to</h3>
          <p>{request.name}</p>
          <p>{request.contact.email}</p>
          <p>{request.contact.phone}</p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">For</h3>
          <p>Request #{request.number}</p>
          {invoice.trailer && <p>{invoice.trailer}</p>}
        </div>
      </div>
      {invoice.message && <p className="mt-4 whitespace-pre-line text-slate-800">{invoice.message}</p>}

      <LinesTable caption="The invoice's lines">
        {invoice.lines.map((line, m) => (
          <tr key={m} className="break-inside-avoid">
            <td className="py-2 pr-2 text-slate-800">
              {line.description}
              <LineEach line={line} price={line.price} />
            </td>
            <td className="py-2 pl-2 text-right align-top text-slate-900 tabular-nums">{amount(line.amount)}</td>
          </tr>
        ))}
      </LinesTable>

      <dl className="mt-3 space-y-1 border-t border-slate-300 pt-3 text-sm">
        {invoice.totals && invoice.totals.supplies > 0 && <Figure label="Shop supplies" value={invoice.totals.supplies} />}
        {invoice.totals && <Figure label="Subtotal" value={invoice.totals.subtotal} />}
        {invoice.totals && <Figure label="Sales tax" value={invoice.totals.tax} />}
        <Figure label="Total" value={standing.total} strong />
        {standing.depositPaid > 0 && <Figure label="Deposit paid" value={-standing.depositPaid} />}
        {standing.paid > 0 && <Figure label={standing.depositPaid > 0 ? "Paid since" : "Paid"} value={-standing.paid} />}
        {!void_ && <Figure label="Balance due" value={standing.balance} strong />}
      </dl>

      {invoice.payments.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-slate-800">
          {invoice.payments.map((payment, n) => (
            <li key={n} className="flex items-start gap-2">
              <CheckCircle2
                aria-hidden="true"
                className={`mt-0.5 h-4 w-4 shrink-0 ${payment.refunded >= payment.amount ? "text-slate-400" : "text-green-700"}`}
              />
              <span>
                {amount(payment.amount)} paid {PAID_HOW[payment.method]} on {payment.on}
                {payment.refunded > 0 && ` (${amount(payment.refunded)} refunded)`}
              </span>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200">
        {void_ ? (
          <p>This invoice was voided{invoice.voidReason ? `: ${invoice.voidReason}` : ""}. Nothing is owed on it.</p>
        ) : standing.balance === 0 ? (
          <p>Paid in full. Thank you!</p>
        ) : invoice.payOnline ? (
          <>
            <p className="print:hidden">You pay on Stripe's secure page and come back here; a receipt comes by e-mail.</p>
            <p className="hidden print:block">
              Pay online from your request's page (the link in our e-mail), at the shop by cash, check or card
              {request.phone ? `, or call us at ${request.phone}` : ""}.
            </p>
            <PayOnline label={`Pay the ${amount(standing.balance)} balance`} open={() => calls.payInvoice(invoice.id)} />
          </>
        ) : (
          <p>
            Pay the {amount(standing.balance)} balance at the shop by cash, check or card
            {request.phone ? `, or call us at ${request.phone} to pay by card` : ""}.
          </p>
        )}
      </div>
    </article>
  );
}
