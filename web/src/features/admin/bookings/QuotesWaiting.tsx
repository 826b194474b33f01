// Today's sent quotes still open: the ones the customer asked to change first (the shop's turn),
// then the ones waiting for the customer, the soonest to expire first; each opens its quote.
import { Link } from "react-router";
import { amount } from "../../../lib/money";
import type { QuoteState, Today } from "../frame/api";
import { QUOTE_STATES } from "../frame/billingWords";
import { useShopClock } from "../frame/format";

type Waiting = Today["quotesWaiting"];

const WHERE: Partial<Record<QuoteState, string>> = {
  sent: "Sent, not opened yet",
  viewed: "Opened, not answered yet",
  "changes-asked": "Changes asked: your turn",
};

export function QuotesWaiting({ quotes }: { quotes: Waiting }) {
  const { shortDate } = useShopClock();
  return (
    <>
      <h3 className="mt-3 text-sm font-semibold text-slate-800">Quotes waiting ({quotes.total})</h3>
      {quotes.shown.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">None.</p>
      ) : (
        <ul>
          {quotes.shown.map((quote) => (
            <li key={quote.id} className="border-b border-slate-200 py-2 last:border-b-0">
              <Link to={`/dbadmin/quotes/${quote.id}`} className="block min-h-12 text-sm">
                <span className="font-semibold text-slate-900">{quote.name}</span>{" "}
                <span className="text-slate-700">
                  {quote.number}
                  {quote.total !== null && ` · ${amount(quote.total)}`}
                  {quote.options > 1 && ` · ${quote.options} options`}
                </span>
                <span className={`block ${quote.state === "changes-asked" ? "font-medium text-orange-800" : "text-slate-800"}`}>
                  {WHERE[quote.state] ?? QUOTE_STATES[quote.state]}
                </span>
                <span className="block text-xs text-slate-600">Good until {shortDate(quote.expiresAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
