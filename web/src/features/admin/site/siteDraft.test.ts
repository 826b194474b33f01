import { describe, expect, it } from "vitest";
import type { SiteFields } from "../frame/api";
import { fieldId, fieldName, getAt, moved, pathParts, setAt } from "./siteDraft";

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

  it("names a field by the entries it is in, for the messages of a refused save", () => {
    const details: SiteFields = {
      business: { address: { postal_code: "ABCDE" } },
      cities: [{ name: "Aurora", slug: "aurora" }, { name: "Castle Rock", slug: "Castle Rock" }],
      services_page: { sections: [{ title: "Repairs", cards: [{ title: "" }] }] },
    };
    expect(fieldName(details, "cities[1].slug")).toBe("Castle Rock › slug");
    expect(fieldName(details, "business.address.postal_code")).toBe("address › postal code");
    expect(fieldName(details, "services_page.sections[0].cards[0].title")).toBe("Repairs › #1 › title");
    expect(fieldName(details, "stats")).toBe("stats");
  });
});
