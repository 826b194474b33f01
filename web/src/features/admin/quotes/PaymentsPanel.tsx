// The payments toward a quote's deposit or an invoice: what stands (asked or owed, paid, left),
// each payment received (online through Stripe, or recorded here) with the owner's refund of it,
// and the form that records one paid at the shop by cash, check or the shop's own card machine
// while some is left (the customer gets a receipt by e-mail).
import { type ReactNode, useId, useRef, useState } from "react";
import { amount, centsOf, centsText } from "../../../lib/money";
import { PAID_HOW } from "../../../lib/payments";
import type { Payment, PaymentForm } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Field, fieldClass, Input, PLAIN_BUTTON, PRIMARY_BUTTON, useSubmit } from "../frame/form";
import { useShopClock } from "../frame/format";
import { useSession } from "../frame/session";
import { RefundPayment } from "./RefundPayment";

/** The ways a payment is recorded by hand, in the select's words. */
const BY_HAND: [PaymentForm["method"], string][] = [
  ["cash", "Cash"],
  ["check", "Check"],
  ["card", "Card, on the shop's machine"],
];

export function PaymentsPanel({
  title,
  summary,
  payments,
  due,
  record,
  onRefunded,
}: {
  title: string;
  /** What stands: asked or owed, paid, left. */
  summary: ReactNode;
  payments: Payment[];
  /** What is left to pay: the form to record a payment is offered while it is more than 0. */
  due: number;
  record: (form: PaymentForm) => Promise<void>;
  onRefunded: () => void;
}) {
  const ids = useId();
  const { dateTime } = useShopClock();
  const owner = useSession().user?.role === "owner";
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState({ amount: "", method: "cash" as PaymentForm["method"], note: "" });
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, busy, submit, refuse } = useSubmit(form);

  function recordTyped() {
    const cents = centsOf(typed.amount);
    if (cents === null || cents <= 0) {
      refuse({ amount: "Type the amount received, such as 150 or 150.00" });
      return;
    }
    void submit(async () => {
      await record({ amount: cents, method: typed.method, note: typed.note });
      setTyped({ amount: "", method: "cash", note: "" });
      setOpen(false);
    });
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{summary}</p>
      {payments.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200 text-sm text-slate-800">
          {payments.map((payment) => (
            <li key={payment.id} className="py-2">
              <span className="font-semibold tabular-nums">{amount(payment.amount)}</span> paid {PAID_HOW[payment.method]},{" "}
              <time dateTime={payment.paidAt}>{dateTime(payment.paidAt)}</time>
              {payment.recordedBy && ` · recorded by ${payment.recordedBy}`}
              {payment.note && ` · ${payment.note}`}
              {payment.refunded > 0 && <span className="block text-red-800">{amount(payment.refunded)} refunded</span>}
              {owner && <RefundPayment payment={payment} onRefunded={onRefunded} />}
            </li>
          ))}
        </ul>
      )}
      {due <= 0 ? null : !open ? (
        <button
          type="button"
          className={`mt-2 ${PLAIN_BUTTON}`}
          onClick={() => {
            // Most payments settle what is left: it is filled in, to change for a part.
            setTyped({ ...typed, amount: centsText(due) });
            setOpen(true);
          }}
        >
          Record a payment
        </button>
      ) : (
        <form
          ref={form}
          noValidate
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            recordTyped();
          }}
        >
          {problem && <ErrorNotice>{problem}</ErrorNotice>}
          <div className="grid gap-3 sm:grid-cols-2">
            <Input
              id={`${ids}-amount`}
              label="Amount received ($)"
              inputMode="decimal"
              value={typed.amount}
              error={errors.amount}
              hint={`${amount(due)} is left to pay.`}
              onChange={(event) => setTyped({ ...typed, amount: event.target.value })}
            />
            <Field id={`${ids}-method`} label="Paid" error={errors.method}>
              <select
                id={`${ids}-method`}
                className={fieldClass(errors.method)}
                value={typed.method}
                onChange={(event) => setTyped({ ...typed, method: event.target.value as PaymentForm["method"] })}
              >
                {BY_HAND.map(([method, words]) => (
                  <option key={method} value={method}>
                    {words}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Input
            id={`${ids}-note`}
            label="Note (optional)"
            hint="A check's number, or who paid. The customer's receipt shows it."
            value={typed.note}
            error={errors.note}
            maxLength={200}
            onChange={(event) => setTyped({ ...typed, note: event.target.value })}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
              Record the payment
            </button>
            <button type="button" className={PLAIN_BUTTON} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <p className="text-sm text-slate-600">The customer gets a receipt by e-mail.</p>
        </form>
      )}
    </section>
  );
}
