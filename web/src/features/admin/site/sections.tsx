// The sections of the site editor, one per tab.
import type { ReactNode } from "react";
import { Section } from "../frame/form";
import { SiteAnswers, SiteChoices, SiteIcon, SiteLines, SiteList, SitePhoto, SitePrice, SiteText } from "./fields";
import { useSiteEditor } from "./SiteEditor";
import type { Json } from "../frame/api";

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
          <SiteText path="business.shortName" label="Short name" hint="Shown where the full name does not fit." />
          <SiteText path="business.phone" label="Phone" type="tel" hint="Shown in the header, the footer and on every call button." />
          <SiteText path="business.email" label="E-mail" type="email" />
          <SiteText path="business.address.street" label="Street address" />
          <SiteText path="business.address.city" label="City" />
          <SiteText path="business.address.region" label="State" />
          <SiteText path="business.address.postalCode" label="ZIP code" />
          <SiteText path="business.socialLabel" label="Social page name" hint="For example: Facebook" />
          <SiteText path="business.socialUrl" label="Social page link" type="url" />
          <SiteText path="business.financingProvider" label="Financing provider" />
          <SiteText path="business.builderName" label="Website credit" hint="Who built the site, named in the footer." />
          <SiteText path="business.builderUrl" label="Website credit link" type="url" />
          <SiteText path="business.responseTime" label="Response time" hint="In your business hours, for example: 1 business day" />
          <SiteText path="business.emergencyResponseTime" label="Emergency response time" hint="Around the clock, for example: 30 minutes" />
          <SiteText path="business.timeZone" label="Time zone" hint="For scheduled posts and the bookings export, for example America/Denver." />
          <Wide>
            <SiteText path="business.blurb" label="About the business (footer)" long />
          </Wide>
          <Wide>
            <SiteLines
              path="business.address.cityZips"
              label="ZIP codes of your city"
              hint="One per line. All of them are in your service area, beside the city pages' own."
            />
          </Wide>
          <Wide>
            <SiteLines
              path="business.address.neighbourhoods"
              label="Neighbourhoods of your city"
              hint="One per line, as people name them. A trailer in one is in your city: Golden Triangle is in Denver, not in Golden."
            />
          </Wide>
        </div>
      </Section>
      <HoursSection />
      <Section title="Rating">
        <p className="mt-1 text-sm text-slate-600">What search engines and the city pages show.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path="rating.value" label="Rating" type="number" hint="Out of 5." />
          <SiteText path="rating.reviewCount" label="Number of reviews" type="number" />
          <SiteText path="rating.customers" label="Customers" hint="For example: 2,500+" />
          <SiteText path="rating.successRate" label="Success rate" hint="For example: 98%" />
          <Wide>
            <SiteText path="rating.reviewSites" label="Where the reviews are" hint="For example: Google and Yelp" />
          </Wide>
        </div>
      </Section>
      <Section title="Languages spoken at the shop">
        <p className="mt-1 text-sm text-slate-600">
          The site's own first. With more than one, the booking form asks which one a customer prefers; each with a note is announced in its own words in the
          header, on the contact page and on the city pages.
        </p>
        <SiteList
          path="business.languages"
          add="Add a language"
          make={() => ({ name: "", code: "", note: null })}
          title={(item, i) => named(item, "name", `Language ${i + 1}`)}
        >
          {(item) => (
            <>
              <SiteText path={`${item}.name`} label="Language" hint="For example: Spanish" />
              <SiteText path={`${item}.code`} label="Language code" hint="For example: es (Spanish), vi (Vietnamese)" />
              <Wide>
                <SiteText path={`${item}.note`} label="What the site says, in that language (optional)" optional hint="For example: Se habla español" />
              </Wide>
            </>
          )}
        </SiteList>
      </Section>
      <Section title="Home page video">
        <p className="mt-1 text-sm text-slate-600">A YouTube video of the shop, played on the home page when a visitor presses its button.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path="hero.videoId" label="YouTube video id" hint="The letters after v= in the video's address. Empty: no video." />
          <SiteText path="hero.videoTitle" label="What the video shows" optional hint="Its play button says it." />
        </div>
      </Section>
      <Section title="Home page figures">
        <SiteList
          path="stats"
          add="Add a figure"
          make={() => ({ value: "", label: "", note: null })}
          title={(item, i) => named(item, "label", `Figure ${i + 1}`)}
        >
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
    <SiteList
      path={path}
      add="Add opening hours"
      make={() => ({ daysLabel: "", days: [], opens: null, closes: null })}
      title={(item, i) => named(item, "daysLabel", `Hours ${i + 1}`)}
    >
      {(item) => (
        <>
          <Wide>
            <SiteText path={`${item}.daysLabel`} label="Days, as shown" hint="For example: Monday - Friday" />
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
      <SiteList path="testimonials" add="Add a testimonial" make={NEW_TESTIMONIAL} title={(item, i) => named(item, "name", `Testimonial ${i + 1}`)}>
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
        path="beforeAfter"
        add="Add a before and after"
        make={() => ({ title: "", description: "", before: "", beforeAlt: "", after: "", afterAlt: "", chatAnswers: [] })}
        title={(item, i) => named(item, "title", `Item ${i + 1}`)}
      >
        {(item) => (
          <>
            <SiteText path={`${item}.title`} label="Title" />
            <SiteText path={`${item}.description`} label="Description" />
            <SitePhoto path={`${item}.before`} altPath={`${item}.beforeAlt`} label="Before photo" />
            <SitePhoto path={`${item}.after`} altPath={`${item}.afterAlt`} label="After photo" />
            <Wide>
              <SiteAnswers path={`${item}.chatAnswers`} legend="Its 'Book a Service' button answers the booking assistant's questions" />
            </Wide>
          </>
        )}
      </SiteList>
    </Section>
  );
}

export const NEW_SERVICE_GROUP = () => ({ icon: "wrench", title: "", description: "", items: [{ title: "", description: "" }], chatAnswers: [] });
export const NEW_SERVICE_CARD = () => ({ icon: "wrench", title: "", description: "", features: [], fromCents: null, chatAnswers: [] });

export function ServicesSection() {
  const { site } = useSiteEditor();
  const sections = (site.servicesPage as { sections?: { title?: string }[] } | undefined)?.sections ?? [];
  return (
    <>
      <Section title="Services on the home page">
        <p className="mt-1 text-sm text-slate-600">The home page's service groups, in this order, each with what it includes.</p>
        <SiteList path="serviceGroups" add="Add a service" make={NEW_SERVICE_GROUP} title={(item, i) => named(item, "title", `Service ${i + 1}`)} folded>
          {(group) => (
            <>
              <SiteIcon path={`${group}.icon`} label="Icon" />
              <SiteText path={`${group}.title`} label="Service" />
              <Wide>
                <SiteText path={`${group}.description`} label="Description" long />
              </Wide>
              <Wide>
                <SiteAnswers path={`${group}.chatAnswers`} legend="Its 'Get Quote' button answers the booking assistant's questions" />
              </Wide>
              <Wide>
                <h4 className="text-sm font-semibold text-slate-900">What it includes</h4>
                <SiteList
                  path={`${group}.items`}
                  add="Add a part of this service"
                  make={() => ({ title: "", description: "" })}
                  title={(item, i) => named(item, "title", `Part ${i + 1}`)}
                >
                  {(part) => (
                    <>
                      <SiteText path={`${part}.title`} label="Name" />
                      <SiteText path={`${part}.description`} label="Description" />
                    </>
                  )}
                </SiteList>
              </Wide>
            </>
          )}
        </SiteList>
      </Section>
      <Section title="Services page">
        <div className="mt-4">
          <SiteText path="servicesPage.intro" label="Introduction" long />
        </div>
      </Section>
      {sections.map((section, s) => (
        <Section key={s} title={section.title ?? `Section ${s + 1}`}>
          <SiteList
            path={`servicesPage.sections[${s}].cards`}
            add="Add a service"
            make={NEW_SERVICE_CARD}
            title={(card, c) => named(card, "title", `Service ${c + 1}`)}
            folded
          >
            {(card) => (
              <>
                <SiteIcon path={`${card}.icon`} label="Icon" />
                <SiteText path={`${card}.title`} label="Service" />
                <SitePrice path={`${card}.fromCents`} label="From price (optional)" hint="The card says 'From $89'. Empty: no price." />
                <Wide>
                  <SiteText path={`${card}.description`} label="Description" long />
                </Wide>
                <Wide>
                  <SiteLines path={`${card}.features`} label="What it includes" />
                </Wide>
                <Wide>
                  <SiteAnswers path={`${card}.chatAnswers`} legend="Its 'Book Service' button answers the booking assistant's questions" />
                </Wide>
              </>
            )}
          </SiteList>
        </Section>
      ))}
      <Section title="Prices and common questions">
        <p className="mt-1 text-sm text-slate-600">
          Under the services, and to search engines: the trip fee, the diagnostic fee, deposits, how customers pay, the warranty. The booking assistant links
          here.
        </p>
        <SiteList
          path="servicesPage.faq"
          add="Add a question"
          make={() => ({ question: "", answer: "" })}
          title={(item, i) => named(item, "question", `Question ${i + 1}`)}
        >
          {(entry) => (
            <>
              <Wide>
                <SiteText path={`${entry}.question`} label="Question" />
              </Wide>
              <Wide>
                <SiteText path={`${entry}.answer`} label="Answer" long />
              </Wide>
            </>
          )}
        </SiteList>
      </Section>
    </>
  );
}
