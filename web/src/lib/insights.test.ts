import { afterEach, describe, expect, it, vi } from "vitest";
import { declines, sendBeacon } from "./insights";

describe("beacons", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are not sent when the browser asks not to be tracked", () => {
    expect(declines({ doNotTrack: "1" })).toBe(true);
    expect(declines({ globalPrivacyControl: true })).toBe(true);
    expect(declines({ doNotTrack: "0", globalPrivacyControl: false })).toBe(false);
    expect(declines({})).toBe(false);
  });

  it("go to the site itself as one JSON text, only while visits are counted", () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { sendBeacon: beacon });
    sendBeacon(false, { kind: "view", path: "/services" });
    expect(beacon).not.toHaveBeenCalled();
    sendBeacon(true, { kind: "step", step: "answered", question: 1, page: "/", button: "Book" });
    expect(beacon).toHaveBeenCalledWith("/api/insights", '{"kind":"step","step":"answered","question":1,"page":"/","button":"Book"}');
  });

  it("are not sent with Global Privacy Control on", () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { sendBeacon: beacon, globalPrivacyControl: true });
    sendBeacon(true, { kind: "seen", path: "/" });
    expect(beacon).not.toHaveBeenCalled();
  });
});
