//! The checks of single content fields, collecting every problem with the field it is in, so a
//! bad content file or site-details save names all of its bad fields at once.

use super::hours::{Hours, parse_clock};
use crate::{
    assets,
    media::{self, URL_PREFIX as UPLOADS},
};

/// Icon names the web app can draw (web/src/components/Icon.tsx has the same list).
pub const ICONS: &[&str] = &[
    "users",
    "truck",
    "clock",
    "wrench",
    "receipt",
    "shield",
    "credit-card",
    "hammer",
    "cog",
    "zap",
    "circle-dot",
    "package",
    "layers",
    "trending-up",
    "disc",
    "flame",
    "sliders",
    "link",
    "map-pin",
    "siren",
    "clipboard-check",
];

const WEEKDAYS: &[&str] = &["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// Every bad field of a content file: its path (`testimonials[2].rating`) and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.0.iter().map(|(field, problem)| format!("{field}: {problem}")).collect::<Vec<_>>().join("; "))]
pub struct InvalidContent(Vec<(String, String)>);

impl InvalidContent {
    /// A content file that does not parse: one problem, named by `field` ("" for the file).
    pub fn unreadable(field: &str, problem: String) -> Self {
        Self(vec![(field.to_owned(), problem)])
    }

    pub fn problems(&self) -> &[(String, String)] {
        &self.0
    }

    /// The same problems, each field named by `rename`.
    pub fn renamed(self, rename: impl Fn(&str) -> String) -> Self {
        Self(self.0.into_iter().map(|(field, problem)| (rename(&field), problem)).collect())
    }
}

/// The problems found so far.
#[derive(Default)]
pub struct Checker(Vec<(String, String)>);

impl Checker {
    /// Every problem found, or Ok when there was none.
    pub fn finish(self) -> Result<(), InvalidContent> {
        if self.0.is_empty() { Ok(()) } else { Err(InvalidContent(self.0)) }
    }

    pub fn fail(&mut self, field: impl AsRef<str>, problem: &str) {
        self.0.push((field.as_ref().to_owned(), problem.to_owned()));
    }

    pub fn text(&mut self, field: impl AsRef<str>, value: &str) {
        if value.trim().is_empty() {
            self.fail(field, "must not be empty");
        }
    }

    pub fn url(&mut self, field: impl AsRef<str>, value: &str) {
        if !(value.starts_with("https://") || value.starts_with("http://")) || value.contains(' ') {
            self.fail(field, "must be an http:// or https:// URL");
        }
    }

    /// A path to one of the site's own images (`/site/...`), an uploaded image
    /// (`/media/blog-images/...`) or an https:// URL.
    pub fn image(&mut self, field: impl AsRef<str>, value: &str) {
        if let Some(name) = value.strip_prefix("/site/") {
            if !assets::site_image_exists(name) {
                self.fail(field, "is not one of the site's own pictures");
            }
        } else if let Some(name) = value.strip_prefix(UPLOADS) {
            if !media::is_stored_name(name) {
                self.fail(field, "is not an uploaded picture; upload it again");
            }
        } else if !value.starts_with("https://") || value.contains(' ') {
            self.fail(field, "must be an uploaded picture or a web address starting with https://");
        }
    }

    pub fn icon(&mut self, field: impl AsRef<str>, value: &str) {
        if !ICONS.contains(&value) {
            self.fail(field, &format!("unknown icon; use one of {}", ICONS.join(", ")));
        }
    }

    /// Weekly hours: each with days and, unless closed, an opening and a later closing time.
    pub fn hours(&mut self, field: &str, list: &[Hours]) {
        for (i, h) in list.iter().enumerate() {
            let field = format!("{field}[{i}]");
            self.text(format!("{field}.days_label"), &h.days_label);
            self.not_empty(&format!("{field}.days"), &h.days);
            for day in &h.days {
                if !WEEKDAYS.contains(&day.as_str()) {
                    self.fail(format!("{field}.days"), &format!("'{day}' is not a weekday name"));
                }
            }
            match (h.opens.as_deref().map(parse_clock), h.closes.as_deref().map(parse_clock)) {
                (None, None) => {}
                (Some(Some(opens)), Some(Some(closes))) if opens < closes => {}
                (Some(Some(_)), Some(Some(_))) => {
                    self.fail(&field, "the closing time must be after the opening time");
                }
                _ => self.fail(
                    &field,
                    "give both an opening and a closing time (HH:MM), or neither for closed days",
                ),
            }
        }
    }

    pub fn not_empty<T>(&mut self, field: &str, list: &[T]) {
        if list.is_empty() {
            self.fail(field, "must have at least one entry");
        }
    }
}
