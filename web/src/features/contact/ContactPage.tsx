import { Bot, Clock, Mail, MapPin, Phone, Siren, Warehouse } from "lucide-react";
import type { ReactNode } from "react";
import { PageHero } from "../../components/PageHero";
import { useOpenBooking } from "../../lib/bookingDialog";
import { useLayout } from "../../lib/layout";
import type { ContactData } from "../../lib/types";
import { PhoneLink } from "../../components/PhoneLink";

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-orange-100 text-orange-700">{icon}</span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}

export function ContactPage({ data }: { data: ContactData }) {
  const layout = useLayout();
  const openBooking = useOpenBooking();
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
          <button
            type="button"
            onClick={openBooking}
            className="shrink-0 rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800"
          >
            Start Chat Now
          </button>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="text-center text-3xl font-bold text-slate-900">Reach Us Directly</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard icon={<Phone aria-hidden="true" className={iconClass} />} title="Call Us">
            <a href={layout.phoneHref} className={link}>
              {layout.phone}
            </a>
            <p className="mt-2 text-sm text-slate-600">{layout.emergency}</p>
          </ContactCard>
          <ContactCard icon={<Mail aria-hidden="true" className={iconClass} />} title="E-mail Us">
            <a href={`mailto:${layout.email}`} className={`${link} break-all`}>
              {layout.email}
            </a>
            <p className="mt-2 text-sm text-slate-600">We reply within {data.responseTime}.</p>
          </ContactCard>
          <ContactCard icon={<MapPin aria-hidden="true" className={iconClass} />} title="Visit the Shop">
            <address className="not-italic">
              {a.street}
              <br />
              {a.city}, {a.region} {a.postalCode}
            </address>
            <a href={a.mapsUrl} target="_blank" rel="noopener noreferrer" className={`${link} mt-2 inline-block`}>
              Get Directions<span className="sr-only"> (opens a map in a new tab)</span>
            </a>
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

      <section className="bg-red-800 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6 lg:flex-row lg:text-left lg:px-8">
          <Siren aria-hidden="true" className="h-14 w-14 shrink-0" />
          <div className="flex-1">
            <h2 className="text-2xl font-bold">Trailer Emergency?</h2>
            <p className="mt-2 text-red-50">{data.contact.emergency}</p>
          </div>
          <div className="flex flex-wrap justify-center gap-3">
            <PhoneLink className="inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-red-800 hover:bg-red-50" prefix="Call" />
            <button
              type="button"
              onClick={(event) => openBooking(event, { answers: layout.chat.emergencyAnswers })}
              className="rounded-lg px-5 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10"
            >
              Chat with Assistant
            </button>
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
