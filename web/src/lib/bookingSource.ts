// Where a booking came from: the page and button that opened the dialog (recorded when it opens)
// and how the visitor arrived (recorded once per visit, on the first page they landed on).
import type { components } from "./api-schema";

/** What the server stores with a booking (all optional). */
export type BookingSource = components["schemas"]["SourceForm"];

type Landing = Pick<BookingSource, "referrer" | "utmSource" | "utmCampaign">;

const LANDING_KEY = "trailerworks.landing";

/** How the visitor arrived: the referrer's host (not this site) and the landing page's UTM tags. */
export function landingFrom(url: string, referrer: string): Landing {
  const landing: Landing = {};
  const here = new URL(url);
  if (referrer) {
    try {
      const host = new URL(referrer).host;
      if (host && host !== here.host) landing.referrer = host;
    } catch {
      // Not a URL: no referrer.
    }
  }
  const utmSource = here.searchParams.get("utm_source")?.trim();
  const utmCampaign = here.searchParams.get("utm_campaign")?.trim();
  if (utmSource) landing.utmSource = utmSource;
  if (utmCampaign) landing.utmCampaign = utmCampaign;
  return landing;
}

/** Records the landing page once per visit (tab); later pages keep the first record. */
export function rememberLanding(): void {
  try {
    if (sessionStorage.getItem(LANDING_KEY) !== null) return;
    sessionStorage.setItem(LANDING_KEY, JSON.stringify(landingFrom(window.location.href, document.referrer)));
  } catch {
    // Storage is off (private mode): the booking goes without it.
  }
}

function rememberedLanding(): Landing {
  try {
    const stored = sessionStorage.getItem(LANDING_KEY);
    return stored ? (JSON.parse(stored) as Landing) : {};
  } catch {
    return {};
  }
}

/** The visible text of a button or link, in one line (its aria-label when it has one). */
export function buttonLabel(element: Element): string {
  const label = element.getAttribute("aria-label") ?? element.textContent ?? "";
  return label.replace(/\s+/g, " ").trim();
}

/** Where a customer's own page is (`/booking/{token}`): its token is a secret, never reported. */
const OWN_PAGE = "/booking/";

/** The source of a booking opened now, from `opener` (the button pressed), on this page. */
export function sourceOf(opener: Element | null): BookingSource {
  const path = window.location.pathname;
  const source: BookingSource = { page: path.startsWith(OWN_PAGE) ? "/booking" : path, ...rememberedLanding() };
  const button = opener ? buttonLabel(opener) : "";
  if (button) source.button = button;
  return source;
}
