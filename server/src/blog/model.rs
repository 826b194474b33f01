//! A published post as the public pages show it.

use jiff::tz::TimeZone;
use serde::Serialize;

use crate::clock::At;

/// What a post card shows (the list, related posts, search results): everything but the content.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostCard {
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub featured_image: Option<String>,
    /// Smaller copies of an uploaded featured image, for `srcset`.
    pub featured_image_srcset: Option<String>,
    /// The creation date in long US form on the shop's clock, e.g. "March 14, 2025".
    pub date: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    #[serde(flatten)]
    pub card: PostCard,
    /// What the featured image shows, as the owner described it.
    pub featured_image_alt: Option<String>,
    /// Sanitised HTML.
    pub content: String,
    pub created_at: At,
    pub updated_at: At,
    /// What search engines show, when it is not the excerpt.
    #[serde(skip)]
    pub meta_description: Option<String>,
    /// What a shared link shows, when it is not the featured image.
    #[serde(skip)]
    pub social_image: Option<String>,
    /// The service the post is about, as the services page titles its card.
    #[serde(skip)]
    pub service: Option<String>,
}

impl PostCard {
    pub fn path(&self) -> String {
        post_path(&self.slug)
    }
}

/// Where the post with `slug` is published.
pub fn post_path(slug: &str) -> String {
    format!("/blog/{slug}")
}

/// An instant as the day it was in `zone`: "March 14, 2025".
pub fn long_date(at: At, zone: &TimeZone) -> String {
    at.timestamp().to_zoned(zone.clone()).strftime("%B %-d, %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_long_us_form_on_the_shops_clock() {
        let denver = TimeZone::get("America/Denver").unwrap();
        assert_eq!(long_date("2025-03-14T15:00:00.000Z".parse().unwrap(), &denver), "March 14, 2025");
        assert_eq!(long_date("2024-12-01T12:00:00.000Z".parse().unwrap(), &denver), "December 1, 2024");
        // 5:53 PM in Denver is already the next day in UTC.
        assert_eq!(long_date("2026-11-24T00:53:00.000Z".parse().unwrap(), &denver), "November 23, 2026");
        assert_eq!(
            long_date("2026-11-24T00:53:00.000Z".parse().unwrap(), &TimeZone::UTC),
            "November 24, 2026"
        );
    }
}
