// Back from Stripe's payment page (the address ends `?paid=1`): the payment is recorded when
// Stripe's event reaches the server, usually within seconds, so the page asks for the request
// again every 2 seconds, for up to 30, until nothing is left to pay (no approved quote's deposit,
// no issued invoice's balance). The
// address then loses its mark, so a reload does not ask again.
import { useEffect, useState } from "react";
import type { RequestView } from "../../lib/api-schema";
import { useIsClient } from "../../lib/useIsClient";

export const PAID = "paid";
const EVERY_MS = 2000;
const TRIES = 15;

/** Where the payment stands: being confirmed, confirmed, or not heard of within 30 seconds. */
export type PaymentReturn = "confirming" | "confirmed" | "late" | null;

/** What was paid, when the page was opened on the way back from the payment page. */
const returned = typeof window !== "undefined" ? new URLSearchParams(window.location.search).get(PAID) : null;

/** Whether `paid` ("quote-3", "invoice-7") still has something left to pay. */
function owing(view: RequestView, paid: string): boolean {
  const [kind, id] = paid.split("-");
  if (kind === "invoice") return view.invoices.some((invoice) => String(invoice.id) === id && invoice.state === "issued" && invoice.standing.balance > 0);
  return view.quotes.some((quote) => String(quote.id) === id && quote.state === "approved" && quote.depositStanding.due > 0);
}

export function usePaymentReturn(load: () => Promise<RequestView>, loaded: (view: RequestView) => void): PaymentReturn {
  const client = useIsClient();
  const [heard, setState] = useState<"confirmed" | "late" | null>(null);
  useEffect(() => {
    if (returned === null) return;
    const paid = returned;
    const search = new URLSearchParams(window.location.search);
    search.delete(PAID);
    const rest = search.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${rest ? `?${rest}` : ""}`);
    let tries = 0;
    let timer = 0;
    const ask = () => {
      tries += 1;
      load().then(
        (view) => {
          loaded(view);
          if (!owing(view, paid)) setState("confirmed");
          else if (tries >= TRIES) setState("late");
          else timer = window.setTimeout(ask, EVERY_MS);
        },
        () => (tries >= TRIES ? setState("late") : (timer = window.setTimeout(ask, EVERY_MS))),
      );
    };
    ask();
    return () => window.clearTimeout(timer);
    // Once, on the first render in the browser: `load` and `loaded` are made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return client && returned !== null ? (heard ?? "confirming") : null;
}
