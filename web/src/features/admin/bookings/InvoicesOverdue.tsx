// Today's invoices past their day with something left to pay, the longest overdue first, and
// what they are owed together: who, which invoice, the balance and the day it was due; each opens
// its invoice.
import { Link } from "react-router";
import { amount } from "../../../lib/money";
import type { Today } from "../frame/api";
import { useShopClock } from "../frame/format";

export function InvoicesOverdue({ invoices }: { invoices: Today["invoicesOverdue"] }) {
  const { dateTime } = useShopClock();
  return (
    <>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">
          Invoices overdue ({invoices.total}){invoices.total > 0 && `: ${amount(invoices.owed)} owed`}
        </h3>
        <Link to="/dbadmin/invoices" className="text-sm font-semibold text-orange-800 underline">
          All invoices
        </Link>
      </div>
      {invoices.shown.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">None: every issued invoice is paid or not due yet.</p>
      ) : (
        <ul>
          {invoices.shown.map((invoice) => (
            <li key={invoice.id} className="border-b border-slate-200 last:border-b-0">
              <Link to={`/dbadmin/invoices/${invoice.id}`} className="block min-h-12 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50">
                <span className="font-semibold text-slate-900">{invoice.name}</span> <span className="text-slate-700">{invoice.number}</span>
                <span className="block font-medium text-orange-800">{amount(invoice.balance)} due</span>
                <span className="block text-xs text-slate-600">Was due {dateTime(invoice.dueAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
