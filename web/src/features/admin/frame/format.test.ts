import { describe, expect, it } from "vitest";
import { browserName, dateTime, minutesText, shopDateTime, shopLocalInput, shortDate, waitedSince } from "./format";

describe("the shop's time", () => {
  it("shows a UTC time as Denver's wall clock, winter and summer", () => {
    expect(shopLocalInput("2026-12-01T16:00:00.000Z", "America/Denver")).toBe("2026-12-01T09:00");
    expect(shopLocalInput("2026-07-01T15:30:00.000Z", "America/Denver")).toBe("2026-07-01T09:30");
    expect(shopDateTime("2026-12-01T16:00:00.000Z", "America/Denver")).toBe("Dec 1, 2026, 9:00 AM MST");
  });

  it("dates the admin's tables on the shop's clock, not the browser's", () => {
    // 5:53 PM in Denver on November 23 is already the 24th in UTC.
    expect(shortDate("2026-11-24T00:53:00.000Z", "America/Denver")).toBe("11/23/2026");
    expect(dateTime("2026-11-24T00:53:00.000Z", "America/Denver")).toBe("11/23/2026, 5:53 PM MST");
  });
});

describe("browser names", () => {
  it("names the browser and the system in plain words", () => {
    expect(browserName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36")).toBe("Chrome on Windows");
    expect(browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe(
      "Safari on iPhone",
    );
    expect(browserName("curl/8.0")).toBe("A browser");
  });
});

describe("waiting times", () => {
  it("says minutes, hours and days in short words", () => {
    expect(minutesText(0.4)).toBe("under a minute");
    expect(minutesText(12)).toBe("12 min");
    expect(minutesText(120)).toBe("2 h");
    expect(minutesText(125)).toBe("2 h 5 min");
    expect(minutesText(24 * 60 + 61)).toBe("1 day 1 h");
    expect(minutesText(3 * 24 * 60)).toBe("3 days");
  });

  it("counts from the request's arrival to now", () => {
    expect(waitedSince("2026-11-26T10:00:00.000Z", Date.parse("2026-11-26T10:47:30.000Z"))).toBe("47 min");
  });
});
