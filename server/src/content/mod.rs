//! The site content file: every business fact the pages show, read once at start-up.
//!
//! The file is TOML (see `content/site.toml`). Field names are snake_case in the file and
//! camelCase in the JSON handed to the pages.

mod chat;
mod checker;
pub mod holidays;
mod hours;
mod model;
mod promise;
mod scheduling;
mod shape;
pub mod validate;

use std::path::Path;

use anyhow::Context as _;

pub use chat::{Chat, ChatStep, FollowUp};
pub use hours::{Hours, HoursView};
pub use model::{
    About, Address, BeforeAfter, Business, City, CityService, Contact, Content, Cta, Feature, Footer, Hero,
    Rating, ServiceGroup, ServiceOffer, ServiceSection, ServicesPage, Stat, SubService, Testimonial,
    ThankYou,
};
pub use promise::Promise;
pub use scheduling::{Scheduling, Times};

/// The content file built into the binary, used when no `--content` file is given.
const EMBEDDED: &str = include_str!("../../../content/site.toml");

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
        let content: Content = toml::from_str(text)?;
        validate::check(&content)?;
        Ok(content)
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
        assert_eq!(content.phone_href(), "tel:+13035550147");
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
