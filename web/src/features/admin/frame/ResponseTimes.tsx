// How fast requests were answered against what the site promises: emergencies around the clock,
// the rest in the shop's opening hours (Today shows the last 7 days, Insights its period). A
// request still waiting counts with the time it has waited so far.
import type { ResponseFigures, ResponseTimes } from "./api";
import { minutesText } from "./format";

function Figures({ title, clock, figures }: { title: string; clock: string; figures: ResponseFigures }) {
  const kept = figures.promiseMinutes !== null && figures.p90Minutes !== null && figures.p90Minutes <= figures.promiseMinutes;
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="text-xs text-slate-600">{clock}</p>
      {figures.requests === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No requests.</p>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-700">Half within</dt>
          <dd className="font-semibold text-slate-900">{figures.medianMinutes === null ? "–" : minutesText(figures.medianMinutes)}</dd>
          <dt className="text-slate-700">9 in 10 within</dt>
          <dd className={`font-semibold ${kept ? "text-green-800" : "text-red-800"}`}>
            {figures.p90Minutes === null ? "–" : minutesText(figures.p90Minutes)}
            {figures.promiseMinutes !== null && figures.p90Minutes !== null && (kept ? " (promise kept)" : " (promise not kept)")}
          </dd>
          <dt className="text-slate-700">Promised</dt>
          <dd className="text-slate-900">{figures.promise}</dd>
          <dt className="text-slate-700">Requests</dt>
          <dd className="text-slate-900">
            {figures.requests}
            {figures.late > 0 && `, ${figures.late} past the promise`}
            {figures.waiting > 0 && `, ${figures.waiting} still waiting`}
          </dd>
        </dl>
      )}
    </div>
  );
}

export function ResponseTimesView({ times }: { times: ResponseTimes }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Figures title="Emergencies" clock="Around the clock" figures={times.emergencies} />
      <Figures title="Other requests" clock="In the shop's opening hours" figures={times.others} />
    </div>
  );
}
