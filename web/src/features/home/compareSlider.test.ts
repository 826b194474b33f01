import { describe, expect, it } from "vitest";
import { START_PERCENT, percentAfterKey, percentAtPointer } from "./compareSlider";

describe("before/after slider", () => {
  it("starts in the middle", () => {
    expect(START_PERCENT).toBe(50);
  });

  it("moves 5% per arrow key", () => {
    expect(percentAfterKey(50, "ArrowRight")).toBe(55);
    expect(percentAfterKey(50, "ArrowUp")).toBe(55);
    expect(percentAfterKey(50, "ArrowLeft")).toBe(45);
    expect(percentAfterKey(50, "ArrowDown")).toBe(45);
  });

  it("stops at the ends", () => {
    expect(percentAfterKey(2, "ArrowLeft")).toBe(0);
    expect(percentAfterKey(98, "ArrowRight")).toBe(100);
    expect(percentAfterKey(40, "Home")).toBe(0);
    expect(percentAfterKey(40, "End")).toBe(100);
  });

  it("ignores other keys", () => {
    expect(percentAfterKey(50, "Enter")).toBeNull();
  });

  it("follows the pointer inside the image and clamps outside it", () => {
    expect(percentAtPointer(150, 100, 200)).toBe(25);
    expect(percentAtPointer(50, 100, 200)).toBe(0);
    expect(percentAtPointer(400, 100, 200)).toBe(100);
  });
});
