// A request's quotes on its page: each one's number, where it stands and its total, opening its
// own page; "Write a quote" starts a draft with the price book's figures of today.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { amount } from "../../../lib/money";
import { adminApi } from "../frame/api";
import { QUOTE_STATES } from "../frame/billingWords";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage, PLAIN_BUTTON } from "../frame/form";
import { useShopClock } from "../frame/format";
import { keys } from "../frame/queries";

export function RequestQuotes({ bookingId }: { bookingId: number }) {
  const { dateTime } = useShopClock();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.requestQuotes(bookingId), queryFn: () => adminApi.requestQuotes(bookingId) });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      const quote = await adminApi.startQuote(bookingId);
      await client.invalidateQueries({ queryKey: keys.requestQuotes(bookingId) });
      void navigate(`/dbadmin/quotes/${quote.id}`);
    } catch (failure) {
      setProblem(failureMessage(failure));
      setBusy(false);
    }
  }

  const quotes = query.data?.quotes ?? [];
  return (
    <section aria-label="Quotes" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Quotes</h2>
        <button type="button" className={`inline-flex items-center gap-1.5 ${PLAIN_BUTTON}`} disabled={busy} onClick={() => void start()}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          Write a quote
        </button>
      </div>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      {query.isError && <ErrorNotice className="mt-2">The quotes could not be loaded. Please reload the page.</ErrorNotice>}
      {query.isSuccess && quotes.length === 0 && <p className="mt-2 text-sm text-slate-600">No quote yet.</p>}
      <p className="mt-1 text-sm text-slate-700">
        Quotes take their rates, taxes, parts and common jobs from{" "}
        <Link to="/dbadmin/prices" className="font-medium text-orange-800 underline">
          the price book
        </Link>
        .
      </p>
      <ul className="mt-2 divide-y divide-slate-200">
        {quotes.map((quote) => (
          <li key={quote.id} className="py-2 text-sm">
            <Link to={`/dbadmin/quotes/${quote.id}`} className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline">
              Quote {quote.number}
            </Link>
            <p className="text-slate-700">
              {QUOTE_STATES[quote.state]}
              {quote.total !== null && ` · ${amount(quote.total)}`}
              {quote.options > 1 && ` (first of ${quote.options} options)`} · changed <time dateTime={quote.updatedAt}>{dateTime(quote.updatedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
