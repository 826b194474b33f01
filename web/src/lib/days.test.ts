import { describe, expect, it } from "vitest";
import { addDays, dayName, isDay, mondayOf, shortDayName, todayIn } from "./days";

describe("days", () => {
  it("names a day the same whatever the browser's clock", () => {
    expect(dayName("2026-12-01")).toBe("Tuesday, December 1");
    expect(shortDayName("2026-12-01")).toBe("Tue, Dec 1");
  });

  it("counts days across months, years and the clock changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-14", -7)).toBe("2027-03-07");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
  });

  it("finds the Monday of a week", () => {
    expect(mondayOf("2026-12-01")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
  });

  it("takes today from the shop's clock", () => {
    // 5:53 PM in Denver on November 23 is already the 24th in UTC.
    expect(todayIn("America/Denver", new Date("2026-11-24T00:53:00Z"))).toBe("2026-11-23");
    expect(todayIn("UTC", new Date("2026-11-24T00:53:00Z"))).toBe("2026-11-24");
  });

  it("knows a day from other text", () => {
    expect(isDay("2026-12-01")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("12/1/2026")).toBe(false);
  });
});
