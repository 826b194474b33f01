import type { Insights } from "../frame/api";
import { change, conversionChange, count, counted, dayRange, percent, type Change } from "./figures";

const TREND_COLOR: Record<Change["trend"], string> = {
  up: "text-green-800",
  new: "text-green-800",
  down: "text-red-700",
  same: "text-slate-600",
};

/** Whether a conversion shown passes 100%: one visitor (counted once a day) sent several requests. */
function conversionOverAll(insights: Insights): boolean {
  const rows = [insights.totals, ...insights.sources, ...insights.campaigns, ...insights.landingPages];
  return rows.some((row) => row.conversion > 1);
}

/** The period's four figures, each against the period before. */
export function SummaryCards({ insights }: { insights: Insights }) {
  const { totals, previous, days } = insights;
  const cards = [
    { label: "Visitors", value: count(totals.visitors), change: change(totals.visitors, previous.visitors, days) },
    { label: "Page views", value: count(totals.pageViews), change: change(totals.pageViews, previous.pageViews, days) },
    { label: "Bookings", value: count(totals.bookings), change: change(totals.bookings, previous.bookings, days) },
    { label: "Conversion", value: percent(totals.conversion), change: conversionChange(totals, previous, days) },
  ];
  return (
    <>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{card.value}</dd>
            <dd className={`mt-1 text-sm font-medium ${TREND_COLOR[card.change.trend]}`}>{card.change.text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        {dayRange(insights.from, insights.to)}, compared with {dayRange(insights.previousFrom, insights.previousTo)}. Conversion is bookings per visitor.{" "}
        {conversionOverAll(insights) &&
          "It passes 100% where visitors sent more than one request each (a visitor is counted once a day, however many requests they send). "}
        {counted(totals.bots, "bot request", "bot requests")} left out.
      </p>
    </>
  );
}
