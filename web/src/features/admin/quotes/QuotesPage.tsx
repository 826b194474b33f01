// Every quote, /dbadmin/quotes: newest first, or only those in one state (the waiting ones with
// the customer's asked changes first, then the soonest to expire); 50 at most, with how many
// there are in all. The filter is kept in the address, so a reload or Back keeps it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type QuoteShown } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { QuoteLine } from "../frame/QuoteLine";
import { useSession } from "../frame/session";
import { ShowSelect } from "../frame/ShowSelect";

/** The filters, in the team's words. */
const SHOWN: Record<QuoteShown, string> = {
  all: "All",
  drafts: "Drafts",
  waiting: "Waiting",
  approved: "Approved",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

function isShown(value: string | null): value is QuoteShown {
  return value !== null && value in SHOWN;
}

export function QuotesPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("show");
  const shown: QuoteShown = isShown(asked) ? asked : "all";
  const owner = useSession().user?.role === "owner";
  const query = useQuery({ queryKey: keys.quotes(shown), queryFn: () => adminApi.quotes(shown), placeholderData: keepPreviousData });

  return (
    <AdminShell title="Quotes">
      <h1 className="text-2xl font-bold text-slate-900">Quotes</h1>
      <p className="mt-1 text-slate-600">
        Every quote written from a request. Write one from the request&apos;s page.{" "}
        {owner && (
          <Link to="/dbadmin/prices" className="font-medium text-orange-800 underline">
            The price book
          </Link>
        )}
      </p>
      <div className="mt-4">
        <ShowSelect id="quotes-shown" value={shown} labels={SHOWN} onChange={(value) => setParams(value === "all" ? {} : { show: value }, { replace: true })} />
      </div>
      <Loaded query={query} what="The quotes" loading="Loading the quotes">
        {({ quotes, total }) =>
          quotes.length === 0 ? (
            <p className="mt-6 text-slate-600">{shown === "all" ? "No quotes yet." : `No quotes are ${SHOWN[shown].toLowerCase()}.`}</p>
          ) : (
            <>
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
                {quotes.map((quote) => (
                  <li key={quote.id}>
                    <QuoteLine quote={quote} />
                  </li>
                ))}
              </ul>
              {total > quotes.length && (
                <p className="mt-2 text-sm text-slate-600">
                  The {quotes.length} {shown === "waiting" ? "first" : "newest"} of {total}.
                </p>
              )}
            </>
          )
        }
      </Loaded>
    </AdminShell>
  );
}
