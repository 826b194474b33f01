import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { actionValues } from "../../../lib/api-schema";
import { type AuditFilter, adminApi } from "../frame/api";
import { useShopClock } from "../frame/format";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";

const SELECT = "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-900 sm:w-72";

const known = (action: string | null) => actionValues.some((value) => value === action);

/** The filter in the page's address (`?action=post-created&member=3`), so Back and a shared link
 * keep it. */
function useAuditFilter(): [AuditFilter, (change: AuditFilter) => void] {
  const [params, setParams] = useSearchParams();
  const member = Number(params.get("member"));
  const filter: AuditFilter = {
    // An action the server does not know (an old bookmark) is no filter.
    ...(known(params.get("action")) ? { action: params.get("action") as AuditFilter["action"] } : {}),
    ...(Number.isInteger(member) && member > 0 ? { member } : {}),
  };
  const change = (next: AuditFilter) => {
    const shown = new URLSearchParams();
    if (next.action) shown.set("action", next.action);
    if (next.member) shown.set("member", String(next.member));
    setParams(shown);
  };
  return [filter, change];
}

/** "All access is logged": sign-ins (and failures), sign-outs, post and booking changes; all of
 * it, or one action's or one member's. */
export function AuditPage() {
  const { dateTime } = useShopClock();
  const ids = useId();
  const [filter, setFilter] = useAuditFilter();
  const query = useInfiniteQuery({
    queryKey: [...keys.audit, filter],
    queryFn: ({ pageParam }) => adminApi.audit(filter, pageParam),
    placeholderData: keepPreviousData,
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
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <div>
                <label htmlFor={`${ids}-action`} className="text-sm font-medium text-slate-800">
                  Action
                </label>
                <select
                  id={`${ids}-action`}
                  className={SELECT}
                  value={filter.action ?? ""}
                  onChange={(event) => setFilter({ ...filter, action: (event.target.value || undefined) as AuditFilter["action"] })}
                >
                  <option value="">Every action</option>
                  {pages[0]?.actions.map(({ action, sentence }) => (
                    <option key={action} value={action}>
                      {sentence}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-member`} className="text-sm font-medium text-slate-800">
                  Member
                </label>
                <select
                  id={`${ids}-member`}
                  className={SELECT}
                  value={filter.member ?? ""}
                  onChange={(event) => setFilter({ ...filter, member: Number(event.target.value) || undefined })}
                >
                  <option value="">Everyone</option>
                  {pages[0]?.members.map(({ id, name }) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {pages[0]?.entries.length === 0 && <p className="mt-6 text-slate-600">No entries match.</p>}
            {/* A table from 640 px up; below that each entry is a short stack of lines. */}
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
                        <td className="block font-medium sm:table-cell sm:px-4 sm:py-2 sm:font-normal">{entry.what}</td>
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
