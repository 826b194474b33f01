//! Posts in SQLite, as the public pages read them.

use sqlx::{Row as _, SqlitePool};

use super::{
    model::{Post, long_date},
    sanitize::sanitize,
};

/// Every published post, newest first, with its HTML sanitised again.
pub async fn published(pool: &SqlitePool) -> anyhow::Result<Vec<Post>> {
    let rows = sqlx::query(
        "SELECT id, title, slug, excerpt, content, featured_image, created_at, updated_at FROM blog_posts
         WHERE published = 1 ORDER BY created_at DESC, id DESC",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| {
            let created_at: String = row.get("created_at");
            Post {
                id: row.get("id"),
                title: row.get("title"),
                slug: row.get("slug"),
                excerpt: row.get("excerpt"),
                content: sanitize(&row.get::<String, _>("content")),
                featured_image: row.get("featured_image"),
                date: long_date(&created_at),
                created_at,
                updated_at: row.get("updated_at"),
            }
        })
        .collect())
}

/// A post to insert as it is, already published (the sample posts).
pub struct PublishedPost<'a> {
    pub title: &'a str,
    pub slug: &'a str,
    pub excerpt: &'a str,
    pub content: &'a str,
    pub featured_image: Option<&'a str>,
    pub created_at: &'a str,
}

/// Inserts `post` unless a post with its slug exists; true when it was added.
pub async fn insert_published(pool: &SqlitePool, post: &PublishedPost<'_>) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (slug) DO NOTHING",
    )
    .bind(post.title)
    .bind(post.slug)
    .bind(post.excerpt)
    .bind(sanitize(post.content))
    .bind(post.featured_image)
    .bind(post.created_at)
    .bind(post.created_at)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
