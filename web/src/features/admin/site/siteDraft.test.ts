import { describe, expect, it } from "vitest";
import { fieldId, getAt, moved, pathParts, setAt, type SiteFields } from "./siteDraft";

describe("site draft paths", () => {
  const site: SiteFields = { business: { phone: "1" }, testimonials: [{ name: "A" }, { name: "B" }] };

  it("reads the server's field paths", () => {
    expect(pathParts("testimonials[1].name")).toEqual(["testimonials", 1, "name"]);
    expect(getAt(site, "testimonials[1].name")).toBe("B");
    expect(getAt(site, "cities[3].name")).toBeUndefined();
  });

  it("changes one field and leaves the original alone", () => {
    const next = setAt(site, "testimonials[0].name", "C");
    expect(getAt(next, "testimonials[0].name")).toBe("C");
    expect(getAt(site, "testimonials[0].name")).toBe("A");
    expect(next.business).toBe(site.business);
  });

  it("moves an item up or down, not past either end", () => {
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });

  it("makes DOM ids of paths", () => {
    expect(fieldId("before_after[2].after_alt")).toBe("site-before_after-2-after_alt");
  });
});
