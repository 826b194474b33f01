import { CalendarPlus, CheckCircle2, Home, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useLayout } from "../../lib/layout";
import { useIsClient } from "../../lib/useIsClient";
import type { ThankYouData } from "../../lib/api-schema";
import { readThankYouState } from "./thankYouState";

/**
 * Shown after a booking. The visitor's name and e-mail arrive as navigation state; opened
 * without them (typed in, a new tab) the page sends the visitor home, replacing this entry.
 */
export function ThankYouPage({ data }: { data: ThankYouData }) {
  const layout = useLayout();
  const location = useLocation();
  const navigate = useNavigate();
  const isClient = useIsClient();
  const visitor = isClient ? readThankYouState(location.state) : null;

  useEffect(() => {
    if (isClient && !visitor) navigate("/", { replace: true });
  }, [isClient, visitor, navigate]);
  // Arriving from the booking dialog, screen readers start at the thanks, not at the page's top.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = visitor !== null;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  return (
    <section className="min-h-[80vh] bg-gradient-to-br from-slate-950 via-slate-900 to-orange-950 px-4 pt-32 pb-20 text-white sm:px-6 lg:px-8">
      {visitor && (
        <div className="mx-auto max-w-3xl text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-green-400" />
          <h1 ref={heading} tabIndex={-1} className="mt-6 text-4xl font-extrabold outline-none">
            Thank You, {visitor.name}!
          </h1>
          <p className="mt-4 text-lg text-slate-200">
            Your service request has been submitted successfully. We'll be in touch at <strong className="text-white">{visitor.email}</strong> or by phone.
          </p>
          {visitor.requestNumber !== undefined && (
            <p className="mt-3 text-lg text-slate-200">
              Your request number is <strong className="text-white">#{visitor.requestNumber}</strong>.
            </p>
          )}
          {visitor.requested && (
            <div className="mt-8 rounded-2xl bg-white/10 p-6 text-left ring-1 ring-white/30">
              <p className="text-lg">
                Requested: <strong className="text-white">{visitor.requested}</strong>
              </p>
              <p className="mt-1 text-slate-200">We'll confirm this time by e-mail, or call you to agree another one.</p>
              {visitor.dropOff && (
                <p className="mt-3 text-slate-100">
                  Bring the trailer to{" "}
                  <a href={layout.address.mapsUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-white underline">
                    {layout.address.street}, {layout.address.city}, {layout.address.region} {layout.address.postalCode}
                    <span className="sr-only"> (opens a map in a new tab)</span>
                  </a>
                  .
                </p>
              )}
              {visitor.manageUrl && (
                <a
                  href={`/api/manage/${visitor.manageUrl.slice("/booking/".length)}/calendar.ics`}
                  download
                  className="mt-4 inline-flex items-center gap-2 font-semibold text-orange-200 underline hover:text-white"
                >
                  <CalendarPlus aria-hidden="true" className="h-5 w-5" />
                  Add to my calendar
                </a>
              )}
            </div>
          )}
          {visitor.manageUrl && (
            <p className="mt-4 text-slate-200">
              Need to change something?{" "}
              <a href={visitor.manageUrl} className="font-semibold text-white underline">
                See, change or cancel your request
              </a>
              . The same link is in your confirmation e-mail.
            </p>
          )}
          {visitor.emergency && layout.phone && layout.phoneHref && (
            <div className="mt-10 rounded-2xl bg-red-700 p-6 text-white shadow-xl">
              <p className="text-lg font-semibold">Is the trailer stuck or unsafe right now? Our 24/7 line answers day and night.</p>
              <a
                href={layout.phoneHref}
                className="mt-4 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 text-lg font-bold text-red-800 hover:bg-red-50"
              >
                <Phone aria-hidden="true" className="h-5 w-5" />
                Call the 24/7 line: {layout.phone}
              </a>
            </div>
          )}
          <div className="mt-12 rounded-2xl bg-white p-8 text-left text-slate-800 shadow-xl">
            <h2 className="text-2xl font-bold text-slate-900">What Happens Next?</h2>
            <ol className="mt-6 space-y-5">
              {(visitor.emergency ? data.emergencySteps : data.steps).map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-orange-700 font-bold text-white">{index + 1}</span>
                  <p className="pt-1.5">{step}</p>
                </li>
              ))}
            </ol>
          </div>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Link to="/" className="inline-flex items-center gap-2 rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
              <Home aria-hidden="true" className="h-5 w-5" />
              Return Home
            </Link>
            {layout.phoneHref && (
              <a
                href={layout.phoneHref}
                className="inline-flex items-center gap-2 rounded-lg px-6 py-3 font-semibold text-white ring-2 ring-white/80 hover:bg-white/10"
              >
                <Phone aria-hidden="true" className="h-5 w-5" />
                Call Us
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
