//! Checks every field of the content file after parsing, naming each bad field.

use std::collections::HashSet;

pub use super::checker::InvalidContent;
use super::{Content, Testimonial, checker::Checker};
use crate::domain::{EmailAddress, Phone};

/// Key features a city page lists at most, and testimonials it shows at most.
const MAX_KEY_FEATURES: usize = 3;
const MAX_CITY_TESTIMONIALS: usize = 2;
/// A service's "from" price is at most $100,000.
const MAX_PRICE_CENTS: u32 = 10_000_000;

pub fn check(content: &Content) -> Result<(), InvalidContent> {
    let mut c = Checker::default();
    // Every quick option of the booking assistant (its key), which answers elsewhere must be.
    let options: Vec<&String> = content.chat.options().map(|option| &option.key).collect();
    let b = &content.business;
    for (field, value) in [
        ("business.name", &b.name),
        ("business.short_name", &b.short_name),
        ("business.blurb", &b.blurb),
        ("business.social_label", &b.social_label),
        ("business.builder_name", &b.builder_name),
        ("business.financing_provider", &b.financing_provider),
        ("business.response_time", &b.response_time),
        ("business.emergency", &b.emergency),
        ("business.address.street", &b.address.street),
        ("business.address.city", &b.address.city),
        ("business.address.region", &b.address.region),
        ("business.address.country", &b.address.country),
    ] {
        c.text(field, value);
    }
    // The shop's phone and e-mail follow the rules a visitor's do.
    if Phone::parse(&b.phone).is_err() {
        c.fail("business.phone", "must be a US phone number with its area code");
    }
    if EmailAddress::parse(&b.email).is_err() {
        c.fail("business.email", "must be an e-mail address");
    }
    if super::Promise::parse(&b.emergency_response_time).is_none() {
        c.fail("business.emergency_response_time", "must say how long, for example: 30 minutes, or 2 hours");
    }
    if jiff::tz::TimeZone::get(&b.time_zone).is_err() {
        c.fail("business.time_zone", "must be a time zone name such as America/Denver");
    }
    c.url("business.social_url", &b.social_url);
    c.url("business.builder_url", &b.builder_url);
    c.url("business.address.maps_url", &b.address.maps_url);
    if !is_zip(&b.address.postal_code) {
        c.fail("business.address.postal_code", "must be a ZIP code: five digits, or five, a hyphen and four");
    }
    zip_codes(&mut c, "business.address.city_zips", b.address.city_zips.as_deref().unwrap_or_default());
    for (j, place) in b.address.neighbourhoods.iter().flatten().enumerate() {
        c.text(format!("business.address.neighbourhoods[{j}]"), place);
    }
    if !(-90.0..=90.0).contains(&b.address.latitude) {
        c.fail("business.address.latitude", "must be between -90 and 90");
    }
    if !(-180.0..=180.0).contains(&b.address.longitude) {
        c.fail("business.address.longitude", "must be between -180 and 180");
    }
    c.not_empty("business.hours", &b.hours);
    c.hours("business.hours", &b.hours);

    let r = &content.rating;
    if r.best == 0 {
        c.fail("rating.best", "must be more than 0");
    } else if !(0.0..=f64::from(r.best)).contains(&r.value) {
        c.fail("rating.value", &format!("must be between 0 and {}", r.best));
    }

    c.text("hero.headline", &content.hero.headline);
    c.image("hero.poster", &content.hero.poster);
    if let Some(title) = &content.hero.video_title {
        c.text("hero.video_title", title);
    }
    let id = &content.hero.video_id;
    if !id.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_') {
        c.fail("hero.video_id", "must be a YouTube video id (letters, digits, - and _)");
    }

    c.not_empty("business.languages", &b.languages);
    for (i, language) in b.languages.iter().enumerate() {
        c.text(format!("business.languages[{i}].name"), &language.name);
        let code = &language.code;
        let primary = code.split('-').next().unwrap_or_default();
        if !(2..=3).contains(&primary.len())
            || !code.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
        {
            c.fail(format!("business.languages[{i}].code"), "must be a language code such as es or vi");
        }
        if let Some(note) = &language.note {
            c.text(format!("business.languages[{i}].note"), note);
        }
    }

    c.not_empty("stats", &content.stats);
    for (i, s) in content.stats.iter().enumerate() {
        c.text(format!("stats[{i}].value"), &s.value);
        c.text(format!("stats[{i}].label"), &s.label);
    }
    c.not_empty("why_choose", &content.why_choose);
    for (i, f) in content.why_choose.iter().enumerate() {
        c.icon(format!("why_choose[{i}].icon"), &f.icon);
        c.text(format!("why_choose[{i}].title"), &f.title);
        c.text(format!("why_choose[{i}].text"), &f.text);
    }
    c.not_empty("service_groups", &content.service_groups);
    for (i, g) in content.service_groups.iter().enumerate() {
        c.icon(format!("service_groups[{i}].icon"), &g.icon);
        c.text(format!("service_groups[{i}].title"), &g.title);
        c.not_empty(&format!("service_groups[{i}].items"), &g.items);
        for (j, item) in g.items.iter().enumerate() {
            c.text(format!("service_groups[{i}].items[{j}].title"), &item.title);
            c.text(format!("service_groups[{i}].items[{j}].description"), &item.description);
        }
        chat_answers(&mut c, &format!("service_groups[{i}]"), &g.chat_answers, &options);
    }
    for (i, item) in content.before_after.iter().enumerate() {
        c.text(format!("before_after[{i}].title"), &item.title);
        c.image(format!("before_after[{i}].before"), &item.before);
        c.image(format!("before_after[{i}].after"), &item.after);
        chat_answers(&mut c, &format!("before_after[{i}]"), &item.chat_answers, &options);
    }
    for (i, t) in content.testimonials.iter().enumerate() {
        testimonial(&mut c, &format!("testimonials[{i}]"), t);
    }

    let mut slugs = HashSet::new();
    let mut texts = HashSet::new();
    for (i, city) in content.cities.iter().enumerate() {
        let field = format!("cities[{i}]");
        if !is_slug(&city.slug) {
            c.fail(format!("{field}.slug"), "must be lowercase letters, digits and single hyphens");
        }
        if !slugs.insert(city.slug.as_str()) {
            c.fail(format!("{field}.slug"), "is used by an earlier city");
        }
        c.text(format!("{field}.name"), &city.name);
        for (name, value) in [("description", &city.description), ("local_info", &city.local_info)] {
            // An empty text is said to be empty, not to repeat another empty one.
            if !value.trim().is_empty() && !texts.insert(value.trim()) {
                c.fail(format!("{field}.{name}"), "repeats another city's text");
            }
        }
        if !(-90.0..=90.0).contains(&city.latitude) {
            c.fail(format!("{field}.latitude"), "must be between -90 and 90");
        }
        if !(-180.0..=180.0).contains(&city.longitude) {
            c.fail(format!("{field}.longitude"), "must be between -180 and 180");
        }
        if city.key_features.len() > MAX_KEY_FEATURES {
            c.fail(format!("{field}.key_features"), "may have at most 3 entries");
        } else if city.key_features.iter().any(|feature| feature.trim().is_empty()) {
            c.fail(format!("{field}.key_features"), "must not have an empty entry");
        }
        if city.zips.is_empty() {
            c.fail(
                format!("{field}.zips"),
                "needs at least one ZIP code: the booking assistant knows the city by them",
            );
        }
        zip_codes(&mut c, &format!("{field}.zips"), &city.zips);
        for (j, place) in city.nearby.iter().enumerate() {
            c.text(format!("{field}.nearby[{j}].name"), &place.name);
            zip_codes(&mut c, &format!("{field}.nearby[{j}].zips"), &place.zips);
        }
        if city.testimonials.len() > MAX_CITY_TESTIMONIALS {
            c.fail(format!("{field}.testimonials"), "may have at most 2 entries");
        }
        for (j, t) in city.testimonials.iter().enumerate() {
            testimonial(&mut c, &format!("{field}.testimonials[{j}]"), t);
        }
        if city.since.is_some_and(|year| year < content.business.founded || year > 2100) {
            c.fail(format!("{field}.since"), "must be a year from the shop's founding on");
        }
        for (j, s) in city.stats.iter().enumerate() {
            c.text(format!("{field}.stats[{j}].value"), &s.value);
            c.text(format!("{field}.stats[{j}].label"), &s.label);
        }
    }

    c.text("services_page.intro", &content.services_page.intro);
    c.not_empty("services_page.sections", &content.services_page.sections);
    for (i, section) in content.services_page.sections.iter().enumerate() {
        c.text(format!("services_page.sections[{i}].title"), &section.title);
        c.not_empty(&format!("services_page.sections[{i}].cards"), &section.cards);
        for (j, card) in section.cards.iter().enumerate() {
            let field = format!("services_page.sections[{i}].cards[{j}]");
            c.icon(format!("{field}.icon"), &card.icon);
            c.text(format!("{field}.title"), &card.title);
            c.text(format!("{field}.description"), &card.description);
            if card.from_cents.is_some_and(|cents| cents == 0 || cents > MAX_PRICE_CENTS) {
                c.fail(format!("{field}.from_cents"), "must be a price from $0.01 to $100,000");
            }
            chat_answers(&mut c, &field, &card.chat_answers, &options);
        }
    }
    for (i, entry) in content.services_page.faq.iter().enumerate() {
        c.text(format!("services_page.faq[{i}].question"), &entry.question);
        c.text(format!("services_page.faq[{i}].answer"), &entry.answer);
    }
    if content.city_services.len() != 6 {
        c.fail("city_services", "must have exactly 6 entries");
    }
    for (i, service) in content.city_services.iter().enumerate() {
        c.icon(format!("city_services[{i}].icon"), &service.icon);
        c.text(format!("city_services[{i}].title"), &service.title);
    }
    c.not_empty("about.story", &content.about.story);
    c.text("about.mission", &content.about.mission);
    for (i, f) in content.about.why_choose.iter().enumerate() {
        c.icon(format!("about.why_choose[{i}].icon"), &f.icon);
        c.text(format!("about.why_choose[{i}].title"), &f.title);
    }
    c.text("contact.assistant", &content.contact.assistant);
    c.text("contact.emergency", &content.contact.emergency);
    c.text("contact.workshop", &content.contact.workshop);
    c.not_empty("thank_you.steps", &content.thank_you.steps);
    c.not_empty("thank_you.emergency_steps", &content.thank_you.emergency_steps);
    for (i, slug) in content.footer.areas.iter().enumerate() {
        if !slugs.contains(slug.as_str()) {
            c.fail(format!("footer.areas[{i}]"), &format!("'{slug}' is not a city slug"));
        }
    }

    content.chat.check(&mut c);
    content.scheduling.check(&mut c, &content.chat);

    c.finish()
}

fn testimonial(c: &mut Checker, field: &str, t: &Testimonial) {
    c.text(format!("{field}.name"), &t.name);
    c.text(format!("{field}.quote"), &t.quote);
    if !(1..=5).contains(&t.rating) {
        c.fail(format!("{field}.rating"), "must be between 1 and 5");
    }
    if let Some(photo) = &t.photo {
        c.image(format!("{field}.photo"), photo);
    }
}

fn is_slug(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with('-')
        && !value.ends_with('-')
        && !value.contains("--")
        && value.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
}

/// Each of `zips` (at `field`) is a five-digit ZIP code.
/// What a button answers in the booking assistant: its quick options (their keys) only.
fn chat_answers(c: &mut Checker, field: &str, answers: &[String], options: &[&String]) {
    for (k, answer) in answers.iter().enumerate() {
        if !options.contains(&answer) {
            c.fail(
                format!("{field}.chat_answers[{k}]"),
                "must be one of the booking assistant's quick options",
            );
        }
    }
}

fn zip_codes(c: &mut Checker, field: &str, zips: &[String]) {
    for (j, zip) in zips.iter().enumerate() {
        if !is_five_digits(zip) {
            c.fail(format!("{field}[{j}]"), "must be a five-digit ZIP code");
        }
    }
}

fn is_five_digits(text: &str) -> bool {
    text.len() == 5 && text.bytes().all(|b| b.is_ascii_digit())
}

/// A US ZIP code: "80221" or "80221-1234".
fn is_zip(text: &str) -> bool {
    match text.split_once('-') {
        Some((zip, plus_four)) => {
            is_five_digits(zip) && plus_four.len() == 4 && plus_four.bytes().all(|b| b.is_ascii_digit())
        }
        None => is_five_digits(text),
    }
}

#[cfg(test)]
mod tests;
