// The city pages: one city at a time, its texts and its two testimonials.
import { useId, useState } from "react";
import { Section } from "../form";
import { SiteLines, SiteList, SiteText } from "./fields";
import { NEW_TESTIMONIAL, named, TestimonialFields, Wide } from "./sections";
import { useSiteEditor } from "./SiteEditor";
import type { Json } from "./siteDraft";

export function CitiesSection() {
  const { site } = useSiteEditor();
  const cities = Array.isArray(site.cities) ? site.cities : [];
  const [chosen, setChosen] = useState(0);
  const pick = useId();
  const city = `cities[${chosen}]`;
  const name = named(cities[chosen] ?? null, "name", "the city");
  return (
    <>
      <Section title="City pages">
        <div className="mt-4 max-w-sm">
          <label htmlFor={pick} className="block text-sm font-medium text-slate-800">
            City
          </label>
          <select id={pick} value={chosen} onChange={(event) => setChosen(Number(event.target.value))} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2">
            {cities.map((item: Json, index) => (
              <option key={index} value={index}>
                {named(item, "name", `City ${index + 1}`)}
              </option>
            ))}
          </select>
        </div>
        <div key={chosen} className="mt-4 grid gap-4 sm:grid-cols-2">
          <SiteText path={`${city}.population`} label="Population" />
          <SiteText path={`${city}.distance`} label="Distance" hint="For example: 10 miles from Denver" />
          <Wide>
            <SiteText path={`${city}.blurb`} label="Card text (service areas page)" long />
          </Wide>
          <Wide>
            <SiteText path={`${city}.description`} label={`About ${name}`} long />
          </Wide>
          <Wide>
            <SiteText path={`${city}.local_info`} label="Local information" long />
          </Wide>
          <Wide>
            <SiteLines path={`${city}.key_features`} label="Key features" hint="Three, one per line." />
          </Wide>
        </div>
      </Section>
      <Section title={`Testimonials on the ${name} page`}>
        <p className="mt-1 text-sm text-slate-600">Each city page shows two.</p>
        <SiteList
          key={chosen}
          path={`${city}.testimonials`}
          noun="testimonial"
          make={NEW_TESTIMONIAL}
          title={(item, i) => named(item, "name", `Testimonial ${i + 1}`)}
        >
          {(item) => <TestimonialFields item={item} />}
        </SiteList>
      </Section>
    </>
  );
}
