import { describe, expect, it } from "vitest";
import { cardDelay } from "./entrance";

describe("city card entrance", () => {
  it("starts each card 0.05 s after the one before", () => {
    expect([0, 1, 2, 18].map(cardDelay)).toEqual(["0.00s", "0.05s", "0.10s", "0.90s"]);
  });
});
