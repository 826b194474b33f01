// Today's sent quotes still open: the ones the customer asked to change first (the shop's turn),
// then the ones waiting for the customer, the soonest to expire first; each opens its quote, and
// the heading's link opens the list of every quote.
import { Link } from "react-router";
import type { Today } from "../frame/api";
import { QuoteLine } from "../frame/QuoteLine";

export function QuotesWaiting({ quotes }: { quotes: Today["quotesWaiting"] }) {
  return (
    <>
      <div className="mt-3 flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Quotes waiting ({quotes.total})</h3>
        <Link to="/dbadmin/quotes" className="text-sm font-semibold text-orange-800 underline">
          All quotes
        </Link>
      </div>
      {quotes.shown.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">None.</p>
      ) : (
        <ul>
          {quotes.shown.map((quote) => (
            <li key={quote.id} className="border-b border-slate-200 last:border-b-0">
              <QuoteLine quote={quote} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
