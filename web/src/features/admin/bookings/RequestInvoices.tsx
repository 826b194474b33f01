// A request's invoices on its page: each one's number, where it stands, its total and balance,
// opening its own page. Once the work is done, "Invoice now" starts one from the approved quote
// (or empty); a request has one invoice at a time, so another is made only once that one is void.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { amount } from "../../../lib/money";
import { adminApi, type Invoice } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";
import { keys } from "../frame/queries";

/** Where an invoice stands, in a list's words. */
function standing(invoice: Invoice): string {
  if (invoice.state === "draft") return "Draft";
  if (invoice.state === "void") return "Void";
  if (invoice.standing.balance === 0) return "Paid in full";
  return `${amount(invoice.standing.balance)} due${invoice.overdue ? ", overdue" : ""}`;
}

export function RequestInvoices({ bookingId, done }: { bookingId: number; done: boolean }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.requestInvoices(bookingId), queryFn: () => adminApi.requestInvoices(bookingId) });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const invoices = query.data?.invoices ?? [];
  const open = invoices.some((invoice) => invoice.state !== "void");
  if (!done && invoices.length === 0) return null;

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      const invoice = await adminApi.startInvoice(bookingId);
      await client.invalidateQueries({ queryKey: keys.requestInvoices(bookingId) });
      void navigate(`/dbadmin/invoices/${invoice.id}`);
    } catch (failure) {
      setProblem(failureMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section aria-label="Invoices" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Invoices</h2>
        {query.isSuccess && !open && (
          <button
            type="button"
            className={`inline-flex items-center gap-1.5 ${invoices.length === 0 ? PRIMARY_BUTTON : PLAIN_BUTTON}`}
            disabled={busy}
            onClick={() => void start()}
          >
            <Receipt aria-hidden="true" className="h-4 w-4" />
            Invoice now
          </button>
        )}
      </div>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      {query.isError && <ErrorNotice className="mt-2">The invoices could not be loaded. Please reload the page.</ErrorNotice>}
      {query.isSuccess && invoices.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">The work is done: the invoice starts from the approved quote's lines, for you to change to what was done.</p>
      )}
      <ul className="mt-2 divide-y divide-slate-200">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="py-2 text-sm">
            <Link to={`/dbadmin/invoices/${invoice.id}`} className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline">
              {invoice.number ? `Invoice ${invoice.number}` : "Draft invoice"}
            </Link>
            <p className="text-slate-700">
              {invoice.figures.totals && `${amount(invoice.figures.totals.total)} · `}
              {standing(invoice)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
