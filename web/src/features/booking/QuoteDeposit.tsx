// The deposit of a quote the customer approved, on their own page: what is asked, each payment
// received, and how to pay what is left: a button to the shop's Stripe payment page when the shop
// takes payments online, else where and how to pay.
import { CheckCircle2 } from "lucide-react";
import type { manageCalls } from "../../lib/api";
import type { CustomerQuote } from "../../lib/api-schema";
import { amount } from "../../lib/money";
import { PAID_HOW } from "../../lib/payments";
import { PayOnline } from "./PayOnline";

export function QuoteDeposit({
  quote,
  calls,
  phone,
  invoice,
}: {
  quote: CustomerQuote;
  calls: ReturnType<typeof manageCalls>;
  phone: string | null;
  /** The number of the issued invoice the deposit now counts toward, if there is one. */
  invoice: string | null;
}) {
  const standing = quote.depositStanding;
  if (quote.state !== "approved" || (standing.asked === 0 && quote.payments.length === 0)) return null;

  return (
    <section aria-label="Deposit" className="mt-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">Deposit</h3>
      {quote.payments.length > 0 && (
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          {quote.payments.map((payment, n) => (
            <li key={n} className="flex items-start gap-2">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
              <span>
                {amount(payment.amount)} paid {PAID_HOW[payment.method]} on {payment.on}
                {payment.refunded > 0 && ` (${amount(payment.refunded)} refunded)`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {invoice !== null && standing.due > 0 ? (
        <p className="mt-1 text-sm text-slate-800">What was paid of the deposit counts toward invoice {invoice}: pay the invoice's balance below.</p>
      ) : standing.due === 0 ? (
        <p className="mt-1 text-sm text-slate-800">The deposit of {amount(standing.asked)} is paid. Thank you!</p>
      ) : quote.payOnline ? (
        <>
          <p className="mt-1 text-sm text-slate-800">
            {amount(standing.due)} of the {amount(standing.asked)} deposit is left to pay. You pay on Stripe's secure page and come back here.
          </p>
          <PayOnline
            label={standing.paid > 0 ? `Pay the ${amount(standing.due)} left` : `Pay the ${amount(standing.due)} deposit`}
            open={() => calls.payDeposit(quote.id)}
          />
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-800">
          {amount(standing.due)} of the {amount(standing.asked)} deposit is left to pay. Pay it at the shop by cash, check or card
          {phone ? `, or call us at ${phone} to pay by card` : ""}.
        </p>
      )}
    </section>
  );
}
