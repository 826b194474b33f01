//! The site content file: every business fact the pages show, read once at start-up.
//!
//! The file is TOML (see `content/site.toml`). Field names are snake_case in the file and
//! camelCase in the JSON handed to the pages.

mod chat;
mod checker;
pub mod holidays;
mod hours;
mod model;
mod placeholders;
mod promise;
mod scheduling;
mod shape;
pub mod validate;

use std::path::Path;

use anyhow::Context as _;

pub use chat::{Asks, Chat, ChatOption, ChatStep, FollowUp, Given};
pub use hours::{Hours, HoursView};
pub use model::{
    About, Address, BeforeAfter, Business, City, CityService, Contact, Content, Cta, FaqEntry, Feature,
    Footer, Hero, Language, NearbyPlace, Rating, ServiceGroup, ServiceOffer, ServiceSection, ServicesPage,
    Stat, SubService, Testimonial, ThankYou,
};
pub use placeholders::Placeholder;
pub use promise::Promise;
pub use scheduling::{Scheduling, Times};
pub use shape::file_field;

/// The content file built into the binary, used when no `--content` file is given.
const EMBEDDED: &str = include_str!("../../../../content/site.toml");

impl Content {
    /// Reads and validates the content file at `path`, or the built-in one when `path` is None.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Self> {
        match path {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("Failed to read the content file {}", path.display()))?;
                Self::parse(&text).with_context(|| format!("The content file {} is invalid", path.display()))
            }
            None => Self::parse(EMBEDDED).context("The built-in content file is invalid"),
        }
    }

    /// Parses content from TOML text and validates every field.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let mut content: Content = toml::from_str(text)?;
        content.fill_keys();
        content.fill_from_built_in();
        validate::check(&content)?;
        Ok(content)
    }

    /// Keeps the slugs of `before`'s city pages that this content no longer has (and those
    /// `before` kept), so their old addresses redirect; a slug given to a city again is dropped.
    pub fn remember_removed_cities(&mut self, before: &Content) {
        let removed = before
            .cities
            .iter()
            .map(|city| &city.slug)
            .chain(&before.removed_city_slugs)
            .filter(|slug| self.city(slug).is_none())
            .cloned()
            .collect::<Vec<_>>();
        for slug in removed {
            if !self.removed_city_slugs.contains(&slug) {
                self.removed_city_slugs.push(slug);
            }
        }
        let cities: Vec<String> = self.cities.iter().map(|city| city.slug.clone()).collect();
        self.removed_city_slugs.retain(|slug| !cities.contains(slug));
    }

    /// Site details saved before a field existed read with the built-in value: the shop's city's
    /// ZIP codes and neighbourhoods when the city is the built-in one (an empty list stays empty: the owner's
    /// choice), the video's title, the assistant's greeting and financing line, a step's named
    /// service when the step asks the built-in question, and the questions about the job.
    fn fill_from_built_in(&mut self) {
        self.give_cities_their_figures();
        let chat = &self.chat;
        let address = &self.business.address;
        let missing = address.city_zips.is_none()
            || address.neighbourhoods.is_none()
            || self.hero.video_title.is_none()
            || chat.greeting.is_none()
            || chat.financing_line.is_none()
            || chat.steps.iter().any(|step| step.named.is_none())
            || !chat.asks_about_the_job();
        if !missing {
            return;
        }
        let Ok(mut built_in) = toml::from_str::<Content>(EMBEDDED) else { return };
        built_in.fill_keys();
        let address = &mut self.business.address;
        if built_in.business.address.city == address.city {
            address.city_zips = address.city_zips.take().or(built_in.business.address.city_zips);
            address.neighbourhoods =
                address.neighbourhoods.take().or(built_in.business.address.neighbourhoods);
        }
        self.hero.video_title = self.hero.video_title.take().or(built_in.hero.video_title);
        let chat = &mut self.chat;
        chat.greeting = chat.greeting.take().or(built_in.chat.greeting.clone());
        chat.financing_line = chat.financing_line.take().or(built_in.chat.financing_line.clone());
        for step in chat.steps.iter_mut().filter(|step| step.named.is_none()) {
            step.named = built_in
                .chat
                .steps
                .iter()
                .find(|own| own.question == step.question)
                .and_then(|own| own.named.clone());
        }
        if !chat.asks_about_the_job() {
            chat.learn_job_questions(built_in.chat);
        }
    }
}

impl Content {
    /// Keys for the assistant's steps, options and follow-ups that have none, and the options
    /// every rule and button names written as keys (files may name an option by its words).
    pub(super) fn fill_keys(&mut self) {
        self.chat.fill_keys();
        let chat = &self.chat;
        for group in &mut self.service_groups {
            chat.name_options(&mut group.chat_answers);
        }
        for item in &mut self.before_after {
            chat.name_options(&mut item.chat_answers);
        }
        for card in self.services_page.sections.iter_mut().flat_map(|section| &mut section.cards) {
            chat.name_options(&mut card.chat_answers);
        }
        let scheduling = &mut self.scheduling;
        let mut answers =
            [std::mem::take(&mut scheduling.shop_answer), std::mem::take(&mut scheduling.mobile_answer)];
        chat.name_options(&mut answers);
        [scheduling.shop_answer, scheduling.mobile_answer] = answers;
    }

    /// Site details saved when every city page showed the same figures and 'Since {founded}':
    /// each of their cities keeps what its page showed, as its own.
    fn give_cities_their_figures(&mut self) {
        if self.city_stats.is_empty() {
            return;
        }
        for city in &mut self.cities {
            if city.stats.is_empty() && city.since.is_none() {
                city.stats = self.city_stats.clone();
                city.since = Some(self.business.founded);
            }
        }
        self.city_stats.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_content_file_is_valid() {
        let content = Content::load(None).expect("built-in content loads");
        assert_eq!(content.cities.len(), 19);
        assert_eq!(content.city_services.len(), 6);
        assert_eq!(content.phone_href(), None, "the shipped phone is fictional: no link to it");
    }

    #[test]
    fn the_shops_own_phone_is_linked() {
        let mut content = Content::load(None).expect("built-in content loads");
        content.business.phone = "+1 (303) 555-2147".to_owned();
        assert_eq!(content.phone_href().as_deref(), Some("tel:+13035552147"));
    }

    #[test]
    fn details_saved_before_the_citys_zip_codes_read_with_the_built_in_ones() {
        let mut saved: toml::Table = toml::from_str(EMBEDDED).unwrap();
        let address = saved["business"]["address"].as_table_mut().unwrap();
        address.remove("city_zips");
        let content = Content::parse(&toml::to_string(&saved).unwrap()).unwrap();
        assert!(
            content
                .business
                .address
                .city_zips
                .as_ref()
                .is_some_and(|zips| zips.contains(&"80205".to_owned()))
        );
        saved["business"]["address"]["city"] = "Golden".into();
        let elsewhere = Content::parse(&toml::to_string(&saved).unwrap()).unwrap();
        assert_eq!(elsewhere.business.address.city_zips, None, "another city has no built-in list");
    }

    #[test]
    fn no_two_city_pages_read_alike() {
        let content = Content::load(None).unwrap();
        let mut seen = std::collections::HashSet::new();
        for city in &content.cities {
            for text in [&city.description, &city.local_info, &city.blurb] {
                assert!(seen.insert(text.as_str()), "{} repeats another city's text", city.slug);
            }
            assert_eq!(city.key_features.len(), 3, "{}", city.slug);
            assert_eq!(city.testimonials.len(), 2, "{}", city.slug);
        }
    }

    #[test]
    fn details_saved_when_every_city_showed_the_same_figures_keep_them_per_city() {
        let mut saved: toml::Table = toml::from_str(EMBEDDED).unwrap();
        for city in saved["cities"].as_array_mut().unwrap() {
            let city = city.as_table_mut().unwrap();
            city.remove("since");
            city.remove("stats");
        }
        let figures = toml::Value::try_from(vec![Stat {
            value: "50+".to_owned(),
            label: "Local Customers".to_owned(),
            note: None,
        }])
        .unwrap();
        saved.insert("city_stats".to_owned(), figures);
        let content = Content::parse(&toml::to_string(&saved).unwrap()).unwrap();
        for city in &content.cities {
            assert_eq!(city.since, Some(2023), "{}", city.slug);
            assert_eq!(
                city.stats.iter().map(|s| s.value.as_str()).collect::<Vec<_>>(),
                ["50+"],
                "{}",
                city.slug
            );
        }
        assert!(!content.to_toml().unwrap().contains("city_stats"), "never written again");
    }

    #[test]
    fn the_spec_figures_for_aurora_and_conifer_are_kept() {
        let content = Content::load(None).unwrap();
        let aurora = content.city("aurora").unwrap();
        assert_eq!(
            (aurora.population.as_str(), aurora.distance.as_str()),
            ("386,261", "10 miles from Denver")
        );
        let conifer = content.city("conifer").unwrap();
        assert_eq!(
            (conifer.population.as_str(), conifer.distance.as_str()),
            ("9,499", "26 miles from Denver")
        );
    }

    #[test]
    fn an_unknown_field_is_named_in_the_error() {
        let text = EMBEDDED.replace("short_name =", "shortname =");
        let err = format!("{:#}", Content::parse(&text).unwrap_err());
        assert!(err.contains("shortname"), "{err}");
    }

    #[test]
    fn a_missing_field_is_named_in_the_error() {
        let text = EMBEDDED.replace("phone = \"(303) 555-0147\"\n", "");
        let err = format!("{:#}", Content::parse(&text).unwrap_err());
        assert!(err.contains("missing field `phone`"), "{err}");
    }
}
