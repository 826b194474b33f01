// Every invoice, /dbadmin/invoices: newest first, or only those in one state (unpaid and overdue
// ones: the longest due first); 50 at most, with how many there are in all, and for the owner the
// same as CSV for the books. The filter is kept in the address, so a reload or Back keeps it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { amount } from "../../../lib/money";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type InvoiceShown } from "../frame/api";
import { PLAIN_BUTTON } from "../frame/form";
import { useShopClock } from "../frame/format";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { useSession } from "../frame/session";
import { ShowSelect } from "../frame/ShowSelect";

/** The filters, in the team's words. */
const SHOWN: Record<InvoiceShown, string> = {
  all: "All",
  drafts: "Drafts",
  unpaid: "Unpaid",
  overdue: "Overdue",
  paid: "Paid",
  void: "Void",
};

function isShown(value: string | null): value is InvoiceShown {
  return value !== null && value in SHOWN;
}

export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const { dateTime } = useShopClock();
  const owner = useSession().user?.role === "owner";
  const asked = params.get("show");
  const shown: InvoiceShown = isShown(asked) ? asked : "all";
  const query = useQuery({ queryKey: keys.invoices(shown), queryFn: () => adminApi.invoices(shown), placeholderData: keepPreviousData });

  return (
    <AdminShell title="Invoices">
      <h1 className="text-2xl font-bold text-slate-900">Invoices</h1>
      <p className="mt-1 text-slate-600">Every invoice made from a request. Make one from a done request&apos;s page.</p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <ShowSelect
          id="invoices-shown"
          value={shown}
          labels={SHOWN}
          onChange={(value) => setParams(value === "all" ? {} : { show: value }, { replace: true })}
        />
        {owner && (
          <a href={`/api/admin/invoices.csv?show=${shown}`} download className={`inline-flex items-center gap-1.5 ${PLAIN_BUTTON}`}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download as CSV
          </a>
        )}
      </div>
      <Loaded query={query} what="The invoices" loading="Loading the invoices">
        {({ invoices, total }) =>
          invoices.length === 0 ? (
            <p className="mt-6 text-slate-600">{shown === "all" ? "No invoices yet." : `No invoices are ${SHOWN[shown].toLowerCase()}.`}</p>
          ) : (
            <>
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
                {invoices.map((invoice) => (
                  <li key={invoice.id}>
                    <Link to={`/dbadmin/invoices/${invoice.id}`} className="block min-h-12 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50">
                      <span className="font-semibold text-slate-900">{invoice.name}</span> <span className="text-slate-700">{invoice.number ?? "Draft"}</span>
                      <span className="block text-slate-800">
                        {invoice.total !== null && `${amount(invoice.total)} · `}
                        {invoice.state === "draft"
                          ? "not sent yet"
                          : invoice.state === "void"
                            ? "void"
                            : invoice.balance === 0
                              ? "paid in full"
                              : `${amount(invoice.balance)} due${invoice.overdue ? ", overdue" : ""}`}
                      </span>
                      {invoice.dueAt && invoice.state === "issued" && invoice.balance > 0 && (
                        <span className="block text-xs text-slate-600">Due {dateTime(invoice.dueAt)}</span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
              {total > invoices.length && (
                <p className="mt-2 text-sm text-slate-600">
                  The {invoices.length} {shown === "unpaid" || shown === "overdue" ? "first" : "newest"} of {total}.
                </p>
              )}
            </>
          )
        }
      </Loaded>
    </AdminShell>
  );
}
