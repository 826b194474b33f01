// A quote as a list shows it (the quotes list, Today's quotes waiting): the customer, its number,
// total and options, where it stands in the team's words, and until when it can be answered;
// the whole line opens the quote.
import { Link } from "react-router";
import { amount } from "../../../lib/money";
import type { ListedQuote, QuoteState } from "./api";
import { QUOTE_STATES } from "./billingWords";
import { useShopClock } from "./format";

/** Where a sent quote stands, in more words than its state's. */
const WHERE: Partial<Record<QuoteState, string>> = {
  sent: "Sent, not opened yet",
  viewed: "Opened, not answered yet",
  "changes-asked": "Changes asked: your turn",
};

export function QuoteLine({ quote }: { quote: ListedQuote }) {
  const { shortDate } = useShopClock();
  const waiting = quote.state === "sent" || quote.state === "viewed" || quote.state === "changes-asked";
  return (
    <Link to={`/dbadmin/quotes/${quote.id}`} className="block min-h-12 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50">
      <span className="font-semibold text-slate-900">{quote.name}</span>{" "}
      <span className="text-slate-700">
        {quote.number}
        {quote.total !== null && ` · ${amount(quote.total)}`}
        {quote.options > 1 && ` · ${quote.options} options`}
      </span>
      <span className={`block ${quote.state === "changes-asked" ? "font-medium text-orange-800" : "text-slate-800"}`}>
        {WHERE[quote.state] ?? QUOTE_STATES[quote.state]}
      </span>
      <span className="block text-xs text-slate-600">
        {waiting && quote.expiresAt ? `Good until ${shortDate(quote.expiresAt)}` : `Last changed ${shortDate(quote.updatedAt)}`}
      </span>
    </Link>
  );
}
