import { describe, expect, it } from "vitest";
import { amount, centsOf, centsText, dollars, eachText, quantityOf, quantityText, rateOf, rateText, signedCentsOf } from "./money";

describe("money", () => {
  it("shows whole dollars without cents, and cents when there are some", () => {
    expect(dollars(8900)).toBe("$89");
    expect(dollars(8950)).toBe("$89.50");
    expect(dollars(125_000)).toBe("$1,250");
    expect(dollars(5)).toBe("$0.05");
  });

  it("shows a document's amounts as the server writes them, discounts with a minus", () => {
    expect(amount(125_000)).toBe("$1,250.00");
    expect(amount(123_456_789)).toBe("$1,234,567.89");
    expect(amount(-2550)).toBe("-$25.50");
    expect(amount(5)).toBe("$0.05");
    expect(amount(0)).toBe("$0.00");
  });

  it("reads dollars as typed into cents, and nothing else", () => {
    expect(centsOf("89")).toBe(8900);
    expect(centsOf(" $89.5 ")).toBe(8950);
    expect(centsOf("1,250.99")).toBe(125_099);
    expect(centsOf("0.29")).toBe(29);
    expect(centsOf("1.13")).toBe(113);
    for (const bad of ["", "abc", "89.999", "-5", "1e3", "1.", ".5"]) expect(centsOf(bad)).toBeNull();
    expect(signedCentsOf("-10")).toBe(-1000);
    expect(signedCentsOf("-$10.05")).toBe(-1005);
    expect(signedCentsOf("$4.35")).toBe(435);
  });

  it("reads rates and quantities exactly, and types them back the same", () => {
    expect(rateOf("8.81")).toBe(8810);
    expect(rateOf("2.9%")).toBe(2900);
    expect(rateOf("0.125")).toBe(125);
    expect(rateOf("8.8125")).toBeNull();
    expect(quantityOf("1.5")).toBe(150);
    expect(quantityOf("0.25")).toBe(25);
    expect(quantityOf("-1")).toBeNull();
    for (const thousandths of [0, 8810, 2900, 125, 20_000]) expect(rateOf(rateText(thousandths))).toBe(thousandths);
    for (const hundredths of [1, 25, 150, 300, 1_000_000]) expect(quantityOf(quantityText(hundredths))).toBe(hundredths);
    for (const cents of [-1005, 0, 4599, 125_000]) expect(signedCentsOf(centsText(cents))).toBe(cents);
    expect(centsText(null)).toBe("");
    expect(centsText(4750)).toBe("47.50");
    expect(centsText(12_500)).toBe("125");
  });

  it("shows every amount exactly, so the figures shown add up as the server's do", () => {
    // The browser adds nothing up: it shows the server's cents. Shown and read back, 5,000
    // amounts from -$100,000 to $10,000,000 (a seeded sequence) are the same cents.
    let seed = 20_261_207;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    const read = (shown: string) => (shown.startsWith("-") ? -1 : 1) * Number(shown.replace(/[^\d]/g, ""));
    for (let n = 0; n < 5000; n += 1) {
      const cents = (next() % 1_010_000_000) - 10_000_000;
      expect(read(amount(cents))).toBe(cents);
    }
  });

  it("shows a line's quantity and price for labour (one hour too) and for more or less than one", () => {
    expect(eachText({ kind: "labour", quantity: 100 }, 12500)).toBe("1 × $125.00");
    expect(eachText({ kind: "labour", quantity: 150 }, 12500)).toBe("1.5 × $125.00");
    expect(eachText({ kind: "part", quantity: 200 }, 4599)).toBe("2 × $45.99");
    expect(eachText({ kind: "part", quantity: 100 }, 1850)).toBeNull();
    expect(eachText({ kind: "fee", quantity: 50 }, -1000)).toBe("0.5 × -$10.00");
  });
});
