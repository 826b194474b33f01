import { useInfiniteQuery } from "@tanstack/react-query";
import { AdminShell } from "../frame/AdminShell";
import { adminApi } from "../frame/api";
import { useShopClock } from "../frame/format";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";

/** "All access is logged": sign-ins (and failures), sign-outs, post and booking changes. */
export function AuditPage() {
  const { dateTime } = useShopClock();
  const query = useInfiniteQuery({
    queryKey: keys.audit,
    queryFn: ({ pageParam }) => adminApi.audit(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
  });

  return (
    <AdminShell title="Audit log">
      <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
      <p className="mt-1 text-slate-600">Every sign-in attempt, sign-out and change in the admin area, newest first.</p>
      <Loaded query={query} what="The audit log" loading="Loading the audit log">
        {({ pages }) => (
          <>
            // A table from 640 px up; below that each entry is a short stack of lines.
            <div className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="block w-full text-left text-sm sm:table">
                <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-600 uppercase sm:table-header-group">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      When
                    </th>
                    <th scope="col" className="px-4 py-3">
                      What
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Who
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Details
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Address
                    </th>
                  </tr>
                </thead>
                <tbody className="block divide-y divide-slate-200 sm:table-row-group">
                  {pages
                    .flatMap((page) => page.entries)
                    .map((entry) => (
                      <tr key={entry.id} className="block px-4 py-3 sm:table-row sm:p-0">
                        <td className="block text-xs text-slate-600 sm:table-cell sm:px-4 sm:py-2 sm:text-sm sm:whitespace-nowrap sm:text-slate-900">
                          <time dateTime={entry.at}>{dateTime(entry.at)}</time>
                        </td>
                        <td className="block font-medium sm:table-cell sm:px-4 sm:py-2 sm:font-normal">{entry.action}</td>
                        <td className="block break-all sm:table-cell sm:px-4 sm:py-2 sm:break-normal">{entry.email}</td>
                        <td className="block text-slate-700 sm:table-cell sm:px-4 sm:py-2">{entry.detail}</td>
                        <td className="block text-slate-700 sm:table-cell sm:px-4 sm:py-2">
                          <span className="sm:hidden">From </span>
                          {entry.clientIp}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
            {query.hasNextPage && (
              <button
                type="button"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
                className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Show older entries
              </button>
            )}
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}
