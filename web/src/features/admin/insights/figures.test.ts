import { describe, expect, it } from "vitest";
import type { InsightsTotals } from "../frame/api";
import {
  change,
  clip,
  conversionChange,
  dailySummary,
  dayLabel,
  dayRange,
  deviceName,
  funnelRows,
  funnelSummary,
  labelledDays,
  percent,
  periodOf,
} from "./figures";

const totals = (visitors: number, bookings: number): InsightsTotals => ({
  visitors,
  pageViews: 0,
  bookings,
  conversion: visitors ? bookings / visitors : 0,
  bots: 0,
});

describe("the change against the previous period", () => {
  it("says how much a figure rose or fell, in percent", () => {
    expect(change(120, 100, 30)).toEqual({ text: "+20% vs previous 30 days", trend: "up" });
    expect(change(75, 100, 7)).toEqual({ text: "-25% vs previous 7 days", trend: "down" });
    expect(change(0, 40, 90)).toEqual({ text: "-100% vs previous 90 days", trend: "down" });
  });

  it("rounds a change to whole percents, and calls one under half a percent about the same", () => {
    expect(change(1004, 1000, 30).text).toBe("about the same");
    expect(change(1012, 1000, 30).text).toBe("+1% vs previous 30 days");
    expect(change(1300, 100, 30).text).toBe("+1,200% vs previous 30 days");
  });

  it("says 'no change' for the same figure and 'new' when there was none before", () => {
    expect(change(5, 5, 30)).toEqual({ text: "no change", trend: "same" });
    expect(change(0, 0, 30)).toEqual({ text: "no change", trend: "same" });
    expect(change(99_979, 100_000, 90)).toEqual({ text: "about the same", trend: "same" });
    expect(change(3, 0, 30)).toEqual({ text: "new", trend: "new" });
  });

  it("compares conversion in percentage points", () => {
    expect(conversionChange(totals(100, 5), totals(100, 4), 30)).toEqual({ text: "+1 point vs previous 30 days", trend: "up" });
    expect(conversionChange(totals(200, 5), totals(100, 4), 7)).toEqual({ text: "-1.5 points vs previous 7 days", trend: "down" });
    expect(conversionChange(totals(100, 5), totals(200, 10), 30).text).toBe("no change");
    expect(conversionChange(totals(10, 1), totals(0, 2), 30)).toEqual({ text: "new", trend: "new" });
    expect(conversionChange(totals(0, 1), totals(0, 0), 30).text).toBe("no change");
  });
});

describe("percentages", () => {
  it("shows a fraction with at most one decimal", () => {
    expect(percent(0.05)).toBe("5%");
    expect(percent(0.125)).toBe("12.5%");
    expect(percent(1 / 3)).toBe("33.3%");
    expect(percent(0)).toBe("0%");
  });
});

describe("the booking funnel", () => {
  const steps = [
    { step: "opened", label: "Opened the booking dialog", visitors: 40 },
    { step: "answered:0", label: "Answered: What type of trailer do you have?", visitors: 30 },
    { step: "answered:1", label: "Answered: What service do you need?", visitors: 30 },
    { step: "time", label: "Chose a time", visitors: 12 },
    { step: "contact", label: "Saw the contact form", visitors: 20 },
    { step: "submitted", label: "Sent a request", visitors: 6 },
  ];

  it("gives each step its difference to the step before, up or down", () => {
    expect(funnelRows(steps).map((row) => [row.change, row.difference])).toEqual([
      [null, null],
      ["-10 (25%)", -10],
      ["no change", 0],
      ["-18 (60%)", -18],
      ["+8 (66.7%)", 8],
      ["-14 (70%)", -14],
    ]);
  });

  it("leaves out the share after a step nobody reached", () => {
    expect(funnelRows([steps[0]!, { ...steps[1]!, visitors: 0 }, { ...steps[2]!, visitors: 2 }])[2]?.change).toBe("+2");
  });

  it("sums the funnel up in a sentence", () => {
    expect(funnelSummary(steps)).toBe(
      "Bar chart of the booking steps, from Opened the booking dialog (40) to Sent a request (6): 15% of those who opened it got that far.",
    );
    expect(funnelSummary(steps.map((step) => ({ ...step, visitors: 0 })))).toBe("Nobody opened the booking dialog in these days.");
  });
});

describe("days", () => {
  it("names a plain date the same in every time zone", () => {
    expect(dayLabel("2026-11-24")).toBe("Nov 24");
    expect(dayLabel("2026-01-01")).toBe("Jan 1");
    expect(dayLabel("2026-12-31")).toBe("Dec 31");
    expect(dayRange("2026-10-26", "2026-11-24")).toBe("Oct 26 - Nov 24");
  });

  it("labels evenly spaced days, ending on the last", () => {
    expect(labelledDays(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledDays(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(90, 4).at(-1)).toBe(89);
    expect(labelledDays(90, 4)).toHaveLength(4);
  });

  it("sums the daily chart up with its busiest days", () => {
    const daily = [
      { day: "2026-11-22", visitors: 3, pageViews: 9, bots: 1 },
      { day: "2026-11-23", visitors: 12, pageViews: 20, bots: 0 },
      { day: "2026-11-24", visitors: 5, pageViews: 30, bots: 2 },
    ];
    expect(dailySummary(daily)).toBe(
      "Line chart of visitors and page views per day, Nov 22 - Nov 24. Most visitors: 12 on Nov 23. Most page views: 30 on Nov 24.",
    );
  });
});

describe("words", () => {
  it("reads the period from the address, 30 days unless it names another", () => {
    expect(periodOf("7")).toBe(7);
    expect(periodOf("90")).toBe(90);
    expect(periodOf("14")).toBe(30);
    expect(periodOf(null)).toBe(30);
  });

  it("clips long labels and names devices", () => {
    expect(clip("Answered: What type of trailer do you have?", 20)).toBe("Answered: What type…");
    expect(clip("Chose a time", 20)).toBe("Chose a time");
    expect(deviceName("desktop")).toBe("Computer");
    expect(deviceName("phone")).toBe("Phone");
  });
});
