import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lowercases, drops punctuation and joins words with single hyphens", () => {
    expect(slugify("Winter Storage: 5 Tips!")).toBe("winter-storage-5-tips");
    expect(slugify("Brakes  --  and   Bearings")).toBe("brakes-and-bearings");
    expect(slugify("Ça va? Déjà vu")).toBe("a-va-dj-vu");
  });
});
