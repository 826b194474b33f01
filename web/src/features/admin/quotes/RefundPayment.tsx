// The owner gives back part or all of a payment: the amount (up to what the shop still keeps of
// it) and why. An online payment goes back to the customer's card through Stripe; cash or a check
// is handed back by the shop. The refund is kept beside the payment, never deleted.
import { useId, useRef, useState } from "react";
import { amount, centsOf } from "../../../lib/money";
import { adminApi, type Payment } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, Input, PLAIN_BUTTON, useSubmit } from "../frame/form";

export function RefundPayment({ payment, onRefunded }: { payment: Payment; onRefunded: () => void }) {
  const ids = useId();
  const kept = payment.amount - payment.refunded;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState({ amount: "", reason: "" });
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, busy, submit, refuse } = useSubmit(form);
  if (kept <= 0) return null;
  if (!open) {
    return (
      <button type="button" className={`mt-1 flex ${PLAIN_BUTTON}`} onClick={() => setOpen(true)} aria-label={`Refund the ${amount(payment.amount)} payment`}>
        Refund…
      </button>
    );
  }

  function refund() {
    const cents = centsOf(typed.amount);
    if (cents === null || cents <= 0) {
      refuse({ amount: `Type the amount to give back, up to ${amount(kept)}` });
      return;
    }
    if (cents > kept) {
      refuse({ amount: `At most ${amount(kept)} of this payment is left to refund` });
      return;
    }
    void submit(async () => {
      await adminApi.refundPayment(payment.id, { amount: cents, reason: typed.reason });
      setTyped({ amount: "", reason: "" });
      setOpen(false);
      onRefunded();
    });
  }

  return (
    <form
      ref={form}
      noValidate
      className="mt-2 space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        refund();
      }}
    >
      {problem && <ErrorNotice>{problem}</ErrorNotice>}
      <Input
        id={`${ids}-amount`}
        label="Amount to refund ($)"
        inputMode="decimal"
        autoFocus
        value={typed.amount}
        error={errors.amount}
        hint={`Up to ${amount(kept)}. ${payment.method === "online" ? "It goes back to the customer's card through Stripe." : "Hand it back to the customer yourself."}`}
        onChange={(event) => setTyped({ ...typed, amount: event.target.value })}
      />
      <Input
        id={`${ids}-reason`}
        label="Why"
        hint="The customer's e-mail about the refund says it."
        value={typed.reason}
        error={errors.reason}
        maxLength={200}
        onChange={(event) => setTyped({ ...typed, reason: event.target.value })}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={DANGER_BUTTON} disabled={busy}>
          Refund
        </button>
        <button type="button" className={PLAIN_BUTTON} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
