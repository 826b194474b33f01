import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { adminApi } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";

const WEEKS = 8;

/** "Nov 16" for the Monday "2026-11-16". */
function weekLabel(monday: string): string {
  return new Date(`${monday}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Bookings per source page and week, the newest week first (on a phone the older ones are the
 * ones off the side): which pages bring requests in. */
export function BookingSources() {
  const query = useQuery({ queryKey: keys.sources(WEEKS), queryFn: () => adminApi.bookingSources(WEEKS) });

  return (
    <section aria-labelledby="sources-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="sources-title" className="text-lg font-semibold text-slate-900">
        Where requests come from
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Requests per page the booking was started on, over the last {WEEKS} weeks, the newest first (spam left out). Weeks start on Monday.
      </p>
      <Loaded query={query} what="The table" loading="Loading the table">
        {(table) =>
          table.rows.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No requests in these weeks yet.</p>
          ) : (
            <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Requests per page and week">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-700">
                    <th scope="col" className="sticky left-0 bg-white py-2 pr-4 font-semibold">
                      Page
                    </th>
                    {[...table.weeks].reverse().map((week) => (
                      <th key={week} scope="col" className="px-2 py-2 text-right font-semibold whitespace-nowrap">
                        <span className="sr-only">Week of </span>
                        {weekLabel(week)}
                      </th>
                    ))}
                    <th scope="col" className="py-2 pl-2 text-right font-semibold">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.page} className="border-b border-slate-100">
                      {/* The page stays in view while the weeks scroll; a path breaks only after its slashes. */}
                      <th scope="row" className="sticky left-0 min-w-36 bg-white py-2 pr-4 font-medium break-words text-slate-900">
                        {row.page.split("/").map((part, index) => (
                          <Fragment key={index}>
                            {index > 0 && (
                              <>
                                /<wbr />
                              </>
                            )}
                            {part}
                          </Fragment>
                        ))}
                      </th>
                      {[...row.counts].reverse().map((count, index) => (
                        <td
                          key={table.weeks[table.weeks.length - 1 - index]}
                          className={`px-2 py-2 text-right ${count === 0 ? "text-slate-500" : "text-slate-900"}`}
                        >
                          {count}
                        </td>
                      ))}
                      <td className="py-2 pl-2 text-right font-semibold text-slate-900">{row.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}
