//! What the shared layout (header, footer, booking dialog) shows on every page.

use serde::Serialize;

use crate::{
    delivery::text::{TERMS_PATH, consent},
    site::content::{Address, Chat, Content, HoursView, Language},
};

/// What every public page's layout shows, embedded once in each document.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Layout<'a> {
    name: &'a str,
    short_name: &'a str,
    /// The shop's phone and e-mail, none while they are still the shipped placeholders.
    phone: Option<&'a str>,
    phone_href: Option<String>,
    email: Option<&'a str>,
    blurb: &'a str,
    address: &'a Address,
    hours: Vec<HoursView>,
    emergency: &'a str,
    time_zone: &'a str,
    social_label: &'a str,
    social_url: &'a str,
    builder_name: &'a str,
    builder_url: &'a str,
    footer_services: &'a [String],
    footer_areas: Vec<AreaLink<'a>>,
    /// The year at render time; the browser replaces it with its own after hydration.
    year: i32,
    chat: &'a Chat,
    /// When the assistant offers times, and what it says then.
    times: Times<'a>,
    /// Every service-area city, offered when the assistant asks where the trailer is.
    area_cities: Vec<AreaLink<'a>>,
    /// Visits are counted: pages send their beacons, and the footer says how visits are counted.
    counting: bool,
    /// The languages spoken at the shop, the site's own first.
    languages: &'a [Language],
    /// The request form's offer of texts, while the server can send them.
    texts: Option<TextsOffer>,
    /// The services page shows prices or common questions: the assistant links to them.
    prices: bool,
}

/// The request form's box for texts: its words (kept with each agreement) and the texts' policy.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TextsOffer {
    wording: &'static str,
    terms: &'static str,
}

/// What the booking assistant needs of the scheduling settings (not the hours or capacities:
/// the server works out the open times).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TimesScript)]
struct Times<'a> {
    shop_answer: &'a str,
    mobile_answer: &'a str,
    shop_question: &'a str,
    mobile_question: &'a str,
    later_label: &'a str,
    call_label: &'a str,
}

/// A city page the layout links to.
#[derive(Serialize, utoipa::ToSchema)]
struct AreaLink<'a> {
    name: &'a str,
    slug: &'a str,
}

/// The layout data as JSON, embedded once in every page (`counting`: visits are counted;
/// `texting`: texts can be sent).
pub fn layout_data(c: &Content, (counting, texting): (bool, bool), year: i16) -> serde_json::Value {
    let b = &c.business;
    let layout = Layout {
        name: &b.name,
        short_name: &b.short_name,
        phone: b.real_phone(),
        phone_href: c.phone_href(),
        email: b.real_email(),
        blurb: &b.blurb,
        address: &b.address,
        hours: b.hours.iter().map(HoursView::from).collect(),
        emergency: &b.emergency,
        time_zone: &b.time_zone,
        social_label: &b.social_label,
        social_url: &b.social_url,
        builder_name: &b.builder_name,
        builder_url: &b.builder_url,
        footer_services: &c.footer.services,
        footer_areas: c
            .footer
            .areas
            .iter()
            .filter_map(|slug| c.city(slug))
            .map(|city| AreaLink { name: &city.name, slug: &city.slug })
            .collect(),
        year: i32::from(year),
        chat: &c.chat,
        times: Times {
            shop_answer: &c.scheduling.shop_answer,
            mobile_answer: &c.scheduling.mobile_answer,
            shop_question: &c.scheduling.shop_question,
            mobile_question: &c.scheduling.mobile_question,
            later_label: &c.scheduling.later_label,
            call_label: &c.scheduling.call_label,
        },
        area_cities: c.cities.iter().map(|city| AreaLink { name: &city.name, slug: &city.slug }).collect(),
        counting,
        languages: &b.languages,
        texts: texting.then_some(TextsOffer { wording: consent::FORM_WORDING, terms: TERMS_PATH }),
        prices: c.services_page.shows_prices(),
    };
    serde_json::to_value(layout).unwrap_or_default()
}
