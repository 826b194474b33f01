// The Insights page's figures in words: counts, percentages, the change against the previous
// period, the booking funnel's steps, and the days of the shop's calendar.
import type { DailyVisits, FunnelStep, InsightsTotals } from "../frame/api";

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

const NUMBER = new Intl.NumberFormat("en-US");
const PERCENT = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
/** Two significant digits keep small changes visible ("+0.4%") and large ones short ("+1,200%"). */
const CHANGE = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" });
const POINTS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, signDisplay: "exceptZero" });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The period the address asks for (`?days=7`), else the last 30 days. */
export function periodOf(days: string | null): Period {
  return PERIODS.find((period) => String(period) === days) ?? 30;
}

/** 1234 as "1,234". */
export function count(n: number): string {
  return NUMBER.format(n);
}

/** "1 visitor", "2 visitors". */
export function counted(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** A fraction as a percentage: 0.05 as "5%", 0.125 as "12.5%". */
export function percent(fraction: number): string {
  return PERCENT.format(fraction);
}

/** "Nov 24" for "2026-11-24", read from its parts: a plain date, which no time zone may move. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}`;
}

/** "Oct 26 - Nov 24". */
export function dayRange(from: string, to: string): string {
  return `${dayLabel(from)} - ${dayLabel(to)}`;
}

export interface Change {
  text: string;
  trend: "up" | "down" | "same" | "new";
}

/** A figure against the previous period's: "+20% vs previous 30 days", "about the same" (within
 * half a percent either way), "no change", or "new". */
export function change(current: number, previous: number, days: number): Change {
  if (current === previous) return { text: "no change", trend: "same" };
  if (previous === 0) return { text: "new", trend: "new" };
  const ratio = (current - previous) / previous;
  if (Math.abs(ratio) < 0.005) return { text: "about the same", trend: "same" };
  return { text: `${CHANGE.format(ratio)} vs previous ${days} days`, trend: ratio > 0 ? "up" : "down" };
}

/** Conversion against the previous period's, in percentage points ("+1 point vs previous 30
 * days"): a rate that went from 4% to 5% rose by 1 point, which "+25%" would hide. */
export function conversionChange(current: InsightsTotals, previous: InsightsTotals, days: number): Change {
  if (previous.visitors === 0) return current.visitors === 0 ? { text: "no change", trend: "same" } : { text: "new", trend: "new" };
  const points = Math.round((current.conversion - previous.conversion) * 1000) / 10;
  if (points === 0) return { text: "no change", trend: "same" };
  return { text: `${POINTS.format(points)} ${Math.abs(points) === 1 ? "point" : "points"} vs previous ${days} days`, trend: points > 0 ? "up" : "down" };
}

export interface FunnelRow extends FunnelStep {
  /** Against the step before: "-10 (25%)", "+8 (67%)", "no change"; null for the first step. */
  change: string | null;
  /** Visitors against the step before (null for the first); more when the step before is one
   * only some visitors meet. */
  difference: number | null;
}

/** The funnel's steps, each with its difference to the step before. */
export function funnelRows(steps: FunnelStep[]): FunnelRow[] {
  return steps.map((step, index) => {
    const before = steps[index - 1];
    if (!before) return { ...step, change: null, difference: null };
    const difference = step.visitors - before.visitors;
    if (difference === 0) return { ...step, change: "no change", difference };
    const sign = difference > 0 ? "+" : "-";
    const share = before.visitors > 0 ? ` (${percent(Math.abs(difference) / before.visitors)})` : "";
    return { ...step, change: `${sign}${count(Math.abs(difference))}${share}`, difference };
  });
}

/** What the funnel chart shows, in a sentence. */
export function funnelSummary(steps: FunnelStep[]): string {
  const first = steps[0];
  const last = steps.at(-1);
  if (!first || !last || first.visitors === 0) return "Nobody opened the booking dialog in these days.";
  return (
    `Bar chart of the booking steps, from ${first.label} (${count(first.visitors)}) to ${last.label} (${count(last.visitors)}): ` +
    `${percent(last.visitors / first.visitors)} of those who opened it got that far.`
  );
}

/** What the daily chart shows, in a sentence. */
export function dailySummary(daily: DailyVisits[]): string {
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return "Visitors and page views per day: no days.";
  const peak = (value: (day: DailyVisits) => number) => daily.reduce((best, day) => (value(day) > value(best) ? day : best));
  const visitors = peak((day) => day.visitors);
  const pageViews = peak((day) => day.pageViews);
  return (
    `Line chart of visitors and page views per day, ${dayRange(first.day, last.day)}. ` +
    `Most visitors: ${count(visitors.visitors)} on ${dayLabel(visitors.day)}. Most page views: ${count(pageViews.pageViews)} on ${dayLabel(pageViews.day)}.`
  );
}

/** Which of `days` days get a label on a chart with room for `room` labels: evenly spaced,
 * counted back from the last day, which is always labelled. */
export function labelledDays(days: number, room: number): number[] {
  const step = Math.max(1, Math.ceil(days / Math.max(1, room)));
  return Array.from({ length: days }, (_, index) => index).filter((index) => (days - 1 - index) % step === 0);
}

/** `text` cut to `length` characters, with an ellipsis when it was longer. */
export function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, Math.max(1, length - 1)).trimEnd()}…`;
}

/** "phone" as "Phone", "desktop" as "Computer". */
export function deviceName(device: string): string {
  if (device === "desktop") return "Computer";
  return device.charAt(0).toUpperCase() + device.slice(1);
}
