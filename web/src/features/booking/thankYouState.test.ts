import { describe, expect, it } from "vitest";
import { readThankYouState } from "./thankYouState";

describe("thank-you navigation state", () => {
  it("reads the name and e-mail", () => {
    expect(readThankYouState({ name: "Jamie", email: "j@example.com" })).toEqual({ name: "Jamie", email: "j@example.com" });
  });

  it("is missing without a name", () => {
    expect(readThankYouState(null)).toBeNull();
    expect(readThankYouState({ email: "j@example.com" })).toBeNull();
    expect(readThankYouState({ name: "   " })).toBeNull();
  });
});
