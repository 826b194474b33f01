import { describe, expect, it } from "vitest";
import { hourName, hoursSpan, onCallSentence } from "./onCall";

describe("who is on call, in words", () => {
  it("names the hours as a clock on the wall does", () => {
    expect([0, 9, 12, 17, 24].map(hourName)).toEqual(["midnight", "9 AM", "noon", "5 PM", "midnight"]);
    expect(hoursSpan(0, 24)).toBe("all day");
    expect(hoursSpan(22, 24)).toBe("10 PM to midnight");
  });

  it("says who is first, who follows, and what nobody on call means", () => {
    const ana = { id: 2, name: "Ana Ruiz" };
    const ben = { id: 3, name: "Ben" };
    expect(onCallSentence({ first: [ana], second: [ben], cover: null, gap: false })).toBe("Ana Ruiz, then Ben");
    expect(onCallSentence({ first: [ana, ben], second: [], cover: null, gap: false })).toBe("Ana Ruiz, Ben");
    expect(onCallSentence({ first: [], second: [], cover: null, gap: true })).toBe("Nobody is on call this hour: an emergency goes to every owner.");
  });
});
