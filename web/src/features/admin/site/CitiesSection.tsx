// The city pages: one city at a time, its name and ZIP codes, then its optional facts, texts,
// figures and up to two testimonials (a page claims nothing its city does not state); a new city
// page, and moving or removing one (asked first: its address then leads to the list of areas).
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { slugify } from "../frame/slug";
import { describedBy, Field, fieldClass, PLAIN_BUTTON, Section } from "../frame/form";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { SiteLines, SiteList, SiteText } from "./fields";
import { NEW_TESTIMONIAL, named, TestimonialFields, Wide } from "./sections";
import { useSiteEditor, useSiteField } from "./SiteEditor";
import type { Json } from "../frame/api";
import { footerAfterRename, moved } from "./siteDraft";

/** A new city page, its coordinates the shop's until the owner gives the city's. */
function newCity(site: Json): Json {
  const address = (site as { business?: { address?: { latitude?: number; longitude?: number } } }).business?.address;
  return {
    slug: "",
    name: "",
    county: "",
    population: "",
    distance: "",
    latitude: address?.latitude ?? 0,
    longitude: address?.longitude ?? 0,
    zips: [],
    nearby: [],
    blurb: "",
    description: "",
    localInfo: "",
    keyFeatures: [],
    testimonials: [],
    stats: [],
  };
}

const slugOf = (city: Json | undefined) => (city && typeof city === "object" && !Array.isArray(city) && typeof city.slug === "string" ? city.slug : "");

export function CitiesSection() {
  const { site, saved, set, shown } = useSiteEditor();
  const cities = Array.isArray(site.cities) ? site.cities : [];
  const savedSlugs = (Array.isArray(saved.cities) ? saved.cities : []).map(slugOf);
  const [chosen, setChosen] = useState(0);
  const [removing, setRemoving] = useState(false);
  // A message's link to a city's field shows that city.
  const [followed, setFollowed] = useState(shown);
  if (shown !== followed) {
    setFollowed(shown);
    const linked = /^cities\[(\d+)\]/.exec(shown?.path ?? "")?.[1];
    if (linked !== undefined) setChosen(Number(linked));
  }
  const pick = useId();
  const at = Math.min(chosen, Math.max(cities.length - 1, 0));
  const city = `cities[${at}]`;
  const name = named(cities[at] ?? null, "name", "the new city");
  // A city page saved before keeps its address (links to it are out there); a new one's follows its name.
  const isNew = !savedSlugs.includes(slugOf(cities[at])) || slugOf(cities[at]) === "";
  const footerAreas = (site.footer as { areas?: string[] } | undefined)?.areas ?? [];

  const move = (to: number) => {
    set("cities", moved(cities, at, to));
    setChosen(to);
  };
  const add = () => {
    set("cities", [...cities, newCity(site)]);
    setChosen(cities.length);
  };
  const remove = () => {
    const slug = slugOf(cities[at]);
    set(
      "cities",
      cities.filter((_, i) => i !== at),
    );
    // The footer links to some city pages: a removed one leaves it too.
    if (footerAreas.includes(slug))
      set(
        "footer.areas",
        footerAreas.filter((area) => area !== slug),
      );
    setChosen(Math.max(at - 1, 0));
    setRemoving(false);
  };

  return (
    <>
      <Section title="City pages">
        <p className="mt-1 text-sm text-slate-600">Each city the crew covers has its page, in this order on the service areas page.</p>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1 sm:max-w-sm">
            <label htmlFor={pick} className="block text-sm font-medium text-slate-800">
              City
            </label>
            <select
              id={pick}
              value={at}
              onChange={(event) => setChosen(Number(event.target.value))}
              className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
            >
              {cities.map((item: Json, index) => (
                <option key={index} value={index}>
                  {named(item, "name", `New city ${index + 1}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={PLAIN_BUTTON} disabled={at === 0} onClick={() => move(at - 1)} aria-label={`Move up: ${name}`}>
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </button>
          <button type="button" className={PLAIN_BUTTON} disabled={at >= cities.length - 1} onClick={() => move(at + 1)} aria-label={`Move down: ${name}`}>
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            onClick={() => setRemoving(true)}
            disabled={cities.length === 0}
            aria-label={`Remove: ${name}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove
          </button>
          <button type="button" className={`${PLAIN_BUTTON} inline-flex items-center gap-2`} onClick={add}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a city page
          </button>
        </div>
        {cities.length > 0 && (
          <div key={at} className="mt-4 grid gap-4 sm:grid-cols-2">
            <CityName path={city} isNew={isNew} />
            <label className="flex min-h-11 items-center gap-2 self-end text-sm text-slate-800 sm:col-span-2">
              <input
                type="checkbox"
                checked={footerAreas.includes(slugOf(cities[at]))}
                disabled={slugOf(cities[at]) === ""}
                onChange={(event) => {
                  const slug = slugOf(cities[at]);
                  set("footer.areas", event.target.checked ? [...footerAreas, slug] : footerAreas.filter((area) => area !== slug));
                }}
              />
              Linked from the footer of every page
            </label>
            {isNew ? (
              <CityAddress path={city} />
            ) : (
              <p className="text-sm text-slate-700">
                <span className="block font-medium text-slate-800">Address</span>
                <a href={`/service-areas/${slugOf(cities[at])}`} className="mt-2 inline-block underline" target="_blank" rel="noopener">
                  /service-areas/{slugOf(cities[at])}
                </a>
              </p>
            )}
            <Wide>
              <SiteLines path={`${city}.zips`} label="ZIP codes" hint="One per line, five digits. The booking assistant takes them as this city." />
            </Wide>
            <Wide>
              <p className="text-sm font-medium text-slate-800">Places nearby without a page</p>
              <p className="text-sm text-slate-700">
                A town the crew serves from here (Littleton, next to Englewood): the booking assistant takes its name or ZIP codes as served.
              </p>
              <SiteList
                path={`${city}.nearby`}
                add="Add a place nearby"
                make={() => ({ name: "", zips: [] })}
                title={(place, p) => named(place, "name", `Place ${p + 1}`)}
              >
                {(place) => (
                  <>
                    <SiteText path={`${place}.name`} label="Place" />
                    <SiteLines path={`${place}.zips`} label="Its ZIP codes" hint="One per line, five digits." />
                  </>
                )}
              </SiteList>
            </Wide>
            <Wide>
              <p className="text-sm text-slate-700">
                Everything below is optional: the page shows only what is filled in, and makes no claim about {name} you have not given.
              </p>
            </Wide>
            <SiteText path={`${city}.county`} label="County" />
            <SiteText path={`${city}.population`} label="Population" hint="For example: 156,868" />
            <SiteText path={`${city}.distance`} label="Distance" hint="For example: 10 miles from Denver" />
            <SiteText path={`${city}.since`} label="Serving it since" type="number" optional hint="A year. Left empty, the page says no 'Serving ... Since'." />
            <div className="grid grid-cols-2 gap-4">
              <SiteText
                path={`${city}.latitude`}
                label="Latitude"
                type="number"
                hint={isNew ? "A new page starts at the shop's: give the city's own, from a map." : undefined}
              />
              <SiteText path={`${city}.longitude`} label="Longitude" type="number" />
            </div>
            <Wide>
              <SiteText path={`${city}.blurb`} label="Card text (service areas page)" long />
            </Wide>
            <Wide>
              <SiteText path={`${city}.description`} label={`About ${name}`} long />
            </Wide>
            <Wide>
              <SiteText path={`${city}.localInfo`} label="Local information" long />
            </Wide>
            <Wide>
              <SiteLines path={`${city}.keyFeatures`} label="Key features" hint="Up to three, one per line." />
            </Wide>
          </div>
        )}
      </Section>
      {cities.length > 0 && (
        <Section title={`Figures on the ${name} page`}>
          <p className="mt-1 text-sm text-slate-600">Only what is true of {name}: none listed, none shown.</p>
          <SiteList
            key={at}
            path={`${city}.stats`}
            add="Add a figure"
            make={() => ({ value: "", label: "", note: null })}
            title={(item, i) => named(item, "label", `Figure ${i + 1}`)}
          >
            {(item) => (
              <>
                <SiteText path={`${item}.value`} label="Figure" hint="For example: 50+" />
                <SiteText path={`${item}.label`} label="What it counts" hint="For example: Local Customers" />
              </>
            )}
          </SiteList>
        </Section>
      )}
      {cities.length > 0 && (
        <Section title={`Testimonials on the ${name} page`}>
          <p className="mt-1 text-sm text-slate-600">Up to two, from customers in {name}; none, and the page shows none.</p>
          <SiteList
            key={at}
            path={`${city}.testimonials`}
            add="Add a testimonial"
            make={NEW_TESTIMONIAL}
            title={(item, i) => named(item, "name", `Testimonial ${i + 1}`)}
          >
            {(item) => <TestimonialFields item={item} />}
          </SiteList>
        </Section>
      )}
      <ModalDialog
        open={removing}
        title={`Remove the ${name} page?`}
        description={
          isNew
            ? "It was never saved, so nothing links to it yet."
            : `Once you save, /service-areas/${slugOf(cities[at])} leads to the list of areas, and the city leaves the sitemap, the footer and the booking assistant's places.`
        }
        onCancel={() => setRemoving(false)}
      >
        <DialogActions>
          <button type="button" autoFocus onClick={() => setRemoving(false)} className={PLAIN_BUTTON}>
            Keep it
          </button>
          <button type="button" onClick={remove} className="min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            Remove the page
          </button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}

/** The city's name; for a new city page its address follows the name until edited by hand. */
function CityName({ path, isNew }: { path: string; isNew: boolean }) {
  const name = useSiteField(`${path}.name`);
  const slug = useSiteField(`${path}.slug`);
  const setSlug = useAddressSetter(path);
  const current = typeof name.value === "string" ? name.value : "";
  return (
    <Field id={name.id} label="City name" error={name.error}>
      <input
        id={name.id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isNew && (slug.value === "" || slug.value === slugify(current))) setSlug(slugify(next));
          name.set(next);
        }}
        aria-invalid={Boolean(name.error)}
        aria-describedby={describedBy(name.id, false, name.error)}
        className={fieldClass(name.error)}
      />
    </Field>
  );
}

/** Sets a new city page's address, and the footer's link to it follows (a new city joins the
 * footer's links when it gets its address). */
function useAddressSetter(path: string) {
  const slug = useSiteField(`${path}.slug`);
  const footer = useSiteField("footer.areas");
  return (next: string) => {
    const areas = Array.isArray(footer.value) ? footer.value.map(String) : [];
    footer.set(footerAfterRename(areas, typeof slug.value === "string" ? slug.value : "", next));
    slug.set(next);
  };
}

/** A new city page's address, made from its name until edited by hand. */
function CityAddress({ path }: { path: string }) {
  const slug = useSiteField(`${path}.slug`);
  const setSlug = useAddressSetter(path);
  const value = typeof slug.value === "string" ? slug.value : "";
  return (
    <Field id={slug.id} label="Address" error={slug.error} hint={`/service-areas/${value || "..."}`}>
      <input
        id={slug.id}
        value={value}
        onChange={(event) => setSlug(event.target.value)}
        aria-invalid={Boolean(slug.error)}
        aria-describedby={describedBy(slug.id, true, slug.error)}
        className={fieldClass(slug.error)}
      />
    </Field>
  );
}
