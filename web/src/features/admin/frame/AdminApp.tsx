// The admin area under /dbadmin: rendered in the browser only (no SEO, never cached publicly).
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { AccountPage } from "../account/AccountPage";
import { LoginPage } from "../signin/LoginPage";
import { ResetPasswordPage } from "../signin/ResetPasswordPage";
import { JoinPage } from "../signin/JoinPage";
import { OnCallPage } from "../account/OnCallPage";
import { TeamPage } from "../account/TeamPage";
import { RequireOwner } from "./RequireOwner";
import { AuditPage } from "../account/AuditPage";
import { BookingsPage } from "../bookings/BookingsPage";
import { CustomerPage } from "../customers/CustomerPage";
import { CustomersPage } from "../customers/CustomersPage";
import { NumberPage } from "../bookings/NumberPage";
import { RequestPage } from "../bookings/RequestPage";
import { DashboardPage } from "../posts/DashboardPage";
import { startWorker } from "./device";
import { useLiveDesk } from "./live";
import { newQueryClient } from "./queries";
import { NotificationsPage } from "../account/NotificationsPage";
import { SchedulePage } from "../schedule/SchedulePage";
import { RequireAdmin, SessionProvider, useSession } from "./session";
import { PriceBookPage } from "../prices/PriceBookPage";
import { InvoicePage } from "../quotes/InvoicePage";
import { InvoicesPage } from "../quotes/InvoicesPage";
import { QuotePage } from "../quotes/QuotePage";
import { QuotesPage } from "../quotes/QuotesPage";
import { SitePage } from "../site/SitePage";
import { TodayPage } from "../bookings/TodayPage";

// The editor brings Quill: loaded only when a post is edited.
const PostEditorPage = lazy(() => import("../posts/editor/PostEditorPage").then((m) => ({ default: m.PostEditorPage })));
// The charts' code: loaded only when Insights opens.
const InsightsPage = lazy(() => import("../insights/InsightsPage").then((m) => ({ default: m.InsightsPage })));

/** A link out of the admin area (e.g. a post preview's card) loads the public page. */
function LeaveAdmin() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname.startsWith("/dbadmin")) return;
    window.location.assign(pathname);
  }, [pathname]);
  return pathname.startsWith("/dbadmin") ? <Navigate to="/dbadmin/today" replace /> : null;
}

/** While the admin is signed in: the live stream of bookings. */
function Live() {
  useLiveDesk();
  return null;
}

/** What runs beside every screen: the service worker (offline copies, notifications, a tapped
 * notification opening its request here) and, signed in, the live stream. */
function Services() {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => startWorker((path) => void navigate(path)), [navigate]);
  return user ? <Live /> : null;
}

/** A request's page, made anew for each request (a tapped notification may open another). */
function RequestRoute() {
  const { id } = useParams();
  return <RequestPage key={id} />;
}

/** A customer's page, made anew for each customer (a merge or a split goes to another). */
function CustomerRoute() {
  const { id } = useParams();
  return <CustomerPage key={id} />;
}

/** A quote's page, made anew for each quote. */
function QuoteRoute() {
  const { id } = useParams();
  return <QuotePage key={id} />;
}

function InvoiceRoute() {
  const { id } = useParams();
  return <InvoicePage key={id} />;
}

/** A screen of every member of the team. */
function admin(page: ReactNode) {
  return <RequireAdmin>{page}</RequireAdmin>;
}

/** A screen of the shop's owners: staff who reach it are told why not. */
function owner(page: ReactNode) {
  return (
    <RequireAdmin>
      <RequireOwner>{page}</RequireOwner>
    </RequireAdmin>
  );
}

function editor() {
  return owner(
    <Suspense fallback={<Spinner label="Loading the editor" />}>
      <PostEditorPage />
    </Suspense>,
  );
}

export function AdminApp() {
  const [queryClient] = useState(newQueryClient);
  // Marks the document once the app runs (browser tests wait for it, as on public pages).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Services />
        <Routes>
          <Route path="/dbadmin" element={<LoginPage />} />
          <Route path="/dbadmin/reset/:token" element={<ResetPasswordPage />} />
          <Route path="/dbadmin/join/:token" element={<JoinPage />} />
          <Route path="/dbadmin/team" element={owner(<TeamPage />)} />
          <Route path="/dbadmin/on-call" element={admin(<OnCallPage />)} />
          <Route path="/dbadmin/today" element={admin(<TodayPage />)} />
          <Route path="/dbadmin/bookings/:id" element={admin(<RequestRoute />)} />
          <Route path="/dbadmin/numbers/:number" element={admin(<NumberPage />)} />
          <Route path="/dbadmin/dashboard" element={owner(<DashboardPage />)} />
          <Route path="/dbadmin/posts/new" element={editor()} />
          <Route path="/dbadmin/posts/edit/:id" element={editor()} />
          <Route path="/dbadmin/bookings" element={admin(<BookingsPage />)} />
          <Route path="/dbadmin/schedule" element={admin(<SchedulePage />)} />
          <Route path="/dbadmin/customers" element={admin(<CustomersPage />)} />
          <Route path="/dbadmin/customers/:id" element={admin(<CustomerRoute />)} />
          <Route path="/dbadmin/prices" element={owner(<PriceBookPage />)} />
          <Route path="/dbadmin/quotes" element={admin(<QuotesPage />)} />
          <Route path="/dbadmin/quotes/:id" element={admin(<QuoteRoute />)} />
          <Route path="/dbadmin/invoices" element={admin(<InvoicesPage />)} />
          <Route path="/dbadmin/invoices/:id" element={admin(<InvoiceRoute />)} />
          <Route
            path="/dbadmin/insights"
            element={owner(
              <Suspense fallback={<Spinner label="Loading the figures" />}>
                <InsightsPage />
              </Suspense>,
            )}
          />
          <Route path="/dbadmin/notifications" element={owner(<NotificationsPage />)} />
          <Route path="/dbadmin/site/:section?" element={owner(<SitePage />)} />
          <Route path="/dbadmin/audit" element={owner(<AuditPage />)} />
          <Route path="/dbadmin/account" element={admin(<AccountPage />)} />
          <Route path="*" element={<LeaveAdmin />} />
        </Routes>
      </SessionProvider>
    </QueryClientProvider>
  );
}
