// The calendar feed on the owner's account: a private address that Google Calendar, Apple
// Calendar or Outlook subscribe to, listing the jobs of the past two weeks and the next eight.
// Making a new address stops the old one; turning it off stops it too.
import { CalendarPlus, Copy } from "lucide-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON, Section } from "../frame/form";

export function CalendarFeedSection() {
  const client = useQueryClient();
  /** The feed's address; null when there is none. */
  const query = useQuery({ queryKey: keys.calendarFeed, queryFn: adminApi.calendarFeed });
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string | null | void>, done: string) {
    setBusy(true);
    setMessage(null);
    setFailure(null);
    try {
      client.setQueryData(keys.calendarFeed, (await action()) ?? null);
      setMessage(done);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      setMessage("The address is copied.");
    } catch {
      setMessage("Select the address and copy it.");
    }
  }

  return (
    <Section title="Calendar feed">
      <p className="mt-1 text-sm text-slate-700">
        Your schedule in your phone's calendar: the requested and confirmed jobs of the past 2 weeks and the next 8. In Google Calendar choose "Other
        calendars", "From URL"; on an iPhone, Settings, Calendar, Accounts, "Add Subscribed Calendar"; in Outlook, "Add calendar", "Subscribe from web". The
        address names your customers: keep it to yourself, and make a new one if it gets out.
      </p>
      <Loaded query={query} what="The calendar feed" loading="Loading the calendar feed">
        {(url) =>
          url ? (
            <div className="mt-4 space-y-3">
              <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-slate-800">
                Your feed's address
              </label>
              <div className="flex flex-wrap gap-2">
                <input
                  id="calendar-feed-url"
                  readOnly
                  value={url}
                  onFocus={(event) => event.target.select()}
                  className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
                />
                <button type="button" onClick={() => void copy(url)} className={`${PLAIN_BUTTON} inline-flex items-center gap-1.5`}>
                  <Copy aria-hidden="true" className="h-4 w-4" />
                  Copy
                </button>
              </div>
              {/* webcal: opens the phone's or computer's calendar app at 'Subscribe'. */}
              <a href={url.replace(/^https?:/, "webcal:")} className={`${PRIMARY_BUTTON} inline-flex items-center gap-1.5`}>
                <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                Subscribe in this device's calendar
              </a>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(adminApi.renewCalendarFeed, "A new address is made; the old one has stopped working.")}
                  className={PLAIN_BUTTON}
                >
                  Make a new address
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(adminApi.removeCalendarFeed, "The feed is off; its address has stopped working.")}
                  className={PLAIN_BUTTON}
                >
                  Turn the feed off
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(adminApi.renewCalendarFeed, "Your feed is ready: copy its address into your calendar.")}
              className={`mt-4 ${PRIMARY_BUTTON}`}
            >
              Make a calendar feed
            </button>
          )
        }
      </Loaded>
      {failure && <ErrorNotice className="mt-3">{failure}</ErrorNotice>}
      {message && (
        <p role="status" className="mt-3 text-sm text-green-800">
          {message}
        </p>
      )}
    </Section>
  );
}
