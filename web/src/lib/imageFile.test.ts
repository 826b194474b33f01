import { describe, expect, it } from "vitest";
import { checkImage } from "./imageFile";

describe("checkImage", () => {
  it("refuses what is not an image or too large", () => {
    expect(checkImage({ type: "application/pdf", size: 10 })).toBe("Please select an image file");
    expect(checkImage({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe("Image must be less than 5MB");
    expect(checkImage({ type: "image/jpeg", size: 5 * 1024 * 1024 })).toBeNull();
  });
});
