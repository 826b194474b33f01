//! A published post as the public pages show it.

use serde::Serialize;

use crate::clock;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    /// Sanitised HTML.
    pub content: String,
    pub featured_image: Option<String>,
    /// Smaller copies of an uploaded featured image, for `srcset`.
    pub featured_image_srcset: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// The creation date in long US form, e.g. "March 14, 2025".
    pub date: String,
}

/// What a post card shows (the list, related posts): everything but the content.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PostCard<'a> {
    pub title: &'a str,
    pub slug: &'a str,
    pub excerpt: &'a str,
    pub featured_image: Option<&'a str>,
    pub featured_image_srcset: Option<&'a str>,
    pub date: &'a str,
}

impl Post {
    pub fn card(&self) -> PostCard<'_> {
        PostCard {
            title: &self.title,
            slug: &self.slug,
            excerpt: &self.excerpt,
            featured_image: self.featured_image.as_deref(),
            featured_image_srcset: self.featured_image_srcset.as_deref(),
            date: &self.date,
        }
    }

    pub fn path(&self) -> String {
        format!("/blog/{}", self.slug)
    }
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
