import { describe, expect, it } from "vitest";
import { centsOf, dollars } from "./money";

describe("money", () => {
  it("shows whole dollars without cents, and cents when there are some", () => {
    expect(dollars(8900)).toBe("$89");
    expect(dollars(8950)).toBe("$89.50");
    expect(dollars(125_000)).toBe("$1,250");
    expect(dollars(5)).toBe("$0.05");
  });

  it("reads dollars as typed into cents, and nothing else", () => {
    expect(centsOf("89")).toBe(8900);
    expect(centsOf(" $89.5 ")).toBe(8950);
    expect(centsOf("1,250.99")).toBe(125_099);
    expect(centsOf("0.29")).toBe(29);
    for (const bad of ["", "abc", "89.999", "-5", "1e3"]) expect(centsOf(bad)).toBeNull();
  });
});
