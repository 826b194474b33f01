// Today's deposits paid in the last 7 days, the newest first: who paid, for which quote, how much
// and how, and what is still to pay of a deposit paid in part; each opens its quote.
import { Link } from "react-router";
import { amount } from "../../../lib/money";
import { PAID_HOW } from "../../../lib/payments";
import type { Today } from "../frame/api";
import { useShopClock } from "../frame/format";

export function DepositsPaid({ deposits }: { deposits: Today["depositsPaid"] }) {
  const { dateTime } = useShopClock();
  return (
    <>
      <h3 className="mt-3 text-sm font-semibold text-slate-800">Deposits paid ({deposits.total})</h3>
      {deposits.shown.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">None in the last 7 days.</p>
      ) : (
        <ul>
          {deposits.shown.map((deposit) => (
            <li key={deposit.payment.id} className="border-b border-slate-200 last:border-b-0">
              <Link to={`/dbadmin/quotes/${deposit.quoteId}`} className="block min-h-12 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50">
                <span className="font-semibold text-slate-900">{deposit.name}</span> <span className="text-slate-700">{deposit.number}</span>
                <span className="block text-slate-800">
                  {amount(deposit.payment.amount)} paid {PAID_HOW[deposit.payment.method]}
                  {deposit.payment.refunded > 0 && ` (${amount(deposit.payment.refunded)} refunded)`}
                </span>
                {deposit.left > 0 && <span className="block font-medium text-orange-800">{amount(deposit.left)} of the deposit still to pay</span>}
                <span className="block text-xs text-slate-600">{dateTime(deposit.payment.paidAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
