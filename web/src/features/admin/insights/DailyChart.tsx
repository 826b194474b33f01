// Visitors and page views per day as two lines, drawn in SVG at the width it is given.
import { scaleLinear } from "d3-scale";
import type { DailyVisits } from "../frame/api";
import { count, dailySummary, dayLabel, labelledDays } from "./figures";
import { useWidth } from "./useWidth";

const HEIGHT = 240;
const MARGIN = { top: 12, right: 24, bottom: 28, left: 44 };
/** The room one day's label needs on the axis. */
const LABEL_WIDTH = 64;
/** Each day gets a dot while days are this far apart; closer, the dots would merge into the line. */
const DOT_SPACING = 12;

const SERIES = [
  { key: "visitors", label: "Visitors", line: "stroke-orange-700", dot: "fill-orange-700", dash: undefined },
  { key: "pageViews", label: "Page views", line: "stroke-slate-700", dot: "fill-slate-700", dash: "6 4" },
] as const;

/** The two series' names, drawn as the lines look. */
function Legend() {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
      {SERIES.map((series) => (
        <li key={series.key} className="flex items-center gap-2">
          <svg aria-hidden="true" width="24" height="8">
            <line x1="0" x2="24" y1="4" y2="4" strokeWidth="2" strokeDasharray={series.dash} className={series.line} />
          </svg>
          {series.label}
        </li>
      ))}
    </ul>
  );
}

export function DailyChart({ daily }: { daily: DailyVisits[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleLinear([0, Math.max(1, daily.length - 1)], [0, innerWidth]);
  const highest = Math.max(1, ...daily.map((day) => Math.max(day.visitors, day.pageViews)));
  const y = scaleLinear([0, highest], [innerHeight, 0]).nice(4);
  // Counts are whole: no "0.5 visitors" on the axis of a quiet week.
  const ticks = y.ticks(4).filter(Number.isInteger);
  const labelled = new Set(labelledDays(daily.length, Math.floor(innerWidth / LABEL_WIDTH)));
  const points = (key: (typeof SERIES)[number]["key"]) => daily.map((day, index) => `${index ? "L" : "M"}${x(index)},${y(day[key])}`).join("");

  return (
    <>
      <Legend />
      <div ref={ref} className="mt-2 h-60">
        {width > 0 && (
          <svg role="img" aria-label={dailySummary(daily)} width={width} height={HEIGHT} className="text-xs">
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {ticks.map((tick) => (
                <g key={tick} transform={`translate(0,${y(tick)})`}>
                  <line x2={innerWidth} className="stroke-slate-200" />
                  <text x={-8} dy="0.32em" textAnchor="end" className="fill-slate-600">
                    {count(tick)}
                  </text>
                </g>
              ))}
              {daily.map(
                (day, index) =>
                  labelled.has(index) && (
                    <text key={day.day} x={x(index)} y={innerHeight + 20} textAnchor="middle" className="fill-slate-600">
                      {dayLabel(day.day)}
                    </text>
                  ),
              )}
              {SERIES.map((series) => (
                <g key={series.key}>
                  <path d={points(series.key)} fill="none" strokeWidth={2} strokeDasharray={series.dash} strokeLinejoin="round" className={series.line} />
                  {innerWidth / daily.length >= DOT_SPACING &&
                    daily.map((day, index) => <circle key={day.day} cx={x(index)} cy={y(day[series.key])} r={3} className={series.dot} />)}
                </g>
              ))}
            </g>
          </svg>
        )}
      </div>
    </>
  );
}
