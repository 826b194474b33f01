// Site details in the admin: the business facts, testimonials, before/after work, services and
// city pages, in tabs that share one draft, saved together with the bar at the bottom.
import { useEffect, useEffectEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { SiteFields } from "../frame/api";
import { AdminShell } from "../frame/AdminShell";
import { DiscardGuard } from "../frame/DiscardGuard";
import { PLAIN_BUTTON, PRIMARY_BUTTON } from "../frame/form";
import { AssistantSection } from "./AssistantSection";
import { CitiesSection } from "./CitiesSection";
import { SchedulingSection } from "./SchedulingSection";
import { BusinessSection, ServicesSection, TestimonialsSection, WorkSection } from "./sections";
import { SiteEditorProvider, useSiteEditor } from "./SiteEditor";
import { fieldId, fieldName, orderOfPaths, pathAndHolders } from "./siteDraft";
import { VersionsSection } from "./VersionsSection";

/** The tabs, and the fields (by the start of their path) each one shows. */
const TABS = [
  { slug: "business", label: "Business", paths: ["business", "rating", "stats", "hero"], Body: BusinessSection },
  { slug: "testimonials", label: "Testimonials", paths: ["testimonials"], Body: TestimonialsSection },
  { slug: "work", label: "Before and after", paths: ["beforeAfter"], Body: WorkSection },
  { slug: "services", label: "Services", paths: ["serviceGroups", "servicesPage"], Body: ServicesSection },
  { slug: "cities", label: "City pages", paths: ["cities"], Body: CitiesSection },
  { slug: "assistant", label: "Booking assistant", paths: ["chat"], Body: AssistantSection },
  { slug: "times", label: "Booking times", paths: ["scheduling"], Body: SchedulingSection },
  { slug: "versions", label: "Earlier versions", paths: [], Body: VersionsSection },
];

function tabOf(path: string) {
  return TABS.find((tab) => tab.paths.some((start) => path === start || path.startsWith(`${start}.`) || path.startsWith(`${start}[`)));
}

export function SitePage() {
  const { section = "business" } = useParams();
  const tab = TABS.find((t) => t.slug === section) ?? TABS[0]!;
  return (
    <AdminShell title={`Site: ${tab.label}`}>
      <h1 className="text-2xl font-bold text-slate-900">Site details</h1>
      <p className="mt-1 text-slate-700">What the public pages say about the business. A save shows on every page at once.</p>
      <SiteEditorProvider loading="Loading the site details">
        <SiteTabs />
      </SiteEditorProvider>
    </AdminShell>
  );
}

function SiteTabs() {
  const { section = "business" } = useParams();
  const tab = TABS.find((t) => t.slug === section) ?? TABS[0]!;
  return (
    <>
      <PlaceholderNotice />
      <nav aria-label="Site details sections" className="mt-6 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.slug}
            to={`/dbadmin/site/${t.slug}`}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 ${
              t === tab ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"
            }`}
            aria-current={t === tab ? "page" : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="pb-28">
        <tab.Body />
      </div>
      <SaveBar />
    </>
  );
}

/** Shows the tab and entry of the field at `path` (or of the list holding it), then puts the
 * cursor in it, scrolled clear of the save bar. */
function useGoToField(): (path: string) => void {
  const { show } = useSiteEditor();
  const navigate = useNavigate();
  return (path: string) => {
    const tab = tabOf(path);
    if (tab) navigate(`/dbadmin/site/${tab.slug}`);
    show(path);
    let frames = 0;
    const focus = () => {
      const target = pathAndHolders(path)
        .map((at) => document.getElementById(fieldId(at)))
        .find((element) => element !== null);
      if (target) {
        target.scrollIntoView({ block: "center" });
        target.focus({ preventScroll: true });
      } else if (frames++ < 30) window.requestAnimationFrame(focus);
    };
    window.requestAnimationFrame(focus);
  };
}

/** The go-live check: each shipped placeholder still in the saved details, with a link to its
 * field. A link from Today names the field in the address (?field=...). */
function PlaceholderNotice() {
  const { placeholders } = useSiteEditor();
  const goTo = useGoToField();
  const [params] = useSearchParams();
  const asked = params.get("field");
  // Once, for the field the address names (going to its tab drops it from the address).
  const goToAsked = useEffectEvent((field: string) => goTo(field));
  useEffect(() => {
    if (asked) goToAsked(asked);
  }, [asked]);
  if (placeholders.length === 0) return null;
  return (
    <section aria-labelledby="placeholders-title" className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <h2 id="placeholders-title" className="font-semibold text-amber-950">
        Before going live: {placeholders.length === 1 ? "1 placeholder" : `${placeholders.length} placeholders`} to replace
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-amber-950">
        {placeholders.map((placeholder) => (
          <li key={placeholder.field}>
            <button type="button" onClick={() => goTo(placeholder.field)} className="text-left font-semibold wrap-anywhere underline">
              {placeholder.label}: {placeholder.value}
            </button>{" "}
            ({placeholder.why})
          </li>
        ))}
      </ul>
    </section>
  );
}

function SaveBar() {
  const { site, changed, state, save, discard } = useSiteEditor();
  const goTo = useGoToField();
  /** A field's label, when it is on the page. */
  const labelOf = (path: string) => document.querySelector(`label[for="${fieldId(path)}"]`)?.textContent?.trim() || undefined;
  const guard = <DiscardGuard unsaved={changed} onDiscard={discard} subject="The site details page" within="/dbadmin/site" />;
  // The messages in the order of the page's fields (the details are walked only while there are
  // messages).
  const errors = state.kind === "invalid" ? inPageOrder(site, state.errors) : [];
  return (
    <div className="fixed inset-x-0 bottom-[var(--admin-bar)] z-30 border-t border-slate-200 bg-white px-4 py-3 shadow-lg">
      {guard}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <div role="status" className="min-w-0 basis-full text-sm sm:basis-auto sm:flex-1">
          {state.kind === "saving" && <span className="text-slate-700">Saving...</span>}
          {state.kind === "saved" && (
            <span className="font-medium text-green-800">{state.summary ? `Saved: ${state.summary}. Every page shows it now.` : "Nothing had changed."}</span>
          )}
          {state.kind === "failed" && <span className="text-red-700">{state.message}</span>}
          {state.kind === "invalid" && (
            <div className="text-red-700">
              <p className="font-medium">Nothing was saved: {errors.length === 1 ? "one detail needs" : `${errors.length} details need`} fixing.</p>
              <ul className="mt-1 max-h-32 space-y-1 overflow-y-auto sm:max-h-24">
                {errors.map(([path, messages]) => {
                  const tab = tabOf(path);
                  const field = `${tab ? `${tab.label} › ` : ""}${fieldName(site, path, labelOf)}`;
                  return (
                    <li key={path} className="break-words">
                      {tab ? (
                        <button type="button" onClick={() => goTo(path)} className="text-left font-medium underline">
                          {field}
                        </button>
                      ) : (
                        <span className="font-medium">{field}</span>
                      )}
                      : {messages.join(" ")}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          {state.kind === "idle" && <span className="text-slate-700">{changed ? "You have unsaved changes." : "No changes."}</span>}
        </div>
        <button type="button" className={PLAIN_BUTTON} disabled={!changed || state.kind === "saving"} onClick={discard}>
          Discard changes
        </button>
        <button type="button" className={PRIMARY_BUTTON} disabled={!changed || state.kind === "saving"} onClick={() => void save()}>
          Save changes
        </button>
      </div>
    </div>
  );
}

/** The messages of a refused save in the order of the page's fields. */
function inPageOrder(site: SiteFields, errors: Record<string, string[]>): [string, string[]][] {
  const order = orderOfPaths(site);
  const placeOf = (path: string) =>
    pathAndHolders(path)
      .map((at) => order.get(at))
      .find((at) => at !== undefined) ?? order.size;
  return Object.entries(errors).sort(([a], [b]) => placeOf(a) - placeOf(b));
}
