// The deposit of an approved quote on its page: asked, paid and left, and its payments.
import { useQueryClient } from "@tanstack/react-query";
import { amount } from "../../../lib/money";
import { adminApi, type Quote } from "../frame/api";
import { keys } from "../frame/queries";
import { PaymentsPanel } from "./PaymentsPanel";

export function QuotePayments({ quote, onChange }: { quote: Quote; onChange: (quote: Quote) => void }) {
  const client = useQueryClient();
  const standing = quote.depositStanding;
  if (quote.state !== "approved") return null;
  return (
    <PaymentsPanel
      title="Deposit"
      summary={
        <>
          {standing.asked > 0 ? `Asked ${amount(standing.asked)} · paid ${amount(standing.paid)}` : `No deposit asked · paid ${amount(standing.paid)}`}
          {standing.due > 0 ? ` · ${amount(standing.due)} left to pay` : standing.asked > 0 ? " · paid in full" : ""}
        </>
      }
      payments={quote.payments}
      due={standing.due}
      record={async (form) => onChange(await adminApi.recordPayment(quote.id, form))}
      onRefunded={() => void client.invalidateQueries({ queryKey: keys.quote(quote.id) })}
    />
  );
}
