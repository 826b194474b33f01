// Shown on the dashboard and the bookings page while the server sends new bookings nowhere.
import { MailWarning } from "lucide-react";
import { Link } from "react-router";

export function NoDeliveryNotice() {
  return (
    <div className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <h2 className="font-semibold">New booking requests are not sent to you</h2>
        <p className="mt-1 text-sm">
          Requests only wait here under Bookings: nothing is lost, but nobody is told. Either the server has no e-mail or webhook set up
          (ask whoever runs the website to set <code>--smtp-url</code> and <code>--mail-from</code>, as the README's section 'Getting bookings
          by e-mail' explains), or nobody is set to get the e-mails:{" "}
          <Link to="/dbadmin/notifications" className="font-semibold underline">
            add your address under Notifications
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
