// What the customer's page says when they come back from Stripe's payment page.
import type { PaymentReturn } from "./usePaymentReturn";

const SAID: Record<NonNullable<PaymentReturn>, string> = {
  confirming: "Thank you! Stripe is confirming your payment; it shows below in a moment.",
  confirmed: "Thank you: your payment is recorded. A receipt is on its way by e-mail.",
  late: "Thank you. Your payment has not reached us yet: it shows below once Stripe confirms it. Reload this page in a minute, or call us.",
};

export function PaymentNotice({ state }: { state: NonNullable<PaymentReturn> }) {
  return (
    <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
      {SAID[state]}
    </p>
  );
}
