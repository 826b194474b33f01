import { CalendarDays, ClipboardList, Inbox, LogOut, Menu, WifiOff, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { useLayout } from "../../../lib/layout";
import { mondayOf, todayIn } from "../../../lib/days";
import { adminApi } from "./api";
import { keepAheadForOffline, useOffline } from "./device";
import { useDeskStatus } from "./queries";
import { NoDeliveryNotice } from "./NoDeliveryNotice";
import { useAdminTitle } from "./adminTitle";
import { PLAIN_BUTTON } from "./form";
import { DialogActions, ModalDialog } from "./ModalDialog";
import { useSession } from "./session";
import { hasUnsavedWork } from "./unsavedWork";

/** What a sign-out that the server never heard of says: the session is still open. */
const STILL_SIGNED_IN = "You are still signed in: the server could not be reached to sign you out. Check the connection and try again.";

/** The pages that say so at the top while new bookings are sent nowhere (Today says it below its
 * requests, which come first on a phone). */
const DELIVERY_NOTICE_PAGES = ["/dbadmin/bookings"];

/** The sections, each current on its own path and on those starting with `also`. */
// `owner`: a screen only the shop's owners see (staff work with the others).
const SECTIONS = [
  { to: "/dbadmin/today", label: "Today", also: null, owner: false },
  { to: "/dbadmin/bookings", label: "Bookings", also: "/dbadmin/bookings/", owner: false },
  { to: "/dbadmin/schedule", label: "Schedule", also: null, owner: false },
  { to: "/dbadmin/customers", label: "Customers", also: "/dbadmin/customers/", owner: false },
  { to: "/dbadmin/on-call", label: "On call", also: null, owner: false },
  { to: "/dbadmin/dashboard", label: "Posts", also: "/dbadmin/posts/", owner: true },
  { to: "/dbadmin/insights", label: "Insights", also: null, owner: true },
  { to: "/dbadmin/notifications", label: "Notifications", also: null, owner: true },
  { to: "/dbadmin/site", label: "Site", also: "/dbadmin/site/", owner: true },
  { to: "/dbadmin/team", label: "Team", also: null, owner: true },
  { to: "/dbadmin/audit", label: "Audit log", also: null, owner: true },
  { to: "/dbadmin/account", label: "Account", also: null, owner: false },
];

/** The schedule's days kept on the phone ahead of time: this week and the next two. */
const OFFLINE_DAYS = 21;

/** The sections a phone keeps in the bar under the thumb; the rest are behind More. */
const THUMB_SECTIONS = [
  { section: SECTIONS[0]!, Icon: ClipboardList },
  { section: SECTIONS[1]!, Icon: Inbox },
  { section: SECTIONS[2]!, Icon: CalendarDays },
];

/** The count of unanswered requests, beside Today and Bookings. */
function Unanswered({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      {" "}
      <span className="ml-1 rounded-full bg-orange-700 px-1.5 py-0.5 text-xs font-bold text-white">
        {count}
        <span className="sr-only"> unanswered</span>
      </span>
    </>
  );
}

/** The frame of every signed-in screen: sections (on a phone Today, Bookings and Schedule in a
 * bar under the thumb, the rest behind More), the count of unanswered requests (also in the
 * tab's title), the signed-in e-mail, Logout, and 'Offline' while the page shows copies kept on
 * the device. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const { user, signOut } = useSession();
  const layout = useLayout();
  const { pathname } = useLocation();
  const desk = useDeskStatus();
  const offline = useOffline();
  const [menuOpen, setMenuOpen] = useState(false);
  const unanswered = desk?.unanswered ?? 0;

  useAdminTitle(title, unanswered);
  // This week and the next two, kept on the phone for reading offline.
  useEffect(() => keepAheadForOffline(() => adminApi.schedule(mondayOf(todayIn(layout.timeZone)), OFFLINE_DAYS)), [layout.timeZone]);

  /** Where Logout stands: asking over unsaved changes, under way, or failed (still signed in). */
  const [leaving, setLeaving] = useState<"asking" | "busy" | "failed" | null>(null);

  /** Ends the session on the server, whatever this page believes; the sign-in page shows once the
   * server has answered. Changes not saved are asked about first. */
  async function logout(overUnsavedWork = false) {
    if (!overUnsavedWork && hasUnsavedWork()) {
      setLeaving("asking");
      return;
    }
    setLeaving("busy");
    try {
      await signOut();
    } catch (failure) {
      console.info("Sign-out failed", failure);
      setLeaving("failed");
    }
  }

  const sectionLink = (section: (typeof SECTIONS)[number], className: string) => (
    <NavLink
      key={section.to}
      to={section.to}
      onClick={() => setMenuOpen(false)}
      className={({ isActive }) =>
        `${className} ${isActive || (section.also && pathname.startsWith(section.also)) ? "bg-white/15 text-white" : "text-slate-300 hover:text-white"}`
      }
    >
      {section.label}
      {(section.to === "/dbadmin/today" || section.to === "/dbadmin/bookings") && <Unanswered count={unanswered} />}
    </NavLink>
  );

  return (
    // --admin-bar: the height of the phone's bottom bar, which a screen's own fixed bar sits above.
    <div className="min-h-screen bg-slate-100 [--admin-bar:calc(4rem+env(safe-area-inset-bottom))] md:[--admin-bar:0px]">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-lg bg-white font-semibold text-slate-900 shadow-lg ring-2 ring-orange-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="bg-slate-950 text-white">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 md:py-3">
          <p className="font-bold">{layout.shortName} Admin</p>
          {/* On a phone the sections and Logout are a sheet above the bottom bar, opened by More. */}
          <div
            id="admin-sections"
            className={`${menuOpen ? "flex" : "hidden"} fixed inset-x-0 bottom-[var(--admin-bar)] z-40 max-h-[70vh] flex-col gap-2 overflow-y-auto bg-slate-950 px-4 py-3 shadow-2xl md:static md:flex md:max-h-none md:flex-1 md:flex-row md:flex-wrap md:items-center md:overflow-visible md:bg-transparent md:p-0 md:shadow-none`}
          >
            <nav aria-label="Admin sections" className="flex flex-col gap-1 md:flex-row md:flex-wrap md:gap-0.5">
              {SECTIONS.filter((section) => !section.owner || user?.role === "owner").map((section) =>
                sectionLink(section, "flex min-h-11 items-center rounded-md px-3 text-sm font-medium md:inline-block md:min-h-0 md:px-1.5 md:py-1.5"),
              )}
            </nav>
            <div className="flex items-center gap-3 border-t border-white/20 pt-2 text-sm md:ml-auto md:border-0 md:pt-0">
              <span className="truncate text-slate-300 md:max-w-40" title={user?.name || user?.email}>
                {user?.name || user?.email}
              </span>
              <button
                type="button"
                onClick={() => void logout()}
                disabled={leaving === "busy"}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-medium text-white ring-1 ring-white/40 hover:bg-white/10 disabled:opacity-70 md:min-h-0 md:py-1.5"
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                {leaving === "busy" ? "Signing out..." : "Logout"}
              </button>
            </div>
          </div>
        </div>
      </header>
      <nav aria-label="Front desk" className="fixed inset-x-0 bottom-0 z-40 border-t border-white/15 bg-slate-950 pb-[env(safe-area-inset-bottom)] md:hidden">
        <ul className="grid h-16 grid-cols-4">
          {THUMB_SECTIONS.map(({ section, Icon }) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) =>
                  `relative flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive || (section.also && pathname.startsWith(section.also)) ? "text-white" : "text-slate-400"}`
                }
              >
                <Icon aria-hidden="true" className="h-5 w-5" />
                {section.label}
                {section.to === "/dbadmin/today" && unanswered > 0 && (
                  <span className="absolute top-1.5 left-1/2 ml-2 rounded-full bg-orange-700 px-1.5 text-xs font-bold text-white">
                    {unanswered}
                    <span className="sr-only"> unanswered</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => setMenuOpen((open) => !open)}
              aria-expanded={menuOpen}
              aria-controls="admin-sections"
              className={`flex h-full w-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${menuOpen ? "text-white" : "text-slate-400"}`}
            >
              {menuOpen ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
              More
            </button>
          </li>
        </ul>
      </nav>
      {leaving === "failed" && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 bg-red-50 px-4 py-2 text-sm font-semibold text-red-900">
          {STILL_SIGNED_IN}
          <button type="button" onClick={() => void logout(true)} className="rounded-md bg-white px-3 py-1 ring-1 ring-red-300">
            Try again
          </button>
        </div>
      )}
      <ModalDialog
        open={leaving === "asking"}
        title="Sign out with changes not saved?"
        description="This page has changes that are not saved. If you sign out now, they are lost."
        onCancel={() => setLeaving(null)}
      >
        <DialogActions>
          <button type="button" autoFocus onClick={() => setLeaving(null)} className={PLAIN_BUTTON}>
            Keep editing
          </button>
          <button type="button" onClick={() => void logout(true)} className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            Sign out anyway
          </button>
        </DialogActions>
      </ModalDialog>
      {offline && (
        <p role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-950">
          <WifiOff aria-hidden="true" className="h-4 w-4" />
          Offline: showing what this device saw last. Changes can be made again once the connection is back.
        </p>
      )}
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl px-3 pt-4 pb-[calc(var(--admin-bar)+1rem)] outline-none sm:px-6 md:py-8">
        {/* Offline the page is read-only: every control in it is disabled (links, Call among
            them, still work). */}
        <fieldset role="none" disabled={offline} className="m-0 min-w-0 border-0 p-0">
          {desk !== null && desk.channels.length === 0 && DELIVERY_NOTICE_PAGES.includes(pathname) && (
            <NoDeliveryNotice emailConfigured={desk.emailConfigured} />
          )}
          {children}
        </fieldset>
      </main>
    </div>
  );
}
