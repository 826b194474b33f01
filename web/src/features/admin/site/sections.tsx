// The sections of the site editor, one per tab.
import type { ReactNode } from "react";
import { Section } from "../form";
import { SiteChoices, SiteLines, SiteList, SitePhoto, SiteText } from "./fields";
import { useSiteEditor } from "./SiteEditor";
import type { Json } from "./siteDraft";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The text of `key` in a list item, for its heading. */
export function named(item: Json, key: string, fallback: string): string {
  const value = item && typeof item === "object" && !Array.isArray(item) ? item[key] : null;
  return typeof value === "string" && value.trim() ? value : fallback;
}

export function Wide({ children }: { children: ReactNode }) {
  return <div className="sm:col-span-2">{children}</div>;
}

export function BusinessSection() {
  return (
    <>
      <Section title="Business">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path="business.name" label="Business name" />
          <SiteText path="business.short_name" label="Short name" hint="Shown where the full name does not fit." />
          <SiteText path="business.phone" label="Phone" type="tel" hint="Shown in the header, the footer and on every call button." />
          <SiteText path="business.email" label="E-mail" type="email" />
          <SiteText path="business.address.street" label="Street address" />
          <SiteText path="business.address.city" label="City" />
          <SiteText path="business.address.region" label="State" />
          <SiteText path="business.address.postal_code" label="ZIP code" />
          <SiteText path="business.social_label" label="Social page name" hint="For example: Facebook" />
          <SiteText path="business.social_url" label="Social page link" type="url" />
          <SiteText path="business.financing_provider" label="Financing provider" />
          <SiteText path="business.response_time" label="Response time" hint="In your business hours, for example: 1 business day" />
          <SiteText path="business.emergency_response_time" label="Emergency response time" hint="Around the clock, for example: 30 minutes" />
          <SiteText path="business.time_zone" label="Time zone" hint="For scheduled posts and the bookings export, for example America/Denver." />
          <Wide>
            <SiteText path="business.blurb" label="About the business (footer)" long />
          </Wide>
          <Wide>
            <SiteLines path="business.address.city_zips" label="ZIP codes of your city" hint="One per line. All of them are in your service area, beside the city pages' own." />
          </Wide>
        </div>
      </Section>
      <HoursSection />
      <Section title="Rating">
        <p className="mt-1 text-sm text-slate-600">What search engines and the city pages show.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path="rating.value" label="Rating" type="number" hint="Out of 5." />
          <SiteText path="rating.review_count" label="Number of reviews" type="number" />
          <SiteText path="rating.customers" label="Customers" hint="For example: 2,500+" />
          <SiteText path="rating.success_rate" label="Success rate" hint="For example: 98%" />
          <Wide>
            <SiteText path="rating.review_sites" label="Where the reviews are" hint="For example: Google and Yelp" />
          </Wide>
        </div>
      </Section>
      <Section title="Home page figures">
        <SiteList path="stats" noun="figure" make={() => ({ value: "", label: "", note: null })} title={(item, i) => named(item, "label", `Figure ${i + 1}`)}>
          {(item) => (
            <>
              <SiteText path={`${item}.value`} label="Figure" hint="For example: 4.9/5" />
              <SiteText path={`${item}.label`} label="What it counts" />
              <Wide>
                <SiteText path={`${item}.note`} label="Note (optional)" optional />
              </Wide>
            </>
          )}
        </SiteList>
      </Section>
      <Section title="City page figures">
        <SiteList path="city_stats" noun="figure" make={() => ({ value: "", label: "", note: null })} title={(item, i) => named(item, "label", `Figure ${i + 1}`)}>
          {(item) => (
            <>
              <SiteText path={`${item}.value`} label="Figure" />
              <SiteText path={`${item}.label`} label="What it counts" />
            </>
          )}
        </SiteList>
      </Section>
    </>
  );
}

function HoursSection() {
  return (
    <Section title="Opening hours">
      <p className="mt-1 text-sm text-slate-600">Leave both times empty for days the shop is closed.</p>
      <WeeklyHours path="business.hours" />
    </Section>
  );
}

/** A list of weekly hours at `path`: the days, as shown and as checked, with their times. */
export function WeeklyHours({ path }: { path: string }) {
  return (
    <SiteList path={path} noun="opening hours" make={() => ({ days_label: "", days: [], opens: null, closes: null })} title={(item, i) => named(item, "days_label", `Hours ${i + 1}`)}>
      {(item) => (
        <>
          <Wide>
            <SiteText path={`${item}.days_label`} label="Days, as shown" hint="For example: Monday - Friday" />
          </Wide>
          <SiteText path={`${item}.opens`} label="Opens" type="time" optional />
          <SiteText path={`${item}.closes`} label="Closes" type="time" optional />
          <Wide>
            <SiteChoices path={`${item}.days`} legend="Days" choices={WEEKDAYS.map((day) => [day, day] as const)} />
          </Wide>
        </>
      )}
    </SiteList>
  );
}


/** The fields of one testimonial at `item`. */
export function TestimonialFields({ item }: { item: string }) {
  return (
    <>
      <SiteText path={`${item}.name`} label="Name" />
      <SiteText path={`${item}.role`} label="Role" hint="For example: Horse owner" />
      <SiteText path={`${item}.location`} label="Location" optional />
      <SiteText path={`${item}.rating`} label="Rating (1 to 5)" type="number" />
      <SiteText path={`${item}.date`} label="Date" optional hint="For example: March 2026" />
      <Wide>
        <SiteText path={`${item}.quote`} label="What they said" long />
      </Wide>
      <Wide>
        <SitePhoto path={`${item}.photo`} label="Photo (optional)" />
      </Wide>
    </>
  );
}

export const NEW_TESTIMONIAL = () => ({ name: "", role: "", location: null, rating: 5, date: null, quote: "", photo: null });

export function TestimonialsSection() {
  return (
    <Section title="Testimonials on the home page">
      <SiteList path="testimonials" noun="testimonial" make={NEW_TESTIMONIAL} title={(item, i) => named(item, "name", `Testimonial ${i + 1}`)}>
        {(item) => <TestimonialFields item={item} />}
      </SiteList>
    </Section>
  );
}

export function WorkSection() {
  return (
    <Section title="Before and after">
      <p className="mt-1 text-sm text-slate-600">Shown on the home page, in this order.</p>
      <SiteList
        path="before_after"
        noun="before and after"
        make={() => ({ title: "", description: "", before: "", before_alt: "", after: "", after_alt: "" })}
        title={(item, i) => named(item, "title", `Item ${i + 1}`)}
      >
        {(item) => (
          <>
            <SiteText path={`${item}.title`} label="Title" />
            <SiteText path={`${item}.description`} label="Description" />
            <SitePhoto path={`${item}.before`} altPath={`${item}.before_alt`} label="Before photo" />
            <SitePhoto path={`${item}.after`} altPath={`${item}.after_alt`} label="After photo" />
          </>
        )}
      </SiteList>
    </Section>
  );
}

export function ServicesSection() {
  const { site } = useSiteEditor();
  const sections = (site.services_page as { sections?: { title?: string; cards?: Json[] }[] } | undefined)?.sections ?? [];
  const groups = Array.isArray(site.service_groups) ? site.service_groups : [];
  return (
    <>
      <Section title="Services on the home page">
        <ul className="mt-4 space-y-4">
          {groups.map((group, g) => (
            <li key={g} className="grid gap-4 rounded-lg p-4 ring-1 ring-slate-200 sm:grid-cols-2">
              <Wide>
                <SiteText path={`service_groups[${g}].title`} label="Service" />
              </Wide>
              <Wide>
                <SiteText path={`service_groups[${g}].description`} label={`Description of ${named(group, "title", "the service")}`} long />
              </Wide>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Services page">
        <div className="mt-4">
          <SiteText path="services_page.intro" label="Introduction" long />
        </div>
      </Section>
      {sections.map((section, s) => (
        <Section key={s} title={section.title ?? `Section ${s + 1}`}>
          <ul className="mt-4 space-y-4">
            {(section.cards ?? []).map((card, c) => {
              const item = `services_page.sections[${s}].cards[${c}]`;
              return (
                <li key={c} className="grid gap-4 rounded-lg p-4 ring-1 ring-slate-200 sm:grid-cols-2">
                  <Wide>
                    <SiteText path={`${item}.title`} label="Service" />
                  </Wide>
                  <Wide>
                    <SiteText path={`${item}.description`} label={`Description of ${named(card, "title", "the service")}`} long />
                  </Wide>
                  <Wide>
                    <SiteLines path={`${item}.features`} label={`What ${named(card, "title", "it")} includes`} />
                  </Wide>
                </li>
              );
            })}
          </ul>
        </Section>
      ))}
    </>
  );
}
