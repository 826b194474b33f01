import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { useLayout } from "../../lib/layout";
import { useSession, type SignInState } from "./session";
import { useDeskStatus } from "./deskStatus";
import { NoDeliveryNotice } from "./NoDeliveryNotice";

/** The pages that say so while new bookings are sent nowhere. */
const DELIVERY_NOTICE_PAGES = ["/dbadmin/dashboard", "/dbadmin/bookings"];

/** The sections, each current on its own path and on those starting with `also`. */
const SECTIONS = [
  { to: "/dbadmin/dashboard", label: "Posts", also: "/dbadmin/posts/" },
  { to: "/dbadmin/bookings", label: "Bookings", also: null },
  { to: "/dbadmin/schedule", label: "Schedule", also: null },
  { to: "/dbadmin/insights", label: "Insights", also: null },
  { to: "/dbadmin/notifications", label: "Notifications", also: null },
  { to: "/dbadmin/site", label: "Site", also: "/dbadmin/site/" },
  { to: "/dbadmin/audit", label: "Audit log", also: null },
  { to: "/dbadmin/account", label: "Account", also: null },
];

/** The frame of every signed-in screen: sections, the signed-in e-mail and Logout. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const layout = useLayout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const desk = useDeskStatus();

  /** Goes to the sign-in page, which signs out; an editor with unsaved changes asks first. */
  function logout() {
    navigate("/dbadmin", { replace: true, state: { signOut: true } satisfies SignInState });
  }

  return (
    <div className="min-h-screen bg-slate-100">
      <a href="#admin-main" className="sr-only z-50 rounded-lg bg-white font-semibold text-slate-900 shadow-lg ring-2 ring-orange-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2">
        Skip to content
      </a>
      <header className="bg-slate-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <p className="font-bold">{layout.shortName} Admin</p>
          <nav aria-label="Admin sections" className="flex flex-wrap gap-1">
            {SECTIONS.map((section) => (
              <NavLink
                key={section.to}
                to={section.to}
                className={({ isActive }) =>
                  `rounded-md px-3 py-1.5 text-sm font-medium ${
                    isActive || (section.also && pathname.startsWith(section.also)) ? "bg-white/15 text-white" : "text-slate-300 hover:text-white"
                  }`
                }
              >
                {section.label}
                {section.to === "/dbadmin/bookings" && desk !== null && desk.newBookings > 0 && (
                  <>
                    {" "}
                    <span className="ml-1 rounded-full bg-orange-700 px-1.5 py-0.5 text-xs font-bold text-white">
                      {desk.newBookings}
                      <span className="sr-only"> new</span>
                    </span>
                  </>
                )}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="text-slate-300">{user?.email}</span>
            <button
              type="button"
              onClick={logout}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 font-medium text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Logout
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6">
        {desk !== null && desk.channels.length === 0 && DELIVERY_NOTICE_PAGES.includes(pathname) && (
          <NoDeliveryNotice emailConfigured={desk.emailConfigured} />
        )}
        {children}
      </main>
    </div>
  );
}
