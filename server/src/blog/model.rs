//! A published post as the public pages show it.

use serde::Serialize;

use crate::clock;

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
    /// The creation date in long US form, e.g. "March 14, 2025".
    pub date: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    #[serde(flatten)]
    pub card: PostCard,
    /// What the featured image shows, as the owner described it.
    pub featured_image_alt: Option<String>,
    /// Sanitised HTML.
    pub content: String,
    pub created_at: String,
    pub updated_at: String,
    /// What search engines show, when it is not the excerpt.
    #[serde(skip)]
    pub meta_description: Option<String>,
    /// What a shared link shows, when it is not the featured image.
    #[serde(skip)]
    pub social_image: Option<String>,
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

/// "2025-03-14T..." as "March 14, 2025"; the text itself when it is not a stored timestamp.
pub fn long_date(timestamp: &str) -> String {
    match clock::parse(timestamp) {
        Some(at) => format!("{} {}, {}", at.month(), at.day(), at.year()),
        None => timestamp.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::long_date;

    #[test]
    fn dates_are_long_us_form() {
        assert_eq!(long_date("2025-03-14T15:00:00.000Z"), "March 14, 2025");
        assert_eq!(long_date("2024-12-01T00:00:00.000Z"), "December 1, 2024");
    }
}
