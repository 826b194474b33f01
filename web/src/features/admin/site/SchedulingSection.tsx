// The 'Booking times' tab: when visitors may ask for a time, for drop-offs at the shop and for
// the mobile crew apart (weekly hours, length, jobs at once), how far ahead, the public holidays and other closed days,
// the reminder's hour and the review page; and what the assistant says when it offers times.
import { Section } from "../frame/form";
import { SiteChoices, SiteList, SiteOption, SiteText } from "./fields";
import { WeeklyHours, Wide } from "./sections";
import { useSiteEditor, useSiteField } from "./SiteEditor";

/** One kind of work's times: its own weekly hours or the opening hours, length and jobs at once. */
function KindTimes({ kind, title, length, lengthHint }: { kind: "shop" | "mobile"; title: string; length: string; lengthHint: string }) {
  const { site } = useSiteEditor();
  const hours = useSiteField(`scheduling.${kind}.hours`);
  const own = Array.isArray(hours.value) && hours.value.length > 0;
  const business = (site.business as { hours?: unknown } | undefined)?.hours;
  return (
    <Section title={title}>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SiteText path={`scheduling.${kind}.slotMinutes`} label={length} type="number" hint={lengthHint} />
        <SiteText path={`scheduling.${kind}.jobsAtOnce`} label="Jobs at the same time" type="number" hint="How many customers may book the same time." />
      </div>
      <label className="mt-4 flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={!own}
          onChange={(event) => hours.set(event.target.checked ? [] : structuredClone(Array.isArray(business) ? business : []))}
        />
        Offer times during the opening hours (Business tab)
      </label>
      {hours.error && <p className="mt-1 text-sm text-red-700">{hours.error}</p>}
      {own && <WeeklyHours path={`scheduling.${kind}.hours`} />}
    </Section>
  );
}

/** The US public holidays the shop may close on, by their keys in the site details (the server
 * finds each one's date every year). */
const HOLIDAYS = [
  ["new_years_day", "New Year's Day (January 1)"],
  ["memorial_day", "Memorial Day (last Monday of May)"],
  ["independence_day", "Independence Day (July 4)"],
  ["labor_day", "Labor Day (first Monday of September)"],
  ["thanksgiving", "Thanksgiving (fourth Thursday of November)"],
  ["day_after_thanksgiving", "Day after Thanksgiving"],
  ["christmas_eve", "Christmas Eve (December 24)"],
  ["christmas_day", "Christmas Day (December 25)"],
] as const;

export function SchedulingSection() {
  /** A problem of the settings as a whole: the two answers not of one question. */
  const whole = useSiteField("scheduling");
  return (
    <>
      <Section title="How far ahead">
        <p className="mt-1 text-sm text-slate-600">Visitors pick from the open times in these days; a time you confirm in the schedule may be any day.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText
            path="scheduling.earliestDays"
            label="First day offered, in business days from today"
            type="number"
            hint="1: the next business day. 0: today's later times too."
          />
          <SiteText path="scheduling.latestDays" label="Last day offered, in days from today" type="number" hint="28 is four weeks." />
        </div>
      </Section>
      <KindTimes kind="shop" title="Drop-off at the shop" length="Slot length (minutes)" lengthHint="30 to 480, in steps of 30." />
      <KindTimes
        kind="mobile"
        title="Mobile service"
        length="Arrival window (minutes)"
        lengthHint="How long the customer waits for the crew: 30 to 480, in steps of 30."
      />
      <Section title="Closed on public holidays">
        <div className="mt-2">
          <SiteChoices
            path="scheduling.holidays"
            legend="No times are offered on the holidays you tick, every year; the schedule shows them."
            choices={HOLIDAYS}
            wide
          />
        </div>
      </Section>
      <Section title="Closed days">
        <p className="mt-1 text-sm text-slate-600">Other days with no times at all: a vacation, a training day.</p>
        <SiteList
          path="scheduling.closedDates"
          add="Add a closed day"
          make={() => ""}
          title={(item, i) => (typeof item === "string" && item ? item : `Closed day ${i + 1}`)}
        >
          {(item) => <SiteText path={item} label="Day" type="date" />}
        </SiteList>
      </Section>
      <Section title="After the request">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path="scheduling.reminderTime" label="Reminder e-mail, the day before, at" type="time" hint="Shop time. Sent for confirmed times only." />
          <Wide>
            <SiteText
              path="scheduling.reviewUrl"
              label="Review page address"
              type="url"
              hint="Where a finished job's thank-you e-mail asks the customer to leave a review, for example your Google review link. Empty: no review requests."
            />
          </Wide>
        </div>
      </Section>
      <Section title="What the assistant says">
        <p className="mt-1 text-sm text-slate-600">
          The assistant offers times after the last question, not for emergencies. The two answers below are the ones of its question about the shop or mobile
          service.
        </p>
        {whole.error && <p className="mt-2 text-sm text-red-700">{whole.error}</p>}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteOption path="scheduling.shopAnswer" label="Answer that means a drop-off" />
          <SiteOption path="scheduling.mobileAnswer" label="Answer that means mobile service" />
          <Wide>
            <SiteText path="scheduling.shopQuestion" label="Before the drop-off times" />
          </Wide>
          <Wide>
            <SiteText path="scheduling.mobileQuestion" label="Before the arrival windows" />
          </Wide>
          <SiteText path="scheduling.laterLabel" label="Answer that opens the calendar" />
          <SiteText path="scheduling.callLabel" label="Answer for a call instead" />
        </div>
      </Section>
    </>
  );
}
