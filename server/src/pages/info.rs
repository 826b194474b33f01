//! The services, about, contact and thank-you pages, how visits are counted, and the visitor's
//! page of their request.

use super::{
    Head, Page, Site, home,
    page_data::{
        AboutData, ContactData, HowWeCountData, ManageBookingData, PageData, RefusedRequest, ServicesData,
        SmsTermsData, ThankYouData,
    },
    structured_data,
};
use crate::{
    booking::manage::routes::Shown,
    customers::own_page::OwnPage,
    delivery::text::{self, TERMS_PATH, consent},
    site::content::Business,
};
use axum::http::StatusCode;

pub fn services(site: &Site) -> Page {
    let c = &site.content;
    let head = Head::indexed(
        "/services",
        format!("Trailer Repair, Custom Work & Mobile Service | {}", c.business.name),
        format!(
            "Enclosed, dump, flatbed and tilt trailer repair, brakes, welding, wiring and tires, \
             custom builds and upgrades, and 24/7 mobile service across the Denver metro from {}.",
            c.business.name
        ),
    );
    let faq = &c.services_page.faq;
    let head = if faq.is_empty() { head } else { head.with_data(vec![structured_data::faq_page(faq)]) };
    let data = ServicesData { page: c.services_page.clone(), closing_cta: c.closing_cta.clone() };
    Page::ok(head, PageData::Services(data))
}

pub fn about(site: &Site) -> Page {
    let c = &site.content;
    let head = Head::indexed(
        "/about",
        format!("About Us: Family-Owned Trailer Repair Since {} | {}", c.business.founded, c.business.name),
        format!(
            "{} is a family-owned trailer repair and fabrication shop on West 64th Avenue in \
             Denver, serving trailer owners since {}. Our story, our mission and how we work.",
            c.business.name, c.business.founded
        ),
    );
    Page::ok(head, PageData::About(AboutData { about: c.about.clone(), founded: c.business.founded }))
}

pub fn contact(site: &Site) -> Page {
    contact_with(site, None)
}

/// The contact page with its plain form sent back, filled, saying what to fix (422).
pub fn refused_request(site: &Site, refused: RefusedRequest) -> Page {
    Page { status: StatusCode::UNPROCESSABLE_ENTITY, ..contact_with(site, Some(refused)) }
}

/// The start of the contact page's description: the phone and e-mail the shop has set, then "b".
fn reach(b: &Business) -> String {
    match (b.real_phone(), b.real_email()) {
        (Some(phone), Some(email)) => format!("Call {phone}, e-mail {email} or b"),
        (Some(phone), None) => format!("Call {phone} or b"),
        (None, Some(email)) => format!("E-mail {email} or b"),
        (None, None) => "B".to_owned(),
    }
}

fn contact_with(site: &Site, refused: Option<RefusedRequest>) -> Page {
    let c = &site.content;
    let a = &c.business.address;
    let head = Head::indexed(
        "/contact",
        format!("Contact Us: Call, E-mail or Book Online | {}", c.business.name),
        format!(
            "{}ook with our online assistant. Visit us at {}, {}, {} {}. 24/7 emergency trailer service.",
            reach(&c.business),
            a.street,
            a.city,
            a.region,
            a.postal_code
        ),
    )
    .with_data(vec![structured_data::local_business(site, &home::card(site))]);
    let data =
        ContactData { contact: c.contact.clone(), response_time: c.business.response_time.clone(), refused };
    Page::ok(head, PageData::Contact(data))
}

pub fn thank_you(site: &Site) -> Page {
    let c = &site.content;
    let head = Head::not_indexed(
        format!("Thank You | {}", c.business.name),
        "Your service request was submitted.".to_owned(),
    );
    let data = ThankYouData {
        steps: c.thank_you.steps.clone(),
        emergency_steps: c.thank_you.emergency_steps.clone(),
    };
    Page::ok(head, PageData::ThankYou(data))
}

/// The page that says how visits are counted, linked from the footer while they are.
pub const HOW_WE_COUNT: &str = "/how-we-count-visits";

pub fn how_we_count(site: &Site) -> Page {
    let c = &site.content;
    let head = Head::indexed(
        HOW_WE_COUNT,
        format!("How We Count Visits | {}", c.business.name),
        "How this website counts visits without cookies: what is counted, what never is, and how to \
         opt out with Do Not Track or Global Privacy Control."
            .to_owned(),
    );
    Page::ok(
        head,
        PageData::HowWeCount(HowWeCountData { counting: site.counting, name: c.business.name.clone() }),
    )
}

pub fn sms_terms(site: &Site) -> Page {
    let b = &site.content.business;
    let head = Head::indexed(
        TERMS_PATH,
        format!("Text Message Terms | {}", b.name),
        "What we text about a service request, how often, and how to stop: reply STOP, or HELP for help."
            .to_owned(),
    );
    let data = SmsTermsData {
        texting: site.texting,
        name: b.name.clone(),
        wording: consent::FORM_WORDING.to_owned(),
        daily_limit: text::DAILY_LIMIT,
    };
    Page::ok(head, PageData::SmsTerms(data))
}

/// The page a visitor's link opens (`/booking/{token}`): their request and what they have with
/// the shop (`own`), the check the link asks for first, or why the link leads to none.
pub fn manage_booking(site: &Site, shown: Shown, own: Option<OwnPage>) -> Page {
    let head = Head::not_indexed(
        format!("Your Service Request | {}", site.content.business.name),
        "See, change or cancel your service request.".to_owned(),
    );
    let phone = site.content.business.real_phone().map(str::to_owned);
    let data = ManageBookingData { phone, request: None, problem: None, check: false, own };
    let (status, data) = match shown {
        Shown::Request { view, .. } => (StatusCode::OK, ManageBookingData { request: Some(*view), ..data }),
        Shown::Check => (StatusCode::OK, ManageBookingData { check: true, ..data }),
        Shown::Problem(status, why) => (status, ManageBookingData { problem: Some(why), ..data }),
    };
    Page { status, ..Page::ok(head, PageData::ManageBooking(data)) }.not_counted()
}
