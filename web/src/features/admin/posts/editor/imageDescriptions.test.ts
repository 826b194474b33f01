import { describe, expect, it } from "vitest";
import { missingDescriptions, missingSentence } from "./imageDescriptions";

describe("missing picture descriptions", () => {
  it("counts the featured image and the pictures in the text without alt text", () => {
    const content = '<p><img src="/a.jpg" alt="A rebuilt axle"><img src="/b.jpg"><img src="/c.jpg" alt="  "></p>';
    expect(missingDescriptions({ featuredImage: "/f.jpg", featuredImageAlt: " ", content })).toEqual({ featured: true, inText: 2 });
    expect(missingDescriptions({ featuredImage: null, featuredImageAlt: "", content: "<p>No pictures</p>" })).toEqual({ featured: false, inText: 0 });
  });

  it("says what is missing in plain words", () => {
    expect(missingSentence({ featured: true, inText: 2 })).toBe("The featured image and 2 pictures in the text have no description.");
    expect(missingSentence({ featured: true, inText: 0 })).toBe("The featured image has no description.");
    expect(missingSentence({ featured: false, inText: 1 })).toBe("1 picture in the text has no description.");
    expect(missingSentence({ featured: false, inText: 3 })).toBe("3 pictures in the text have no description.");
    expect(missingSentence({ featured: false, inText: 0 })).toBeNull();
  });
});
