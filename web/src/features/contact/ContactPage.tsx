import { Bot, Clock, Mail, MapPin, Phone, Siren, Warehouse } from "lucide-react";
import type { ReactNode } from "react";
import { PageHero } from "../../components/PageHero";
import { BookingButton } from "../../components/BookingButton";
import { useLayout } from "../../lib/layout";
import type { ContactData, PlainErrors, RefusedRequest } from "../../lib/api-schema";
import { PhoneLink } from "../../components/PhoneLink";
import { SpokenLanguages } from "../../components/SpokenLanguages";

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-orange-100 text-orange-700">{icon}</span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}

/** The cards' columns on a wide screen, by how many there are (the phone and e-mail cards wait
 * until the shop's own are set). */
const WIDE_COLUMNS: Record<number, string> = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" };

export function ContactPage({ data }: { data: ContactData }) {
  const layout = useLayout();
  const a = layout.address;
  const link = "font-semibold text-orange-800 underline underline-offset-4 hover:text-orange-900";
  const iconClass = "h-6 w-6";
  return (
    <>
      <PageHero title="Contact Us" subtitle="Book online in a minute, call us, or stop by the shop." />

      <section className="mx-auto max-w-4xl px-4 pt-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-slate-900 p-8 text-center text-white sm:flex-row sm:text-left">
          <Bot aria-hidden="true" className="h-14 w-14 shrink-0 text-orange-300" />
          <div className="flex-1">
            <h2 className="text-2xl font-bold">Book With Our Assistant</h2>
            <p className="mt-2 text-slate-200">{data.contact.assistant}</p>
          </div>
          <BookingButton className="shrink-0 rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">Start Chat Now</BookingButton>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="text-center text-3xl font-bold text-slate-900">Reach Us Directly</h2>
        <ul className={`mt-10 grid gap-6 sm:grid-cols-2 ${WIDE_COLUMNS[2 + Number(Boolean(layout.phone)) + Number(Boolean(layout.email))]}`}>
          {layout.phone && layout.phoneHref && (
            <ContactCard icon={<Phone aria-hidden="true" className={iconClass} />} title="Call Us">
              <a href={layout.phoneHref} className={link}>
                {layout.phone}
              </a>
              <p className="mt-2 text-sm text-slate-600">{layout.emergency}</p>
              <SpokenLanguages className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-slate-800" />
            </ContactCard>
          )}
          {layout.email && (
            <ContactCard icon={<Mail aria-hidden="true" className={iconClass} />} title="E-mail Us">
              <a href={`mailto:${layout.email}`} className={`${link} break-all`}>
                {layout.email}
              </a>
              <p className="mt-2 text-sm text-slate-600">We reply within {data.responseTime}.</p>
            </ContactCard>
          )}
          <ContactCard icon={<MapPin aria-hidden="true" className={iconClass} />} title="Visit the Shop">
            <address className="not-italic">
              {a.street}
              <br />
              {a.city}, {a.region} {a.postalCode}
            </address>
            <a href={a.mapsUrl} target="_blank" rel="noopener noreferrer" className={`${link} mt-2 inline-block`}>
              Get Directions<span className="sr-only"> (opens a map in a new tab)</span>
            </a>
            {/* Said beside the phone, or here until the shop's phone is set. */}
            {!layout.phone && <SpokenLanguages className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-slate-800" />}
          </ContactCard>
          <ContactCard icon={<Clock aria-hidden="true" className={iconClass} />} title="Opening Hours">
            <dl className="space-y-1 text-sm">
              {layout.hours.map((h) => (
                <div key={h.days} className="flex justify-between gap-3">
                  <dt className="font-medium">{h.days}</dt>
                  <dd>{h.time}</dd>
                </div>
              ))}
            </dl>
          </ContactCard>
        </ul>
      </section>

      <PlainRequestForm responseTime={data.responseTime} refused={data.refused ?? null} />

      <section className="bg-red-800 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6 lg:flex-row lg:text-left lg:px-8">
          <Siren aria-hidden="true" className="h-14 w-14 shrink-0" />
          <div className="flex-1">
            <h2 className="text-2xl font-bold">Trailer Emergency?</h2>
            <p className="mt-2 text-red-50">{data.contact.emergency}</p>
          </div>
          <div className="flex flex-wrap justify-center gap-3">
            <PhoneLink className="inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-red-800 hover:bg-red-50" prefix="Call" />
            <BookingButton
              presets={{ answers: layout.chat.emergencyAnswers }}
              className="rounded-lg px-5 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10"
            >
              Chat with Assistant
            </BookingButton>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <Warehouse aria-hidden="true" className="mx-auto h-12 w-12 text-orange-700" />
        <h2 className="mt-4 text-3xl font-bold text-slate-900">Visit Our Workshop</h2>
        <p className="mt-4 text-lg text-slate-700">{data.contact.workshop}</p>
        <p className="mt-4 font-semibold text-slate-900">
          {a.street}, {a.city}, {a.region} {a.postalCode}
        </p>
      </section>
    </>
  );
}

/** A field of the plain form: its label, the control, and the error the server sent it back
 * with (tied to the control for screen readers). */
function PlainField({
  name,
  label,
  error,
  children,
}: {
  name: keyof PlainErrors;
  label: string;
  error: string | null | undefined;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorId = `plain-${name}-error`;
  return (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      {children(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      {error && (
        <span id={errorId} className="mt-1 block text-sm font-medium text-red-800">
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * A request without the assistant, for a browser without JavaScript (and a booking button tapped
 * before the page's script ran, which leads here): a plain form the server takes, then sends the
 * visitor back here to #request-sent, which the page shows by CSS alone. Refused, the server
 * answers with this page and the form as sent (`refused`): filled, each field's error under it.
 */
function PlainRequestForm({ responseTime, refused }: { responseTime: string; refused: RefusedRequest | null }) {
  const layout = useLayout();
  const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none";
  const sent = refused?.fields;
  const errors = refused?.errors;
  const fixes = errors ? Object.values(errors).filter(Boolean).length : 0;
  return (
    <section id="request" aria-labelledby="request-title" className="scroll-mt-24 bg-slate-50 py-16">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <h2 id="request-title" className="text-3xl font-bold text-slate-900">
          Send Us a Request
        </h2>
        <p className="mt-2 text-slate-700">
          Rather fill in a form? Tell us what's going on and how to reach you, and we'll get back to you within {responseTime}.
          {layout.phone && layout.phoneHref && (
            <>
              {" "}
              For an emergency, call{" "}
              <a href={layout.phoneHref} className="font-semibold text-orange-800 underline">
                {layout.phone}
              </a>
              .
            </>
          )}
        </p>
        <p
          id="request-sent"
          role="status"
          className="mt-4 hidden scroll-mt-24 rounded-lg bg-green-50 p-4 font-medium text-green-900 ring-1 ring-green-300 target:block"
        >
          Thank you: your request is in. We'll be in touch within {responseTime}, and a copy with your request number is on its way to your e-mail.
        </p>
        {refused && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 font-medium text-red-900 ring-1 ring-red-300">
            {refused.problem ??
              `Your request was not sent yet: ${fixes === 1 ? "one field needs" : "some fields need"} a change, said under ${fixes === 1 ? "it" : "each"}. What you typed is kept.`}{" "}
            {layout.phone && `Or call us at ${layout.phone}.`}
          </p>
        )}
        <form method="post" action="/contact/request#request" className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div className="grid gap-4 sm:grid-cols-2">
            <PlainField name="name" label="Name" error={errors?.name}>
              {(described) => <input name="name" required maxLength={100} autoComplete="name" defaultValue={sent?.name} className={field} {...described} />}
            </PlainField>
            <PlainField name="phone" label="Phone" error={errors?.phone}>
              {(described) => (
                <input name="phone" type="tel" required maxLength={40} autoComplete="tel" defaultValue={sent?.phone} className={field} {...described} />
              )}
            </PlainField>
          </div>
          <PlainField name="email" label="Email" error={errors?.email}>
            {(described) => (
              <input name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={sent?.email} className={field} {...described} />
            )}
          </PlainField>
          <PlainField name="details" label="What's going on with the trailer?" error={errors?.details}>
            {(described) => <textarea name="details" rows={3} maxLength={2000} defaultValue={sent?.details} className={field} {...described} />}
          </PlainField>
          <PlainField
            name="location"
            label="Where is the trailer? (for mobile service: a city or ZIP code, or a highway and the nearest exit)"
            error={errors?.location}
          >
            {(described) => <input name="location" maxLength={120} autoComplete="postal-code" defaultValue={sent?.location} className={field} {...described} />}
          </PlainField>
          {/* A field people never see; bots that fill it in are flagged as spam. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Website
              <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <button type="submit" className="w-full rounded-lg bg-orange-700 px-4 py-3 font-semibold text-white hover:bg-orange-800">
            Send Request
          </button>
        </form>
      </div>
    </section>
  );
}
