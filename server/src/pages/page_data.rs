//! What each kind of public page shows: the one list of page kinds, each with its data. The web
//! app draws a page by its `kind` (its component is `{Kind}Page.tsx`) with this `data`; the API
//! document states both, so the browser's types are made from it.

use serde::Serialize;

use crate::{
    blog::model::{Post, PostCard},
    site::content::{
        About, BeforeAfter, City, CityService, Contact, Cta, Feature, Hero, Rating, ServiceGroup,
        ServiceOffer, ServicesPage, Stat, Testimonial,
    },
};

/// A page's kind and what it shows (`null` for a page that shows nothing of its own).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", content = "data", rename_all = "camelCase")]
pub enum PageData {
    Home(HomeData),
    Services(ServicesData),
    About(AboutData),
    Contact(ContactData),
    ServiceAreas(ServiceAreasData),
    City(CityData),
    CityNotFound(Nothing),
    ThankYou(ThankYouData),
    ManageBooking(ManageBookingData),
    Blog(BlogData),
    Post(PostData),
    PostNotFound(Nothing),
    NotFound(Nothing),
    HowWeCount(HowWeCountData),
    SmsTerms(SmsTermsData),
}

/// The data of a page that shows nothing of its own: `null`, and `null` in the API document
/// (where `()` was a schema that allows anything).
#[derive(Debug, Serialize)]
pub struct Nothing;

impl utoipa::PartialSchema for Nothing {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::Null).into()
    }
}

impl utoipa::ToSchema for Nothing {}

impl PageData {
    /// The kind's name, as the web app knows it.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Home(_) => "home",
            Self::Services(_) => "services",
            Self::About(_) => "about",
            Self::Contact(_) => "contact",
            Self::ServiceAreas(_) => "serviceAreas",
            Self::City(_) => "city",
            Self::CityNotFound(Nothing) => "cityNotFound",
            Self::ThankYou(_) => "thankYou",
            Self::ManageBooking(_) => "manageBooking",
            Self::Blog(_) => "blog",
            Self::Post(_) => "post",
            Self::PostNotFound(Nothing) => "postNotFound",
            Self::NotFound(Nothing) => "notFound",
            Self::HowWeCount(_) => "howWeCount",
            Self::SmsTerms(_) => "smsTerms",
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeData {
    pub hero: Hero,
    pub financing_provider: String,
    pub stats: Vec<Stat>,
    pub why_choose: Vec<Feature>,
    pub service_groups: Vec<ServiceGroup>,
    pub before_after: Vec<BeforeAfter>,
    pub testimonials: Vec<Testimonial>,
    pub closing_cta: Cta,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServicesData {
    pub page: ServicesPage,
    pub closing_cta: Cta,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AboutData {
    pub about: About,
    /// The year the shop was founded.
    pub founded: u16,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactData {
    pub contact: Contact,
    /// How soon a request is answered, e.g. "within 30 minutes".
    pub response_time: String,
    /// The plain form as it was sent, when it was refused: shown again, filled, with each field's
    /// error under it.
    pub refused: Option<RefusedRequest>,
}

/// The contact page's plain form, sent back to a visitor without JavaScript: what they typed, and
/// why it was not taken.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RefusedRequest {
    pub fields: PlainFields,
    pub errors: PlainErrors,
    /// What went wrong besides a field (the request could not be stored), with what to do.
    pub problem: Option<String>,
}

/// The plain form's fields as typed.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct PlainFields {
    pub name: String,
    pub phone: String,
    pub email: String,
    pub details: String,
    pub location: String,
}

/// A field's error, for each field that has one.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct PlainErrors {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub details: Option<String>,
    pub location: Option<String>,
}

/// A city as the service areas list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CitySummary {
    pub slug: String,
    pub name: String,
    pub population: String,
    pub distance: String,
    pub blurb: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAreasData {
    pub cities: Vec<CitySummary>,
    pub rating: Rating,
    pub closing_cta: Cta,
}

/// A city page: only its name (and ZIP codes) are sure; every other fact may be empty, and the
/// page then says nothing of it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CityData {
    pub city: City,
    pub services: Vec<CityService>,
    pub rating: Rating,
    /// The shop's street, for a city page without texts of its own.
    pub shop_street: String,
    pub closing_cta: Cta,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThankYouData {
    pub steps: Vec<String>,
    /// What happens next after an emergency.
    pub emergency_steps: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ManageBookingData {
    /// The shop's phone, to call instead (none while it is the shipped placeholder).
    pub phone: Option<String>,
    /// The request the link leads to, as the visitor's page shows it.
    pub request: Option<crate::booking::manage::views::RequestView>,
    /// Why the link leads to no request.
    pub problem: Option<String>,
    /// The link is older than 14 days: the page asks for the last four digits of their phone.
    pub check: bool,
    /// The customer's requests and trailers, beside the request.
    pub own: Option<crate::customers::own_page::OwnPage>,
}

/// One page of the blog's list: its cards, newest first, and where it stands among the others.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogData {
    pub posts: Vec<PostCard>,
    /// 1 for /blog, n for /blog/page/n.
    pub page: u64,
    pub page_count: u64,
    /// A search sent by the search form without script (`/blog?q=...`); none on the list pages.
    pub search: Option<BlogSearch>,
}

/// A search made on the server, as the search form sent it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BlogSearch {
    /// The words as typed.
    pub typed: String,
    /// What matched; none when the words could not be searched for.
    pub found: Option<super::blog_search::Results>,
    /// Why the words could not be searched for.
    pub problem: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostData {
    pub post: Post,
    /// The other published posts, newest first.
    pub related: Vec<PostCard>,
    /// The service the post is about, when the services page still offers it: the booking
    /// button at the post's end opens the assistant with it.
    pub service: Option<ServiceOffer>,
    pub closing_cta: Cta,
}

/// The texts' policy: what the shop texts, how often, and how to stop.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsTermsData {
    /// The server can send texts now.
    pub texting: bool,
    pub name: String,
    /// The words beside the request form's box.
    pub wording: String,
    /// The most texts one number gets in a day.
    pub daily_limit: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HowWeCountData {
    /// Visits are counted now.
    pub counting: bool,
    /// The business's name.
    pub name: String,
}
