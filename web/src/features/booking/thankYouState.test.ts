import { describe, expect, it } from "vitest";
import { readThankYouState } from "./thankYouState";

describe("thank-you navigation state", () => {
  it("reads the name and e-mail", () => {
    expect(readThankYouState({ name: "Jamie", email: "j@example.com" })).toEqual({ name: "Jamie", email: "j@example.com" });
  });

  it("reads the request number when there is one", () => {
    expect(readThankYouState({ name: "Jamie", email: "j@example.com", requestNumber: 42 })).toEqual({
      name: "Jamie",
      email: "j@example.com",
      requestNumber: 42,
    });
    expect(readThankYouState({ name: "Jamie", requestNumber: "42" })).toEqual({ name: "Jamie", email: "" });
  });

  it("is missing without a name", () => {
    expect(readThankYouState(null)).toBeNull();
    expect(readThankYouState({ email: "j@example.com" })).toBeNull();
    expect(readThankYouState({ name: "   " })).toBeNull();
  });
});
