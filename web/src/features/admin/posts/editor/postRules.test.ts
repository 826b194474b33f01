import { describe, expect, it } from "vitest";
import { isBlankHtml, validatePost } from "./postRules";

describe("validatePost", () => {
  it("reports every blank field with the editor's messages", () => {
    expect(validatePost({ title: " ", slug: "", excerpt: "\n", content: "<p><br></p>" })).toEqual({
      title: "Title is required",
      slug: "Slug is required",
      excerpt: "Excerpt is required",
      content: "Content is required",
    });
  });

  it("accepts a complete post, and content that is only an image", () => {
    expect(validatePost({ title: "T", slug: "t", excerpt: "E", content: "<p>Hi</p>" })).toEqual({});
    expect(isBlankHtml('<p><img src="https://example.com/a.png"></p>')).toBe(false);
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
  });
});
