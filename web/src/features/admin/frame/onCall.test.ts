import { describe, expect, it } from "vitest";
import { copiedToEveryDay, hourName, hoursSpan, onCallSentence } from "./onCall";

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

describe("copying a shift to the week", () => {
  it("puts the same hours and people on every day, in place of each day's shift of those hours", () => {
    const monday = { weekday: 0, from: 0, to: 24, first: 2, second: 1 };
    const tuesdayNight = { weekday: 1, from: 18, to: 24, first: 1, second: null };
    const sundayOld = { weekday: 6, from: 0, to: 24, first: 1, second: null };
    const week = copiedToEveryDay([monday, tuesdayNight, sundayOld], monday);
    expect(week.filter((shift) => shift.from === 0).map((shift) => [shift.weekday, shift.first, shift.second])).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((day) => [day, 2, 1]),
    );
    expect(week).toContainEqual(tuesdayNight);
    expect(week.map((shift) => shift.weekday)).toEqual([0, 1, 1, 2, 3, 4, 5, 6]);
  });
});
