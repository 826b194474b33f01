import { describe, expect, it } from "vitest";
import type { Json } from "../frame/api";
import { fieldId, fieldName, footerAfterRename, getAt, listMessagesAt, moved, orderOfPaths, pathAndHolders, pathParts, setAt } from "./siteDraft";

describe("site draft paths", () => {
  const site: Json = { business: { phone: "1" }, testimonials: [{ name: "A" }, { name: "B" }] };

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
    expect(fieldId("beforeAfter[2].afterAlt")).toBe("site-beforeAfter-2-afterAlt");
  });

  it("names a field by the entries it is in, for the messages of a refused save", () => {
    const details: Json = {
      business: { address: { postalCode: "ABCDE" } },
      cities: [
        { name: "Aurora", slug: "aurora" },
        { name: "Castle Rock", slug: "Castle Rock" },
      ],
      servicesPage: { sections: [{ title: "Repairs", cards: [{ title: "" }] }] },
    };
    expect(fieldName(details, "cities[1].slug")).toBe("Castle Rock › slug");
    expect(fieldName(details, "business.address.postalCode")).toBe("address › ZIP code");
    expect(fieldName(details, "servicesPage.sections[0].cards[0].title")).toBe("Repairs › #1 › title");
    expect(fieldName(details, "stats")).toBe("stats");
    expect(fieldName(details, "servicesPage.sections[0].cards[0].chatAnswers")).toBe("Repairs › #1 › chat answers");
  });

  it("names a line of a list by its number, and a field by its label when one is on the page", () => {
    const details: Json = { cities: [{ name: "Castle Rock", zips: ["80104", "ABCDE"], blurb: "" }] };
    expect(fieldName(details, "cities[0].zips[1]")).toBe("Castle Rock › ZIP codes › line 2");
    expect(fieldName(details, "cities[0].blurb")).toBe("Castle Rock › card text");
    expect(fieldName(details, "cities[0].blurb", (path) => (path === "cities[0].blurb" ? "Card text (service areas page)" : undefined))).toBe(
      "Castle Rock › Card text (service areas page)",
    );
    expect(pathAndHolders("cities[0].zips[1]")).toEqual(["cities[0].zips[1]", "cities[0].zips", "cities[0]", "cities"]);
  });

  it("puts a list's messages and its lines' together, lines in order", () => {
    const errors = {
      "cities[0].zips[3]": ["Not a ZIP code."],
      "cities[0].zips": ["Give one."],
      "cities[0].zips[1]": ["Not a ZIP code."],
      "cities[0].name": ["x"],
    };
    expect(listMessagesAt(errors, "cities[0].zips")).toBe("Give one. Line 2: Not a ZIP code. Line 4: Not a ZIP code.");
    expect(listMessagesAt(errors, "cities[1].zips")).toBeUndefined();
  });

  it("orders paths as the details hold them", () => {
    const order = orderOfPaths({ business: { name: "", phone: "" }, cities: [{ slug: "", blurb: "" }] });
    expect(order.get("business.phone")! < order.get("cities[0].slug")!).toBe(true);
    expect(order.get("cities[0].slug")! < order.get("cities[0].blurb")!).toBe(true);
  });

  it("keeps the footer's city links with a new or renamed city page", () => {
    expect(footerAfterRename(["a", "b"], "", "c")).toEqual(["a", "b", "c"]);
    expect(footerAfterRename(["a", "c", "b"], "c", "ca")).toEqual(["a", "ca", "b"]);
    expect(footerAfterRename(["a", "b"], "x", "xy")).toEqual(["a", "b"]);
    expect(footerAfterRename(["a", "c"], "c", "")).toEqual(["a"]);
  });
});
