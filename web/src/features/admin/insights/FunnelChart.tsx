// The booking assistant's steps as horizontal bars, each with its count and its difference to
// the step before, drawn in SVG at the width it is given.
import { scaleLinear } from "d3-scale";
import { clip, count, funnelSummary, type FunnelRow } from "./figures";
import { useWidth } from "./useWidth";

/** A step's label line, its bar and the space between steps. */
const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 20;
const ROW_HEIGHT = LABEL_HEIGHT + BAR_HEIGHT + 12;
/** Room right of the longest bar for "1,234 -1,000 (45.5%)". */
const FIGURES_WIDTH = 150;
/** About the width of a character of the labels (12 px text). */
const CHARACTER_WIDTH = 7;

export function FunnelChart({ rows }: { rows: FunnelRow[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = rows.length * ROW_HEIGHT;
  const length = scaleLinear([0, Math.max(1, ...rows.map((row) => row.visitors))], [0, Math.max(0, width - FIGURES_WIDTH)]);

  return (
    <div ref={ref} className="mt-4" style={{ height }}>
      {width > 0 && (
        <svg role="img" aria-label={funnelSummary(rows)} width={width} height={height} className="text-xs">
          {rows.map((row, index) => {
            const top = index * ROW_HEIGHT;
            const end = length(row.visitors);
            return (
              <g key={row.step} transform={`translate(0,${top})`}>
                <text y={LABEL_HEIGHT - 5} className="fill-slate-800 font-medium">
                  {clip(row.label, Math.floor(width / CHARACTER_WIDTH))}
                </text>
                <rect y={LABEL_HEIGHT} width={Math.max(end, 2)} height={BAR_HEIGHT} rx={3} className="fill-orange-700" />
                <text x={end + 8} y={LABEL_HEIGHT + BAR_HEIGHT / 2} dy="0.32em" className="fill-slate-900 font-semibold">
                  {count(row.visitors)}
                  {row.change && (
                    <tspan dx={8} className={`font-normal ${(row.difference ?? 0) < 0 ? "fill-red-700" : "fill-slate-600"}`}>
                      {row.change}
                    </tspan>
                  )}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
