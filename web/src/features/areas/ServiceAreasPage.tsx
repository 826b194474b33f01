import { MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { ClosingCta } from "../../components/ClosingCta";
import { PageHero } from "../../components/PageHero";
import { Stars } from "../../components/Stars";
import type { ServiceAreasData } from "../../lib/api-schema";
import { cardDelay } from "./entrance";

export function ServiceAreasPage({ data }: { data: ServiceAreasData }) {
  return (
    <>
      <PageHero
        title="Areas We Serve"
        subtitle={`Shop and mobile trailer service in ${data.cities.length} communities across the Denver metro and the foothills.`}
      />
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.cities.map((city, index) => (
            <li
              key={city.slug}
              className="animate-rise flex flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200"
              style={{ animationDelay: cardDelay(index) }}
            >
              <h2 className="text-xl font-bold text-slate-900">{city.name}</h2>
              {city.distance && (
                <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="h-4 w-4" /> {city.distance}
                </p>
              )}
              {city.population && (
                <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                  <Users aria-hidden="true" className="h-4 w-4" /> Population {city.population}
                </p>
              )}
              <div className="mt-3 flex items-center gap-2">
                <Stars rating={5} />
                <span className="text-sm font-semibold text-slate-800">
                  {data.rating.value}/{data.rating.best}
                </span>
              </div>
              <p className="mt-3 flex-1 text-slate-700">{city.blurb}</p>
              <Link
                to={`/service-areas/${city.slug}`}
                className="mt-5 rounded-lg bg-slate-900 px-4 py-2.5 text-center font-semibold text-white hover:bg-slate-800"
              >
                View {city.name} Services
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ClosingCta cta={data.closingCta} secondary="call" />
    </>
  );
}
