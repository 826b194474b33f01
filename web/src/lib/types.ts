// The data the server hands to pages (server/src/pages), as JSON. What the API document states is
// taken from its generated types; a page's own data (`Page.data`) is not in the document yet.
import type { components } from "./api-schema";

type Schemas = components["schemas"];

export interface Address {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  latitude: number;
  longitude: number;
  mapsUrl: string;
}

export interface HoursView {
  days: string;
  time: string;
  short: string;
}

export interface ChatStep {
  question: string;
  options: string[];
  /** Questions asked, in free text, when one of the options is chosen (in order). */
  followUps: FollowUp[];
  /** The label a service a button names is kept under, when the button answers this step. */
  named: string | null;
  /** Asked only after one of these answers (empty: always). */
  when: string[];
  /** Not asked after one of these answers. */
  unless: string[];
}

/** What a follow-up's free answer is: the visitor's own words for an option, where the trailer
 * is (the service-area cities are offered and it is checked), a mobile job's street address, or
 * what is wrong or what to build. */
export type Asks = "words" | "place" | "address" | "job";

export interface FollowUp {
  option: string;
  question: string;
  asks: Asks;
}

/** The booking assistant's script (content file, [chat]). */
export interface ChatScript {
  title: string;
  /** Said first when a button opens the assistant with something of its own. */
  greeting: string | null;
  /** Said after the greeting when the financing badge opens the assistant ({provider}). */
  financingLine: string | null;
  contactPrompt: string;
  errorMessage: string;
  /** Answers that make a request an emergency: the call button shows at once. */
  emergencyAnswers: string[];
  /** Answers that make a request urgent (not an emergency). */
  urgentAnswers: string[];
  steps: ChatStep[];
  /** When the assistant offers times, and what it says then (the layout's `times`). */
  times?: TimesScript;
}

export interface LayoutData {
  name: string;
  shortName: string;
  phone: string;
  phoneHref: string;
  email: string;
  blurb: string;
  address: Address;
  hours: HoursView[];
  emergency: string;
  /** The shop's time zone (IANA name), e.g. America/Denver. */
  timeZone: string;
  socialLabel: string;
  socialUrl: string;
  builderName: string;
  builderUrl: string;
  footerServices: string[];
  footerAreas: { name: string; slug: string }[];
  year: number;
  chat: ChatScript;
  times: TimesScript;
  /** Every service-area city, offered when the assistant asks where the trailer is. */
  areaCities: AreaLink[];
  /** Visits are counted (Insights): pages send beacons, and the footer says how visits are counted. */
  counting: boolean;
  /** The languages spoken at the shop, the site's own first. */
  languages: Language[];
}

/** A language spoken at the shop: its name in English, its code, and what the site says of it in
 * the language itself (none for the site's own). */
export interface Language {
  name: string;
  code: string;
  note: string | null;
}

export interface AreaLink {
  name: string;
  slug: string;
}

export interface Stat {
  value: string;
  label: string;
  note?: string | null;
}

export interface Feature {
  icon: string;
  title: string;
  text: string;
}

export interface SubService {
  title: string;
  description: string;
}

export interface ServiceGroup {
  icon: string;
  title: string;
  description: string;
  items: SubService[];
  /** What its 'Get Quote' answers in the booking assistant (quick options). */
  chatAnswers: string[];
}

export interface BeforeAfterItem {
  title: string;
  description: string;
  before: string;
  /** What the before photo shows, for people who cannot see it. */
  beforeAlt: string;
  after: string;
  afterAlt: string;
  /** What its 'Book a Service' answers in the booking assistant (quick options). */
  chatAnswers: string[];
}

export interface Testimonial {
  name: string;
  role: string;
  location?: string | null;
  rating: number;
  date?: string | null;
  quote: string;
  /** The customer's photo, if they gave one. */
  photo?: string | null;
}

export interface Cta {
  title: string;
  text: string;
}

export interface HomeData {
  hero: { headline: string; subheadline: string; videoId: string; videoTitle: string | null; poster: string };
  financingProvider: string;
  stats: Stat[];
  whyChoose: Feature[];
  serviceGroups: ServiceGroup[];
  beforeAfter: BeforeAfterItem[];
  testimonials: Testimonial[];
  closingCta: Cta;
}

export interface ServiceOffer {
  icon: string;
  title: string;
  description: string;
  features: string[];
  /** What its 'Book Service' answers in the booking assistant. */
  chatAnswers: string[];
}

export interface ServicesData {
  page: { intro: string; sections: { title: string; intro: string; cards: ServiceOffer[] }[] };
  closingCta: Cta;
}

export interface AboutData {
  about: { story: string[]; mission: string; whyChoose: Feature[] };
  founded: number;
}

export interface ContactData {
  contact: { assistant: string; emergency: string; workshop: string };
  responseTime: string;
}

export interface Rating {
  value: number;
  best: number;
  reviewCount: number;
}

export interface CitySummary {
  slug: string;
  name: string;
  population: string;
  distance: string;
  blurb: string;
}

export interface ServiceAreasData {
  cities: CitySummary[];
  rating: Rating;
  closingCta: Cta;
}

/** A city page: only its name (and ZIP codes) are sure; every other fact may be empty, and the
 * page then says nothing of it. */
export interface City extends CitySummary {
  county: string;
  description: string;
  localInfo: string;
  keyFeatures: string[];
  testimonials: Testimonial[];
  /** The year the shop began serving the city; null: no 'Serving ... Since'. */
  since: number | null;
  /** The city's own figures; none: the page shows none. */
  stats: Stat[];
}

export interface CityData {
  city: City;
  services: { icon: string; title: string; description: string }[];
  rating: Rating;
  /** The shop's street, for a city page without texts of its own. */
  shopStreet: string;
  closingCta: Cta;
}

/** When the assistant offers times (content file, [scheduling]). */
export interface TimesScript {
  /** The answers to the shop-or-mobile question that lead to drop-off slots or arrival windows. */
  shopAnswer: string;
  mobileAnswer: string;
  shopQuestion: string;
  mobileQuestion: string;
  /** The quick answer that opens the calendar of open days. */
  laterLabel: string;
  /** The quick answer of a visitor who would rather be called. */
  callLabel: string;
}

/** Drop-off slots at the shop, or arrival windows of the mobile crew. */
export type TimeKind = Schemas["Kind"];
/** A time a visitor may pick. */
export type TimeOption = Schemas["TimeOption"];
/** The open times: the next ones (or a day's), and every day with one. */
export type OpenTimes = Schemas["OpenTimes"];

export interface ManageBookingData {
  phone: string;
}

/** A visitor's request as their link shows it. */
export type RequestView = Schemas["RequestView"];

export interface ThankYouData {
  steps: string[];
  /** What happens next after an emergency. */
  emergencySteps: string[];
}

export type PostCard = Schemas["PostCard"];

/** One page of the blog's list: its cards, newest first, and where it stands among the others. */
export interface BlogData {
  posts: PostCard[];
  /** 1 for /blog, n for /blog/page/n. */
  page: number;
  pageCount: number;
}

/** The server's answer to a blog search: the newest matches and how many match in all. */
export type SearchResults = Schemas["SearchResults"];

export interface PostData {
  post: PostCard & {
    id: number;
    /** What the featured image shows, as the owner described it. */
    featuredImageAlt: string | null;
    content: string;
    createdAt: string;
    updatedAt: string;
  };
  related: PostCard[];
}

export type Head = Schemas["Head"];

export type Page = { status: number; head: Head } & (
  | { kind: "home"; data: HomeData }
  | { kind: "services"; data: ServicesData }
  | { kind: "about"; data: AboutData }
  | { kind: "contact"; data: ContactData }
  | { kind: "serviceAreas"; data: ServiceAreasData }
  | { kind: "city"; data: CityData }
  | { kind: "cityNotFound"; data: null }
  | { kind: "thankYou"; data: ThankYouData }
  | { kind: "manageBooking"; data: ManageBookingData }
  | { kind: "blog"; data: BlogData }
  | { kind: "post"; data: PostData }
  | { kind: "postNotFound"; data: null }
  | { kind: "notFound"; data: null }
  | { kind: "howWeCount"; data: HowWeCountData }
);

export interface HowWeCountData {
  /** Visits are counted now. */
  counting: boolean;
  name: string;
}

/// What the server embeds in each document for hydration.
export interface AppState {
  layout: LayoutData;
  page: Page;
}
