import { describe, expect, it } from "vitest";
import { arrowAvailability } from "./carousel";

describe("testimonial carousel arrows", () => {
  it("shows only the right arrow at the start", () => {
    expect(arrowAvailability({ scrollLeft: 0, scrollWidth: 2400, clientWidth: 800 })).toEqual({ left: false, right: true });
  });

  it("shows both arrows in the middle", () => {
    expect(arrowAvailability({ scrollLeft: 400, scrollWidth: 2400, clientWidth: 800 })).toEqual({ left: true, right: true });
  });

  it("hides the right arrow within 10 px of the end", () => {
    expect(arrowAvailability({ scrollLeft: 1591, scrollWidth: 2400, clientWidth: 800 }).right).toBe(false);
    expect(arrowAvailability({ scrollLeft: 1590, scrollWidth: 2400, clientWidth: 800 }).right).toBe(false);
    expect(arrowAvailability({ scrollLeft: 1589, scrollWidth: 2400, clientWidth: 800 }).right).toBe(true);
  });

  it("shows no arrow when everything fits", () => {
    expect(arrowAvailability({ scrollLeft: 0, scrollWidth: 800, clientWidth: 800 })).toEqual({ left: false, right: false });
  });
});
