import { describe, expect, it } from "vitest";
import { checkImage } from "./imageFile";

describe("checkImage", () => {
  it("refuses what is not an image or too large", () => {
    expect(checkImage({ type: "application/pdf", size: 10, name: "quote.pdf" })).toBe("Please select an image file");
    expect(checkImage({ type: "image/png", size: 5 * 1024 * 1024 + 1, name: "a.png" })).toBe("Image must be less than 5MB");
    expect(checkImage({ type: "image/jpeg", size: 5 * 1024 * 1024, name: "a.jpg" })).toBeNull();
  });

  it("takes HEIC photos by their name where the browser gives them no type", () => {
    expect(checkImage({ type: "", size: 10, name: "IMG_0412.HEIC" })).toBeNull();
    expect(checkImage({ type: "", size: 10, name: "photo.heif" })).toBeNull();
    expect(checkImage({ type: "", size: 10, name: "notes.heic.txt" })).toBe("Please select an image file");
  });
});
