import { describe, expect, it } from "vitest";
import type { Delivery } from "../frame/api";
import { deliverySentence } from "./Deliveries";

const base: Delivery = {
  channel: "confirmation",
  device: null,
  to: null,
  purpose: "reminder-2",
  state: "cancelled",
  attempts: 0,
  lastError: "Replaced by a later change",
  nextAttemptAt: null,
  sentAt: null,
};
const at = (timestamp: string) => `at ${timestamp.slice(11, 16)}`;

describe("a delivery in the owner's words", () => {
  it("says what happened in a sentence, not a log line", () => {
    expect(deliverySentence(base, at)).toBe("The visitor's reminder was not sent: replaced by a later change.");
    expect(deliverySentence({ ...base, channel: "email", purpose: "request", state: "sent", sentAt: "2026-11-27T16:04:00.000Z" }, at)).toBe(
      "The e-mail to the shop was sent at 16:04.",
    );
    expect(deliverySentence({ ...base, channel: "webhook", purpose: "request", state: "retrying", attempts: 3, lastError: "Connection refused" }, at)).toBe(
      "The webhook is being tried again (3 tries so far); the last error: connection refused.",
    );
    expect(deliverySentence({ ...base, channel: "push", device: "Pixel 8", purpose: "changed-3", state: "dead", attempts: 12, lastError: "Gone" }, at)).toBe(
      "The notice of a new time asked for, by notification to Pixel 8 could not be sent after 12 tries: gone.",
    );
    expect(deliverySentence({ ...base, channel: "text", purpose: "time-4", state: "sent", sentAt: "2026-11-27T16:04:00.000Z" }, at)).toBe(
      "The visitor's confirmed time, by text to the visitor was sent at 16:04.",
    );
    expect(deliverySentence({ ...base, channel: "text", purpose: "text-5", state: "cancelled", lastError: "The customer stopped texts" }, at)).toBe(
      "The text written on this page was not sent: the customer stopped texts.",
    );
  });

  it("names an escalation's messages, never as the visitor's", () => {
    expect(
      deliverySentence({ ...base, channel: "push", device: "Pixel 8", purpose: "escalate-1", state: "sent", sentAt: "2026-11-27T16:04:00.000Z" }, at),
    ).toBe("The escalation's alert, by notification to Pixel 8 was sent at 16:04.");
    expect(deliverySentence({ ...base, channel: "text", purpose: "page-2-7", state: "cancelled", lastError: "Stopped: someone answered" }, at)).toBe(
      "The escalation's text to a member of the team was not sent: stopped: someone answered.",
    );
  });
});
