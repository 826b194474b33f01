//! Posts in SQLite as the admin area reads and changes them (the public pages read `published`).

use serde::Serialize;
use sqlx::{Row as _, SqliteConnection, SqlitePool, sqlite::SqliteRow};

use super::{draft::PostInput, sanitize::sanitize};
use crate::clock;

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

/// A post as the admin area shows it, drafts included.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminPost {
    pub id: i64,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    /// Left out of the dashboard list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    pub featured_image: Option<String>,
    pub published: bool,
    pub author_id: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

fn admin_post(row: &SqliteRow, with_content: bool) -> AdminPost {
    AdminPost {
        id: row.get("id"),
        title: row.get("title"),
        slug: row.get("slug"),
        excerpt: row.get("excerpt"),
        content: with_content.then(|| row.get("content")),
        featured_image: row.get("featured_image"),
        published: row.get("published"),
        author_id: row.get("author_id"),
        created_at: row.get("created_at"),
        updated_at: row.get("updated_at"),
    }
}

/// Every post, drafts included, newest first, without content.
pub async fn all(pool: &SqlitePool) -> anyhow::Result<Vec<AdminPost>> {
    let rows = sqlx::query(
        "SELECT id, title, slug, excerpt, featured_image, published, author_id, created_at, updated_at
         FROM blog_posts ORDER BY created_at DESC, id DESC",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|row| admin_post(row, false)).collect())
}

/// One post with its content.
pub async fn get(pool: &SqlitePool, id: i64) -> anyhow::Result<Option<AdminPost>> {
    let row = sqlx::query(
        "SELECT id, title, slug, excerpt, content, featured_image, published, author_id, created_at, updated_at
         FROM blog_posts WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| admin_post(&row, true)))
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("the slug is used by another post")]
    SlugTaken,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<sqlx::Error> for SaveError {
    fn from(error: sqlx::Error) -> Self {
        Self::Other(error.into())
    }
}

async fn ensure_slug_free(tx: &mut SqliteConnection, slug: &str, except_id: i64) -> Result<(), SaveError> {
    let taken = sqlx::query("SELECT 1 FROM blog_posts WHERE slug = ? AND id != ?")
        .bind(slug)
        .bind(except_id)
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some() {
        return Err(SaveError::SlugTaken);
    }
    // A live post's slug is no longer an old address of another post.
    sqlx::query("DELETE FROM blog_slug_redirects WHERE old_slug = ?").bind(slug).execute(&mut *tx).await?;
    Ok(())
}

/// Adds a post by `author_id`; its id.
pub async fn create(pool: &SqlitePool, post: &PostInput, author_id: i64) -> Result<i64, SaveError> {
    let mut tx = pool.begin().await?;
    ensure_slug_free(&mut tx, post.slug.as_ref(), 0).await?;
    let now = clock::now();
    let id = sqlx::query(
        "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, author_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&post.title)
    .bind(post.slug.as_ref())
    .bind(&post.excerpt)
    .bind(&post.content)
    .bind(&post.featured_image)
    .bind(post.published)
    .bind(author_id)
    .bind(&now)
    .bind(&now)
    .execute(&mut *tx)
    .await?
    .last_insert_rowid();
    tx.commit().await?;
    Ok(id)
}

/// Replaces post `id` with `post` by `author_id`; the post as it was, None when there is none.
/// When a published post's slug changes, its old slug is kept to redirect to the new one.
pub async fn update(
    pool: &SqlitePool,
    id: i64,
    post: &PostInput,
    author_id: i64,
) -> Result<Option<AdminPost>, SaveError> {
    let Some(before) = get(pool, id).await? else { return Ok(None) };
    let mut tx = pool.begin().await?;
    ensure_slug_free(&mut tx, post.slug.as_ref(), id).await?;
    if before.published && before.slug != post.slug.as_ref() {
        sqlx::query(
            "INSERT INTO blog_slug_redirects (old_slug, post_id) VALUES (?1, ?2)
             ON CONFLICT (old_slug) DO UPDATE SET post_id = ?2",
        )
        .bind(&before.slug)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "UPDATE blog_posts SET title = ?, slug = ?, excerpt = ?, content = ?, featured_image = ?,
         published = ?, author_id = ?, updated_at = ? WHERE id = ?",
    )
    .bind(&post.title)
    .bind(post.slug.as_ref())
    .bind(&post.excerpt)
    .bind(&post.content)
    .bind(&post.featured_image)
    .bind(post.published)
    .bind(author_id)
    .bind(clock::now())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(before))
}

/// Publishes or unpublishes post `id`; the post as it was, None when there is none.
pub async fn set_published(pool: &SqlitePool, id: i64, published: bool) -> anyhow::Result<Option<AdminPost>> {
    let Some(before) = get(pool, id).await? else { return Ok(None) };
    sqlx::query("UPDATE blog_posts SET published = ?, updated_at = ? WHERE id = ?")
        .bind(published)
        .bind(clock::now())
        .bind(id)
        .execute(pool)
        .await?;
    Ok(Some(before))
}

/// Deletes post `id` (and its old slugs); the post as it was, None when there is none.
pub async fn delete(pool: &SqlitePool, id: i64) -> anyhow::Result<Option<AdminPost>> {
    let Some(before) = get(pool, id).await? else { return Ok(None) };
    sqlx::query("DELETE FROM blog_posts WHERE id = ?").bind(id).execute(pool).await?;
    Ok(Some(before))
}
