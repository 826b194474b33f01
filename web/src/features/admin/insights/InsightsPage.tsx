// Insights: the visits counted without cookies over the last 7, 30 or 90 days, against the
// period before, and the owner's weekly e-mail of them. The period is in the address, so a
// reload or a shared link shows the same. Loaded on its own (with d3-scale for the charts).
import { ChartLine, Info } from "lucide-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { adminApi } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { PERIODS, periodOf, type Period } from "./figures";
import { InsightsFigures } from "./InsightsFigures";
import { MoneySection } from "./MoneySection";
import { SummaryCards } from "./SummaryCards";
import { Section } from "../frame/form";
import { ResponseTimesView } from "../frame/ResponseTimes";
import { WeeklyReportSection } from "./WeeklyReportSection";

function PeriodSwitch({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg ring-1 ring-slate-300">
      {PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={days === period}
          onClick={() => onChange(days)}
          className={`px-3 py-2 text-sm font-semibold whitespace-nowrap first:rounded-l-lg last:rounded-r-lg ${days === period ? "bg-slate-900 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
        >
          Last {days} days
        </button>
      ))}
    </div>
  );
}

function CountingOffNotice() {
  return (
    <div className="mt-4 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p className="text-sm">
        Visits are not being counted: the server runs with counting off (<code className="whitespace-nowrap">--insights off</code>). Figures counted before stay
        here; ask whoever runs the website to turn counting on again.
      </p>
    </div>
  );
}

function NoVisits({ days, counting }: { days: number; counting: boolean }) {
  return (
    <div className="mt-6 rounded-xl bg-white px-5 py-16 text-center shadow-sm ring-1 ring-slate-200">
      <ChartLine aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">No visits yet</h2>
      <p className="mt-1 text-slate-600">
        No visits counted in the last {days} days yet.{counting && " Figures appear within a minute of the first visit."}
      </p>
    </div>
  );
}

export function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get("days"));
  const client = useQueryClient();
  // Another period keeps the figures on screen, dimmed, until its own arrive.
  const query = useQuery({ queryKey: keys.insights(period), queryFn: () => adminApi.insights(period), placeholderData: keepPreviousData });
  const insights = query.data ?? null;
  const loading = query.isPlaceholderData;

  return (
    <AdminShell title="Insights">
      <div className="flex flex-wrap items-end gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Insights</h1>
        <div className="ml-auto">
          <PeriodSwitch period={period} onChange={(days) => setParams(days === 30 ? {} : { days: String(days) })} />
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        Counted without cookies: a visitor is counted once a day; visits from browsers that ask not to be tracked and from bots are left out.{" "}
        <a href="/how-we-count-visits" className="font-semibold text-orange-800 underline">
          How we count visits
        </a>
      </p>
      {insights && !insights.counting && <CountingOffNotice />}
      <Loaded query={query} what="The figures" loading="Loading the figures">
        {(insights) => (
          <div aria-busy={loading} className={loading ? "opacity-60" : undefined}>
            <SummaryCards insights={insights} />
            <Section title="How fast requests were answered">
              <p className="mt-1 text-sm text-slate-700">
                From a request's arrival to its first answer: a status set, a Call, Text or E-mail from its page, a note or a confirmed time.
              </p>
              <div className="mt-3">
                <ResponseTimesView times={insights.response} />
              </div>
            </Section>
            <MoneySection money={insights.money} />
            {insights.totals.visitors === 0 && insights.totals.pageViews === 0 ? (
              <NoVisits days={insights.days} counting={insights.counting} />
            ) : (
              <InsightsFigures insights={insights} />
            )}
            <WeeklyReportSection
              report={insights.report}
              onSaved={(on) => client.setQueryData(keys.insights(period), { ...insights, report: { ...insights.report, on } })}
            />
          </div>
        )}
      </Loaded>
    </AdminShell>
  );
}
