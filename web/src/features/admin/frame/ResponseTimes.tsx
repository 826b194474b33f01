// How fast requests were answered against what the site promises: emergencies around the clock,
// the rest in the shop's opening hours (Today shows the last 7 days, Insights its period). The
// server says the figures in words: customers waiting past the promise first, in the warning
// colour; then the answered requests ('promise kept' is said of them only); then those still
// waiting, with the time left.
import { TriangleAlert } from "lucide-react";
import type { ResponseFigures, ResponseTimes } from "./api";

const TONES: Record<ResponseFigures["said"][number]["tone"], string> = {
  warning: "font-bold text-red-800",
  kept: "font-semibold text-green-800",
  late: "font-semibold text-red-800",
  plain: "text-slate-900",
};

function Figures({ title, clock, figures }: { title: string; clock: string; figures: ResponseFigures }) {
  return (
    <div className={`rounded-lg p-3 ring-1 ${figures.waiting.late > 0 ? "bg-red-50 ring-red-300" : "bg-slate-50 ring-slate-200"}`}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="text-xs text-slate-600">
        {clock} · promised: {figures.promise}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {figures.said.map((line) => (
          <li key={line.text} className={`flex items-start gap-1.5 ${TONES[line.tone]}`}>
            {line.tone === "warning" && <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />}
            {line.text}
          </li>
        ))}
      </ul>
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
