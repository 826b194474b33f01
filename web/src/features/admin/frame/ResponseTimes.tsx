// How fast requests were answered against what the site promises: emergencies around the clock,
// the rest in the shop's opening hours (Today shows the last 7 days, Insights its period). The
// server says the figures in words: customers waiting past the promise first, in the warning
// colour; then the answered requests ('promise kept' is said of them only); then those still
// waiting, with the time left. Under them, who answered first, and how fast.
import { TriangleAlert } from "lucide-react";
import type { ResponseFigures, ResponseTimes } from "./api";
import { minutesText } from "./format";

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

/** A member's answers of one kind in a cell: "3, half within 12 min (1 late)". */
function answers({ count, medianMinutes, late }: ResponseTimes["people"][number]["emergencies"]): string {
  if (count === 0) return "None";
  const median = medianMinutes === null ? "" : `, half within ${minutesText(medianMinutes)}`;
  return `${count}${median}${late > 0 ? ` (${late} late)` : ""}`;
}

function People({ people }: { people: ResponseTimes["people"] }) {
  if (people.length === 0) return null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold text-slate-900">Who answered first</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-1 pr-3 font-medium">
              Person
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Emergencies
            </th>
            <th scope="col" className="py-1 font-medium">
              Other requests
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.name} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="py-1 pr-3 font-medium break-words text-slate-900">
                {person.name}
              </th>
              <td className="py-1 pr-3 text-slate-800">{answers(person.emergencies)}</td>
              <td className="py-1 text-slate-800">{answers(person.others)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ResponseTimesView({ times }: { times: ResponseTimes }) {
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Figures title="Emergencies" clock="Around the clock" figures={times.emergencies} />
        <Figures title="Other requests" clock="In the shop's opening hours" figures={times.others} />
      </div>
      <People people={times.people} />
    </div>
  );
}
