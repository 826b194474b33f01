//! Sample posts for a new site (content/sample-posts.toml), added only on request.

use std::time::Duration;

use crate::db::Db;
use anyhow::Context as _;
use serde::Deserialize;

use super::store::{self, PublishedPost};

const SAMPLES: &str = include_str!("../../../content/sample-posts.toml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Samples {
    posts: Vec<Sample>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sample {
    slug: String,
    title: String,
    excerpt: String,
    image: String,
    /// What the image shows, for people who cannot see it.
    image_alt: String,
    /// How long before being added the post is dated, so that a new site's blog looks current.
    days_ago: u64,
    content: String,
}

/// Adds the sample posts that are not there yet (by slug); returns how many were added.
pub async fn add(db: &Db) -> anyhow::Result<usize> {
    let samples: Samples = toml::from_str(SAMPLES).context("The sample posts file is invalid")?;
    let mut added = 0;
    for s in &samples.posts {
        let created_at = db.clock.stamp_before(Duration::from_secs(s.days_ago * 24 * 60 * 60));
        let post = PublishedPost {
            title: &s.title,
            slug: &s.slug,
            excerpt: &s.excerpt,
            content: &s.content,
            featured_image: Some(&s.image),
            featured_image_alt: Some(&s.image_alt),
            created_at,
        };
        if store::insert_published(db, &post).await? {
            added += 1;
        }
    }
    Ok(added)
}
