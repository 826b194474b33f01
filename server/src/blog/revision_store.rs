//! Earlier versions of a post: every save keeps one (see `store`), and the editor lists them
//! and loads one back to save again.

use serde::Serialize;

use crate::{
    clock::At,
    db::Db,
    domain::{PostId, RevisionId},
    with_db,
};

/// A revision as the list shows it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionListing {
    pub id: i64,
    pub title: String,
    pub saved_at: At,
    /// The e-mail of the admin who saved it.
    pub saved_by: String,
}

/// A revision with what was saved.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revision {
    pub id: i64,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub content: String,
    pub featured_image: Option<String>,
    pub featured_image_alt: Option<String>,
    pub saved_at: At,
    pub saved_by: String,
}

/// The revisions of post `post_id`, the newest first (at most the last 50).
pub async fn list(db: &Db, post_id: PostId) -> anyhow::Result<Vec<RevisionListing>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, title, saved_at, saved_by FROM post_revisions WHERE post_id = $1 ORDER BY id DESC LIMIT 50",
        )
        .bind(post_id)
        .fetch_all(pool)
        .await?
    }))
}

/// Revision `id` of post `post_id`.
pub async fn get(db: &Db, post_id: PostId, id: RevisionId) -> anyhow::Result<Option<Revision>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, title, slug, excerpt, content, featured_image, featured_image_alt, saved_at, saved_by
             FROM post_revisions WHERE post_id = $1 AND id = $2",
        )
        .bind(post_id)
        .bind(id)
        .fetch_optional(pool)
        .await?
    }))
}
