//! The site content's shape: every business fact the pages show, as the content file and the
//! saved site details hold it.

use serde::{Deserialize, Serialize};

use super::{Chat, Hours, Scheduling};

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(as = SiteDetails, rename_all = "camelCase")]
pub struct Content {
    pub business: Business,
    pub rating: Rating,
    pub hero: Hero,
    pub stats: Vec<Stat>,
    pub why_choose: Vec<Feature>,
    pub service_groups: Vec<ServiceGroup>,
    pub before_after: Vec<BeforeAfter>,
    pub testimonials: Vec<Testimonial>,
    pub footer: Footer,
    pub closing_cta: Cta,
    pub cities: Vec<City>,
    pub services_page: ServicesPage,
    pub city_services: Vec<CityService>,
    /// The figures every city page showed before each city had its own (`City::stats`): read
    /// from site details saved then, given to each of their cities, never written again.
    #[serde(default, skip_serializing)]
    pub city_stats: Vec<Stat>,
    pub about: About,
    pub contact: Contact,
    pub thank_you: ThankYou,
    pub chat: Chat,
    /// Missing from site details saved before there were times: the built-in settings.
    #[serde(default)]
    #[schema(required = true)]
    pub scheduling: Scheduling,
    /// The slugs of city pages that were removed: their old addresses answer with a permanent
    /// redirect to the service areas. Kept by the server when a save removes a city page.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_city_slugs: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Business {
    pub name: String,
    pub short_name: String,
    pub phone: String,
    pub email: String,
    pub founded: u16,
    pub blurb: String,
    pub social_label: String,
    pub social_url: String,
    pub builder_name: String,
    pub builder_url: String,
    pub financing_provider: String,
    /// How soon a request is answered, in the shop's hours ("1 business day", "2 hours"): the
    /// visitor's e-mail says it, and the admin measures every request against it.
    pub response_time: String,
    /// How soon an emergency is answered, around the clock ("30 minutes").
    #[serde(default = "default_emergency_response_time")]
    #[schema(required = true)]
    pub emergency_response_time: String,
    pub emergency: String,
    /// The shop's time zone (IANA name): scheduled posts are set in it.
    pub time_zone: String,
    pub address: Address,
    pub hours: Vec<Hours>,
    /// The languages spoken at the shop, the site's own first. With more than one, the booking
    /// form asks which one the customer prefers; each with a note is announced in its own words.
    /// Missing from site details saved before: English only.
    #[serde(default = "default_languages")]
    #[schema(required = true)]
    pub languages: Vec<Language>,
}

/// A language spoken at the shop.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Language {
    /// In English, as the owner reads it: "Spanish".
    pub name: String,
    /// Its code, for screen readers (BCP 47, "es").
    pub code: String,
    /// What the site says of it, in the language itself ("Se habla español"); none: not
    /// announced (the site's own).
    #[serde(default)]
    #[schema(required = true)]
    pub note: Option<String>,
}

fn default_languages() -> Vec<Language> {
    vec![Language { name: "English".to_owned(), code: "en".to_owned(), note: None }]
}

fn default_emergency_response_time() -> String {
    "30 minutes".to_owned()
}

impl Business {
    /// The shop's time zone; validated when the content loads.
    pub fn zone(&self) -> jiff::tz::TimeZone {
        jiff::tz::TimeZone::get(&self.time_zone).unwrap_or(jiff::tz::TimeZone::UTC)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Address {
    pub street: String,
    pub city: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
    pub latitude: f64,
    pub longitude: f64,
    pub maps_url: String,
    /// Every ZIP code of the shop's own city: all in the service area. Missing (site details
    /// saved before there was this list): the built-in list, for the built-in city.
    #[serde(default)]
    #[schema(required = true)]
    pub city_zips: Option<Vec<String>>,
    /// Neighbourhoods of the shop's own city, as people name them ("Golden Triangle" is in
    /// Denver, not in Golden). Missing (site details saved before there was this list): the
    /// built-in list, for the built-in city.
    #[serde(default)]
    #[schema(required = true)]
    pub neighbourhoods: Option<Vec<String>>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Rating {
    pub value: f64,
    pub best: u8,
    pub review_count: u32,
    pub customers: String,
    pub success_rate: String,
    pub review_sites: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Hero {
    pub headline: String,
    pub subheadline: String,
    pub video_id: String,
    /// What the video shows, as its play button names it ("A day in our shop"). Missing from
    /// site details saved before it existed: the built-in one.
    #[serde(default)]
    #[schema(required = true)]
    pub video_title: Option<String>,
    pub poster: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Stat {
    pub value: String,
    pub label: String,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Feature {
    pub icon: String,
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ServiceGroup {
    pub icon: String,
    pub title: String,
    pub description: String,
    pub items: Vec<SubService>,
    /// What the card's 'Get Quote' answers in the booking assistant (its quick options); the
    /// group's title is kept with the request as the service asked about.
    #[serde(default)]
    #[schema(required = true)]
    pub chat_answers: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct SubService {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct BeforeAfter {
    pub title: String,
    pub description: String,
    pub before: String,
    /// What the before photo shows, for people who cannot see it (the title when left out).
    #[serde(default)]
    #[schema(required = true)]
    pub before_alt: String,
    pub after: String,
    #[serde(default)]
    #[schema(required = true)]
    pub after_alt: String,
    /// What its 'Book a Service' answers in the booking assistant (its quick options).
    #[serde(default)]
    #[schema(required = true)]
    pub chat_answers: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Testimonial {
    pub name: String,
    pub role: String,
    pub location: Option<String>,
    pub rating: u8,
    pub date: Option<String>,
    pub quote: String,
    /// The customer's photo, if they gave one.
    pub photo: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Footer {
    pub services: Vec<String>,
    /// City slugs.
    pub areas: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Cta {
    pub title: String,
    pub text: String,
}

/// A city page. Only its name and ZIP codes are needed; every fact, text and figure is
/// optional, and the page claims nothing its city does not state.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct City {
    pub slug: String,
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub county: String,
    #[serde(default)]
    #[schema(required = true)]
    pub population: String,
    /// e.g. "10 miles from Denver".
    #[serde(default)]
    #[schema(required = true)]
    pub distance: String,
    pub latitude: f64,
    pub longitude: f64,
    /// The five-digit ZIP codes of the place, for the booking assistant's service-area check.
    pub zips: Vec<String>,
    /// Places next to the city without a page of their own that the mobile crew serves from it
    /// (Littleton, beside Englewood): the assistant takes them by name or ZIP code as served.
    #[serde(default)]
    #[schema(required = true)]
    pub nearby: Vec<NearbyPlace>,
    /// One or two sentences for the city's card on /service-areas.
    #[serde(default)]
    #[schema(required = true)]
    pub blurb: String,
    #[serde(default)]
    #[schema(required = true)]
    pub description: String,
    /// The roads, parks and places that bring trailers there.
    #[serde(default)]
    #[schema(required = true)]
    pub local_info: String,
    #[serde(default)]
    #[schema(required = true)]
    pub key_features: Vec<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub testimonials: Vec<Testimonial>,
    /// The year the shop began serving the city ('Serving {city} Since {year}'); none: no such
    /// claim.
    #[serde(default)]
    #[schema(required = true)]
    pub since: Option<u16>,
    /// The city's own figures ('50+ Local Customers'); none: the page shows no figures.
    #[serde(default)]
    #[schema(required = true)]
    pub stats: Vec<Stat>,
}

/// A place served from a city's page: its name as people write it and its ZIP codes.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NearbyPlace {
    pub name: String,
    pub zips: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ServicesPage {
    pub intro: String,
    pub sections: Vec<ServiceSection>,
    /// What visitors ask before they book (the trip fee, the diagnostic fee, deposits, payment,
    /// the warranty), with the shop's answers: shown under the services, and to search engines
    /// as an FAQ page. Missing from site details saved before there were any: none.
    #[serde(default)]
    #[schema(required = true)]
    pub faq: Vec<FaqEntry>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct FaqEntry {
    pub question: String,
    pub answer: String,
}

impl ServicesPage {
    /// Whether the page shows a price or a common question (the assistant then links to them).
    pub fn shows_prices(&self) -> bool {
        !self.faq.is_empty()
            || self.sections.iter().flat_map(|section| &section.cards).any(|offer| offer.from_cents.is_some())
    }

    /// The service whose card is titled `title`, if the page offers it.
    pub fn offer(&self, title: &str) -> Option<&ServiceOffer> {
        self.sections.iter().flat_map(|section| &section.cards).find(|offer| offer.title == title)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ServiceSection {
    pub title: String,
    pub intro: String,
    pub cards: Vec<ServiceOffer>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ServiceOffer {
    pub icon: String,
    pub title: String,
    pub description: String,
    pub features: Vec<String>,
    /// The least the service costs, in cents: the card says "From $89". None: no price shown.
    #[serde(default)]
    #[schema(required = true)]
    pub from_cents: Option<u32>,
    /// What the card's 'Book Service' answers in the booking assistant (its quick options).
    #[serde(default)]
    #[schema(required = true)]
    pub chat_answers: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct CityService {
    pub icon: String,
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct About {
    pub story: Vec<String>,
    pub mission: String,
    pub why_choose: Vec<Feature>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(as = ContactPage, rename_all = "camelCase")]
pub struct Contact {
    pub assistant: String,
    pub emergency: String,
    pub workshop: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ThankYou {
    pub steps: Vec<String>,
    /// What happens next after an emergency request (never a business-day promise).
    #[serde(default = "default_emergency_steps")]
    #[schema(required = true)]
    pub emergency_steps: Vec<String>,
}

fn default_emergency_steps() -> Vec<String> {
    [
        "Our 24/7 line is the quickest way to help: call it now if the trailer is stuck or unsafe.",
        "Otherwise we call you back as soon as we can, day or night, to get help on its way.",
        "Our mobile crew comes to the trailer, or we arrange a tow to the shop.",
    ]
    .map(str::to_owned)
    .to_vec()
}

impl Content {
    pub fn city(&self, slug: &str) -> Option<&City> {
        self.cities.iter().find(|c| c.slug == slug)
    }

    /// The `tel:` URL of the business phone, e.g. `tel:+13035550147`, once it is the shop's own.
    pub fn phone_href(&self) -> Option<String> {
        let digits: String = self.business.real_phone()?.chars().filter(char::is_ascii_digit).collect();
        Some(format!("tel:+1{}", &digits[digits.len() - 10..]))
    }
}
