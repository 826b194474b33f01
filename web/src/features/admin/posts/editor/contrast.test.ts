import { describe, expect, it } from "vitest";
import { contrastRatio, lowContrastParagraphs, lowContrastSentence, parseColor } from "./contrast";

describe("text colour contrast in a post", () => {
  it("reads the colours Quill and the browser write", () => {
    expect(parseColor("#fff")).toEqual([255, 255, 255]);
    expect(parseColor("#e60000")).toEqual([230, 0, 0]);
    expect(parseColor("rgb(255, 255, 0)")).toEqual([255, 255, 0]);
    expect(parseColor("rgba(0, 0, 0, 0.2)")).toBeNull();
    expect(parseColor("var(--x)")).toBeNull();
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 0);
    expect(contrastRatio([255, 255, 0], [255, 255, 255])).toBeLessThan(1.1);
  });

  it("names each paragraph whose coloured text is hard to read, and only those", () => {
    const html = [
      "<p>Plain text is fine.</p>",
      '<p>Some <span style="color: rgb(255, 255, 0);">pale yellow words</span> here.</p>',
      '<p><span style="color: rgb(230, 0, 0);">Red on white reads well enough.</span></p>',
      '<h2><span style="color: #ffffff; background-color: #000000;">White on black</span></h2>',
      '<p><span style="background-color: rgb(0, 0, 102);">Dark text on navy</span></p>',
    ].join("");
    const found = lowContrastParagraphs(html);
    expect(found.map((block) => block.paragraph)).toEqual([2, 5]);
    expect(found[0]?.text).toBe("Some pale yellow words here.");
    expect(lowContrastSentence(found)).toBe(
      'The text colour of paragraph 2 ("Some pale yellow words here.") and paragraph 5 ("Dark text on navy") is hard to read against its background (under 4.5:1).',
    );
  });
});
