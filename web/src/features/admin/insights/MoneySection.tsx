// The period's money on Insights: how many quotes sent were approved, the invoices issued and
// their average ticket, the days an invoice takes to be paid, and the money received (less
// refunds) by month and by the service the customer asked for.
import { amount } from "../../../lib/money";
import type { Insights } from "../frame/api";
import { Section } from "../frame/form";
import { FigureTable, type Column } from "./FigureTable";
import { percent } from "./figures";

type Revenue = Insights["money"]["byMonth"][number];

/** "2026-11" as the shop's month: "November 2026". */
function monthName(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 15)).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

const MONTHS: Column<Revenue>[] = [
  { label: "Month", cell: (row) => monthName(row.name) },
  { label: "Received", numeric: true, cell: (row) => amount(row.received) },
];
const SERVICES: Column<Revenue>[] = [
  { label: "Service", cell: (row) => row.name },
  { label: "Received", numeric: true, cell: (row) => amount(row.received) },
];

export function MoneySection({ money }: { money: Insights["money"] }) {
  const figures: [string, string][] = [
    [
      "Quotes approved",
      money.quotesSent === 0 ? "No quote sent" : `${money.quotesApproved} of ${money.quotesSent} (${percent(money.quotesApproved / money.quotesSent)})`,
    ],
    ["Invoices issued", String(money.invoicesIssued)],
    ["Average ticket", money.averageTicket === null ? "None yet" : amount(money.averageTicket)],
    ["Days from invoice to paid", money.daysToPaid === null ? "None paid yet" : `${money.daysToPaid.toFixed(1)} days`],
  ];
  return (
    <Section title="Money">
      <p className="mt-1 text-sm text-slate-600">Quotes sent and invoices issued in these days; money received in them, less what was refunded.</p>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {money.byMonth.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No money was received in these days.</p>
      ) : (
        <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-2">
          <FigureTable caption="Money received by month" columns={MONTHS} rows={money.byMonth} rowKey={(row) => row.name} />
          <FigureTable caption="Money received by the service asked for" columns={SERVICES} rows={money.byService} rowKey={(row) => row.name} />
        </div>
      )}
    </Section>
  );
}
