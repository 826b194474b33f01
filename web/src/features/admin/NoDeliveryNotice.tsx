// Shown on the dashboard and the bookings page while the server sends new bookings nowhere.
import { MailWarning } from "lucide-react";

export function NoDeliveryNotice() {
  return (
    <div className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <h2 className="font-semibold">New booking requests are not sent to you</h2>
        <p className="mt-1 text-sm">
          The server has no e-mail or webhook set up, so requests only wait here under Bookings. Nothing is lost, but nobody is told. Ask
          whoever runs the website to set the e-mail settings (<code>--smtp-url</code>, <code>--mail-from</code> and <code>--notify-email</code>),
          as the README's section 'Getting bookings by e-mail' explains.
        </p>
      </div>
    </div>
  );
}
