import { describe, expect, it } from "vitest";
import { asJpegName, fitted } from "./shrinkPhoto";

describe("a photo made small enough to send", () => {
  it("keeps its shape with the long side at 2,048 px, and a small one as it is", () => {
    expect(fitted(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitted(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitted(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(fitted(10000, 1)).toEqual({ width: 2048, height: 1 });
  });

  it("is named as the JPEG it becomes", () => {
    expect(asJpegName("IMG_2041.PNG")).toBe("IMG_2041.jpg");
    expect(asJpegName("trailer.side.webp")).toBe("trailer.side.jpg");
    expect(asJpegName("photo")).toBe("photo.jpg");
  });
});
