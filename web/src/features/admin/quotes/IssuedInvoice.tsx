// An issued (or void) invoice as the team reads it: its labour rate, days to pay, lines with their
// amounts, the figures the server added up and the note, as text. It is no longer changed, so it
// is not shown as a form.
import { Figure, LineEach, LinesTable } from "../../booking/QuoteCard";
import { amount } from "../../../lib/money";
import type { Invoice } from "../frame/api";
import { hourly, rateWords } from "./labourRate";

export function IssuedInvoice({ invoice }: { invoice: Invoice }) {
  const rate = hourly(invoice.rates, invoice.rate);
  const totals = invoice.figures.totals;
  return (
    <section aria-label="The invoice" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">
        Labour: {rateWords(invoice.rates, invoice.rate)} · {invoice.dueDays === 0 ? "due on receipt" : `${invoice.dueDays} days to pay`}
      </p>
      <LinesTable caption="The invoice's lines">
        {invoice.lines.map((line, n) => {
          return (
            <tr key={n}>
              <td className="py-2 pr-2 text-slate-800">
                {line.description}
                <LineEach line={line} price={line.price ?? rate} />
              </td>
              <td className="py-2 pl-2 text-right align-top text-slate-900 tabular-nums">{amount(invoice.figures.lines[n] ?? 0)}</td>
            </tr>
          );
        })}
      </LinesTable>
      {totals && (
        <dl className="mt-3 space-y-1 border-t border-slate-300 pt-3 text-sm">
          {totals.supplies > 0 && <Figure label="Shop supplies" value={totals.supplies} />}
          <Figure label="Subtotal" value={totals.subtotal} />
          <Figure label="Sales tax" value={totals.tax} />
          <Figure label="Total" value={totals.total} strong />
        </dl>
      )}
      {invoice.message && (
        <>
          <h2 className="mt-4 text-sm font-semibold text-slate-900">The note to the customer</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{invoice.message}</p>
        </>
      )}
    </section>
  );
}
