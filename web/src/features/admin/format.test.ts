import { describe, expect, it } from "vitest";
import { browserName, dateTime, shopDateTime, shopLocalInput, shortDate } from "./format";

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
    expect(browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(browserName("curl/8.0")).toBe("A browser");
  });
});
