// How a payment came, as a sentence says it ("paid $150.00 by check"), the same words the
// server's receipts use; for the customer's page and the team's.
import type { components } from "./api-schema";

export type PaymentMethod = components["schemas"]["PaymentMethod"];

export const PAID_HOW: Record<PaymentMethod, string> = {
  online: "online",
  cash: "in cash",
  check: "by check",
  card: "by card",
};
