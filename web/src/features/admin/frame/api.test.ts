import { describe, expect, it } from "vitest";
import { refusalMessage } from "./api";

describe("a refusal's message", () => {
  it("is the server's sentence, a 422's field messages in order, and never a path", () => {
    expect(refusalMessage(409, { error: "This time was just taken." })).toBe("This time was just taken.");
    expect(refusalMessage(422, { errors: { start: ["The appointment is Tuesday, December 1, 8:00-10:00 AM; ask for a review once it has ended."] } })).toBe(
      "The appointment is Tuesday, December 1, 8:00-10:00 AM; ask for a review once it has ended.",
    );
    expect(refusalMessage(422, { errors: { date: ["Closed that day."], start: ["Outside the hours."] } })).toBe("Closed that day. Outside the hours.");
    expect(refusalMessage(502, {})).toBe("The server could not do this (error 502). Please try again.");
    expect(refusalMessage(404, {})).not.toMatch(/answered|\/api\//);
  });
});
