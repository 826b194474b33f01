import { ArrowLeft, CheckCircle2, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { ClosingCta } from "../../components/ClosingCta";
import { Icon } from "../../components/Icon";
import { SectionHeading } from "../../components/SectionHeading";
import { TestimonialCard } from "../../components/TestimonialCard";
import { BookingButton } from "../../components/BookingButton";
import type { CityData } from "../../lib/api-schema";
import { PhoneLink } from "../../components/PhoneLink";
import { SpokenLanguages } from "../../components/SpokenLanguages";

export function CityPage({ data }: { data: CityData }) {
  const { city } = data;
  // The city answers the assistant's 'where is the trailer' question.
  const here = { place: city.name };
  return (
    <>
      <section className="bg-gradient-to-br from-slate-950 via-slate-900 to-orange-950 px-4 pt-28 pb-16 text-white sm:px-6 lg:px-8">
        <div className="mx-auto max-w-5xl">
          <Link to="/service-areas" className="inline-flex items-center gap-2 text-sm font-semibold text-orange-200 hover:text-white">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Service Areas
          </Link>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">Trailer Repair in {city.name}</h1>
          {(city.distance || city.population) && (
            <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-lg text-slate-200">
              {city.distance && (
                <span className="inline-flex items-center gap-2">
                  <MapPin aria-hidden="true" className="h-5 w-5" /> {city.distance}
                </span>
              )}
              {city.population && (
                <span className="inline-flex items-center gap-2">
                  <Users aria-hidden="true" className="h-5 w-5" /> Population {city.population}
                </span>
              )}
            </p>
          )}
          {city.blurb && <p className="mt-4 max-w-3xl text-lg text-slate-200">{city.blurb}</p>}
          <SpokenLanguages className="mt-4 flex items-center gap-2 text-lg font-semibold text-orange-200" iconClassName="h-5 w-5" />
          <div className="mt-8 flex flex-wrap gap-4">
            <BookingButton presets={here} className="rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
              Schedule Service in {city.name}
            </BookingButton>
            <PhoneLink className="inline-flex items-center gap-2 rounded-lg px-6 py-3 font-semibold text-white ring-2 ring-white/80 hover:bg-white/10" />
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="lg:col-span-2">
          <h2 className="text-3xl font-bold text-slate-900">{city.since ? `Serving ${city.name} Since ${city.since}` : `Trailer Service in ${city.name}`}</h2>
          <p className="mt-5 text-lg leading-relaxed text-slate-700">
            {city.description ||
              `We take trailers from ${city.name} at our shop on ${data.shopStreet}, and our mobile crew comes to you for repairs on the spot. Tell us what's wrong and we'll get back to you with a time.`}
          </p>
          {city.localInfo && (
            <>
              <h3 className="mt-8 text-xl font-semibold text-slate-900">On the Road in {city.name}</h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{city.localInfo}</p>
            </>
          )}
        </div>
        <aside className="flex flex-col rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          {city.keyFeatures.length > 0 && (
            <>
              <h3 className="text-lg font-semibold text-slate-900">What {city.name} Customers Get</h3>
              <ul className="mt-4 space-y-3">
                {city.keyFeatures.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-orange-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className={`${city.keyFeatures.length > 0 ? "mt-8 border-t border-slate-200 pt-6" : ""} lg:mt-auto`}>
            <p className="text-slate-700">
              {city.distance && city.county
                ? `${city.name} sits ${city.distance}, in ${city.county}. The shop and the mobile truck serve all of it.`
                : `The shop and the mobile truck serve all of ${city.name}.`}
            </p>
            <BookingButton
              presets={here}
              className="mt-4 block w-full rounded-lg bg-orange-700 px-4 py-3 text-center font-semibold text-white hover:bg-orange-800"
            >
              Get a Quote in {city.name}
            </BookingButton>
            <PhoneLink
              className="mt-3 flex items-center justify-center gap-2 rounded-lg px-4 py-3 font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-white"
              iconClassName="h-4 w-4"
            />
          </div>
        </aside>
      </section>

      {city.stats.length > 0 && (
        <section aria-label={`Our record in ${city.name}`} className="bg-slate-900 py-12 text-white">
          <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 text-center sm:px-6 lg:grid-cols-4 lg:px-8">
            {city.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col">
                <dt className="text-sm text-slate-300">{stat.label}</dt>
                <dd className="order-first text-3xl font-extrabold text-orange-300">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <SectionHeading title={`Trailer Services in ${city.name}`} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.services.map((service) => (
            <li key={service.title}>
              <Link to="/services" className="flex h-full gap-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 hover:ring-orange-400">
                <Icon name={service.icon} className="h-8 w-8 shrink-0 text-orange-700" />
                <span>
                  <span className="block text-lg font-semibold text-slate-900">{service.title}</span>
                  <span className="mt-1 block text-slate-600">{service.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {city.testimonials.length > 0 && (
        <section className="bg-slate-100 py-16">
          <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
            <SectionHeading title={`What ${city.name} Customers Say`} />
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {city.testimonials.map((t) => (
                <li key={t.name}>
                  <TestimonialCard testimonial={t} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <ClosingCta cta={data.closingCta} secondary="call" />
    </>
  );
}
