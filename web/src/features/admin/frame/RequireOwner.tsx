// An owner's screen: staff who reach its address (a link, a bookmark) are told why they cannot
// use it, in the words the server answers its operations with.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminShell } from "./AdminShell";
import { useSession } from "./session";

export const OWNERS_ONLY = "Only an owner of the shop may do this: staff work with Today, the requests and the schedule.";

/** Shows `children` to an owner; a staff member sees why not, with the way to Today. */
export function RequireOwner({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.role === "owner") return children;
  return (
    <AdminShell title="For the shop's owners">
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">For the shop&rsquo;s owners</h1>
        <p className="mt-3 text-slate-700">{OWNERS_ONLY}</p>
        <p className="mt-4">
          <Link to="/dbadmin/today" className="font-semibold text-blue-800 underline">
            Go to Today
          </Link>
        </p>
      </div>
    </AdminShell>
  );
}
