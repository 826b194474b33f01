import { Link } from "react-router";
import { ClosingCta } from "../../components/ClosingCta";
import { Icon } from "../../components/Icon";
import { SectionHeading } from "../../components/SectionHeading";
import { ServiceCard } from "../../components/ServiceCard";
import { BookingButton } from "../../components/BookingButton";
import { cardGrid } from "../../lib/cardGrid";
import { useLayout } from "../../lib/layout";
import type { HomeData } from "../../lib/api-schema";
import { CompareSlider } from "./CompareSlider";
import { Hero } from "./Hero";
import { TestimonialCarousel } from "./TestimonialCarousel";

export function HomePage({ data }: { data: HomeData }) {
  const layout = useLayout();
  const whyGrid = cardGrid(data.whyChoose.length);
  return (
    <>
      <Hero hero={data.hero} financingProvider={data.financingProvider} />

      <section aria-label="Our record" className="relative z-10 mx-auto -mt-12 max-w-6xl px-4 sm:px-6 lg:px-8">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {data.stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-white p-6 text-center shadow-lg ring-1 ring-slate-200">
              <dt className="text-sm font-medium text-slate-600">
                {stat.label}
                {stat.note && <span className="block text-xs">{stat.note}</span>}
              </dt>
              <dd className="order-first text-3xl font-extrabold text-orange-700 sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading title={`Why Choose ${layout.name}`} subtitle="A local family shop with the tools of a fleet service and the care of a neighbour." />
        <ul className={`mt-12 ${whyGrid.list}`}>
          {data.whyChoose.map((feature, index) => (
            <li key={feature.title} className={`rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 ${whyGrid.item(index)}`}>
              <Icon name={feature.icon} className="h-8 w-8 text-orange-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/about" className="font-semibold text-orange-800 underline underline-offset-4 hover:text-orange-900">
            Learn More About Us
          </Link>
        </div>
      </section>

      <section className="bg-slate-100 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading title="Our Services" subtitle="Tap a service to see what it covers." />
          <div className="mt-12 grid items-start gap-6 md:grid-cols-2">
            {data.serviceGroups.map((group) => (
              <ServiceCard key={group.title} service={group} />
            ))}
          </div>
          <div className="mt-10 text-center">
            <Link to="/services" className="inline-block rounded-lg bg-slate-900 px-6 py-3 font-semibold text-white hover:bg-slate-800">
              View All Services
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading title="Our Work in Action" subtitle="Drag the handle to compare before and after." />
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {data.beforeAfter.map((item) => (
            <li key={item.title} className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
              <CompareSlider title={item.title} before={item.before} beforeAlt={item.beforeAlt} after={item.after} afterAlt={item.afterAlt} />
              <div className="p-6">
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-600">{item.description}</p>
                <BookingButton
                  presets={{ answers: item.chatAnswers, service: item.title }}
                  className="mt-4 inline-block rounded-lg bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
                >
                  Book a Service
                </BookingButton>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-100 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading title="What Our Customers Say" subtitle="Real trailers, real owners, across the Denver metro." />
          <div className="mt-10">
            <TestimonialCarousel testimonials={data.testimonials} />
          </div>
        </div>
      </section>

      <ClosingCta cta={data.closingCta} />
    </>
  );
}
