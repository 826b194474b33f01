import { Target } from "lucide-react";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { PageHero } from "../../components/PageHero";
import { SectionHeading } from "../../components/SectionHeading";
import { useLayout } from "../../lib/layout";
import type { AboutData } from "../../lib/api-schema";
import { PhoneLink } from "../../components/PhoneLink";

export function AboutPage({ data }: { data: AboutData }) {
  const layout = useLayout();
  return (
    <>
      <PageHero title={`About ${layout.name}`} subtitle={`A family trailer shop serving the Denver metro since ${data.founded}.`} />
      <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold text-slate-900">Our Story</h2>
        {data.about.story.map((paragraph) => (
          <p key={paragraph} className="mt-5 text-lg leading-relaxed text-slate-700">
            {paragraph}
          </p>
        ))}
        <div className="mt-12 rounded-2xl bg-orange-50 p-8 ring-1 ring-orange-200">
          <h2 className="flex items-center gap-3 text-2xl font-bold text-slate-900">
            <Target aria-hidden="true" className="h-7 w-7 text-orange-700" />
            Our Mission
          </h2>
          <p className="mt-4 text-lg text-slate-700">{data.about.mission}</p>
        </div>
      </section>
      <section className="bg-slate-100 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading title={`Why Choose ${layout.name}`} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.about.whyChoose.map((feature) => (
              <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
                <Icon name={feature.icon} className="h-8 w-8 text-orange-700" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold text-slate-900">Let's Talk About Your Trailer</h2>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/contact" className="rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
            Contact Us
          </Link>
          <PhoneLink
            className="inline-flex items-center gap-2 rounded-lg px-6 py-3 font-semibold text-slate-900 ring-2 ring-slate-300 hover:bg-slate-50"
            prefix="Call"
          />
        </div>
      </section>
    </>
  );
}
