// Shown on the dashboard and the bookings page while new bookings reach nobody: with what is
// missing, in the owner's words (an address to add, or e-mail the host has to set up). Staff
// cannot change it, so they are not shown it.
import { MailWarning } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "./session";

export function NoDeliveryNotice({ emailConfigured }: { emailConfigured: boolean }) {
  const { user } = useSession();
  if (user?.role !== "owner") return null;
  const notifications = (
    <Link to="/dbadmin/notifications" className="font-semibold underline">
      add your address under Notifications
    </Link>
  );
  return (
    <div className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <h2 className="font-semibold">New booking requests are not sent to you</h2>
        {emailConfigured ? (
          <p className="mt-1 text-sm">
            Requests only wait here under Bookings: nothing is lost, but nobody is told. The site can send e-mail; it only needs to know where: {notifications}.
          </p>
        ) : (
          <p className="mt-1 text-sm">
            Requests only wait here under Bookings: nothing is lost, but nobody is told. The server has no e-mail or webhook set up yet: ask whoever runs the
            website to set <code className="whitespace-nowrap">--smtp-url</code> and <code className="whitespace-nowrap">--mail-from</code>, as the owner's
            guide's section 'Getting bookings by e-mail' explains. Then {notifications}.
          </p>
        )}
      </div>
    </div>
  );
}
