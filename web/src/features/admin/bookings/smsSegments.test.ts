import { describe, expect, it } from "vitest";
import { smsSegments } from "./smsSegments";

describe("smsSegments counts as the server does", () => {
  it("plain text takes 160 to one and 153 a part", () => {
    expect(smsSegments("").count).toBe(1);
    expect(smsSegments("a".repeat(160)).count).toBe(1);
    expect(smsSegments("a".repeat(161)).count).toBe(2);
    expect(smsSegments("a".repeat(306)).count).toBe(2);
    expect(smsSegments("a".repeat(307)).count).toBe(3);
  });

  it("the extension table takes two, and a part never splits one", () => {
    expect(smsSegments("€".repeat(80)).count).toBe(1);
    expect(smsSegments("€".repeat(81)).count).toBe(2);
    expect(smsSegments(`${"a".repeat(159)}€`).count).toBe(2);
    expect(smsSegments(`${"a".repeat(152)}[${"a".repeat(152)}`).count).toBe(3);
    expect(smsSegments(`${"a".repeat(151)}[${"a".repeat(151)}`).count).toBe(2);
  });

  it("an accent outside GSM-7 or an emoji makes it UCS-2, 70 to one and 67 a part", () => {
    expect(smsSegments("é".repeat(161))).toEqual({ count: 2, unicode: false });
    expect(smsSegments("ó".repeat(70))).toEqual({ count: 1, unicode: true });
    expect(smsSegments("ó".repeat(71)).count).toBe(2);
    expect(smsSegments("ó".repeat(134)).count).toBe(2);
    expect(smsSegments("ó".repeat(135)).count).toBe(3);
    expect(smsSegments(`${"a".repeat(69)}🚚`).count).toBe(2);
    expect(smsSegments("🚚".repeat(35)).count).toBe(1);
  });
});
