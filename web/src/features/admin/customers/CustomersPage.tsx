// The customers, /dbadmin/customers: one record per person or company, most recently active
// first, found by name, company, e-mail or any part of a phone number however it is typed.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { adminApi } from "../frame/api";
import { useShopClock } from "../frame/format";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { useSearchBox } from "../frame/searchBox";
import { TagList } from "./TagList";

export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const put = useCallback((typed: string) => setParams(typed ? { q: typed } : {}, { replace: true }), [setParams]);
  const [typed, type] = useSearchBox(search, params, put);
  const query = useQuery({ queryKey: keys.customers(search), queryFn: () => adminApi.customers(search), placeholderData: keepPreviousData });
  const { shortDate } = useShopClock();

  return (
    <AdminShell title="Customers">
      <h1 className="text-2xl font-bold text-slate-900">Customers</h1>
      <p className="mt-1 text-slate-600">Everyone who sent a request, one record each: their requests, numbers, addresses and notes.</p>
      <div className="mt-4">
        <label htmlFor="customer-search" className="text-sm font-medium text-slate-800">
          Find a customer
        </label>
        <div className="relative mt-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3.5 left-2.5 h-4 w-4 text-slate-500" />
          <input
            id="customer-search"
            type="search"
            value={typed}
            onChange={(event) => type(event.target.value)}
            placeholder="Name, company, e-mail or phone"
            className="min-h-11 w-full rounded-lg border border-slate-300 py-2 pr-2 pl-8 sm:w-96"
          />
        </div>
      </div>
      <Loaded query={query} what="The customers" loading="Loading the customers">
        {({ customers, more }) => (
          <>
            {customers.length === 0 && (
              <p className="mt-6 text-slate-600">{search ? `No customer matches “${search}”.` : "No customers yet: each request makes or finds one."}</p>
            )}
            {customers.length > 0 && (
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                {customers.map((customer) => (
                  <li key={customer.id}>
                    <Link to={`/dbadmin/customers/${customer.id}`} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
                      <span className="flex flex-wrap items-center gap-x-2">
                        <span className="font-semibold text-orange-800 underline">{customer.name}</span>
                        {customer.company && <span className="text-slate-700">{customer.company}</span>}
                        <TagList tags={customer.tags} />
                      </span>
                      <span className="mt-0.5 block text-sm break-words text-slate-700">{[customer.phone, customer.email].filter(Boolean).join(" · ")}</span>
                      <span className="block text-sm text-slate-600">
                        {customer.requests === 1 ? "1 request" : `${customer.requests.toLocaleString("en-US")} requests`}
                        {customer.lastRequestAt && `, the last on ${shortDate(customer.lastRequestAt)}`}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {more && <p className="mt-3 text-sm text-slate-600">Showing the 50 most recently active: search to find others.</p>}
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}
