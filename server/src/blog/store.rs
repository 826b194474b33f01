//! Posts as the admin area reads and changes them (the public pages read `published`).

use serde::Serialize;

use super::{
    draft::PostInput,
    publisher::schedule_in,
    sanitize::sanitize,
    search_index::{Document, PostIndex as _},
};
use crate::audit::{AuditWrites as _, Line};
use crate::{clock::At, db::Db, domain::PostId, with_db};

/// Writes each of the audit lines `$lines` inside the transaction `$tx`.
macro_rules! audit_all {
    ($tx:expr, $lines:expr, $now:expr) => {
        for line in $lines.iter() {
            $tx.audit(line, $now).await?;
        }
    };
}

/// Refuses `$slug` when a post other than `$except_id` has it, inside the transaction `$tx`.
macro_rules! check_slug_free {
    ($tx:expr, $slug:expr, $except_id:expr) => {
        let holder: Option<Option<At>> =
            sqlx::query_scalar("SELECT deleted_at FROM blog_posts WHERE slug = $1 AND id != $2")
                .bind($slug)
                .bind($except_id)
                .fetch_optional(&mut *$tx)
                .await?;
        match holder {
            Some(Some(_)) => return Err(SaveError::SlugOfDeleted),
            Some(None) => return Err(SaveError::SlugTaken),
            None => {}
        }
    };
}

/// Keeps `$post` (a `PostInput`) as saved now by `$author_id` as a revision of post `$post_id`,
/// inside the transaction `$tx`.
macro_rules! keep_revision {
    ($tx:expr, $post_id:expr, $post:expr, $author_id:expr, $now:expr) => {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO post_revisions (post_id, title, slug, excerpt, content, featured_image, featured_image_alt,
             saved_at, saved_by)
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, {}",
            $crate::auth::users::address_of("$9")
        )))
        .bind($post_id)
        .bind(&$post.title)
        .bind($post.slug.as_ref())
        .bind(&$post.excerpt)
        .bind(&$post.content)
        .bind(&$post.featured_image)
        .bind(&$post.featured_image_alt)
        .bind($now)
        .bind($author_id)
        .execute(&mut *$tx)
        .await?
    };
}

/// A post to insert as it is, already published (the sample posts).
pub struct PublishedPost<'a> {
    pub title: &'a str,
    pub slug: &'a str,
    pub excerpt: &'a str,
    pub content: &'a str,
    pub featured_image: Option<&'a str>,
    pub featured_image_alt: Option<&'a str>,
    pub created_at: At,
}

/// Inserts `post` unless a post with its slug exists; true when it was added.
pub async fn insert_published(db: &Db, post: &PublishedPost<'_>) -> anyhow::Result<bool> {
    let content = sanitize(post.content);
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let added: Option<i64> = sqlx::query_scalar(
            "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, featured_image_alt, published,
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7, $7) ON CONFLICT (slug) DO NOTHING
             RETURNING id",
        )
        .bind(post.title)
        .bind(post.slug)
        .bind(post.excerpt)
        .bind(&content)
        .bind(post.featured_image)
        .bind(post.featured_image_alt)
        .bind(post.created_at)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(id) = added {
            let words = Document { title: post.title, excerpt: post.excerpt, content: &content };
            tx.index_post(id, &words).await?;
        }
        tx.commit().await?;
        Ok(added.is_some())
    })
}

/// A post as the admin area shows it, drafts included.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPost {
    #[schema(value_type = i64)]
    pub id: PostId,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    /// Left out of the dashboard list.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[sqlx(default)]
    pub content: Option<String>,
    pub featured_image: Option<String>,
    #[sqlx(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub featured_image_alt: Option<String>,
    pub published: bool,
    /// When a scheduled draft goes live (UTC); None for other posts.
    pub publish_at: Option<At>,
    #[sqlx(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meta_description: Option<String>,
    #[sqlx(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub social_image: Option<String>,
    /// The service the post is about, as the services page titles its card.
    #[sqlx(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service: Option<String>,
    pub author_id: Option<i64>,
    pub created_at: At,
    pub updated_at: At,
    /// When it was deleted; it stays in 'Deleted' for 30 days, then goes for good.
    pub deleted_at: Option<At>,
}

/// When post `id` was first saved, if it is there.
pub async fn created_at(db: &Db, id: PostId) -> anyhow::Result<Option<At>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT created_at FROM blog_posts WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// One post with its content.
pub async fn get(db: &Db, id: PostId) -> anyhow::Result<Option<AdminPost>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, title, slug, excerpt, content, featured_image, featured_image_alt, published, publish_at,
             meta_description, social_image, service, author_id, created_at, updated_at, deleted_at
             FROM blog_posts WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?
    }))
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("the slug is used by another post")]
    SlugTaken,
    /// The slug is a deleted post's, which may still be restored.
    #[error("the slug is used by a deleted post")]
    SlugOfDeleted,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<sqlx::Error> for SaveError {
    fn from(error: sqlx::Error) -> Self {
        Self::Other(error.into())
    }
}

/// Adds a post by `author_id`, with `lines` in the audit log, in one transaction; its id.
pub async fn create(
    db: &Db,
    post: &PostInput,
    author_id: i64,
    lines: &[Line<'_>],
) -> Result<PostId, SaveError> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        check_slug_free!(tx, post.slug.as_ref(), 0_i64);
        // A live post's slug is no longer an old address of another post.
        sqlx::query("DELETE FROM blog_slug_redirects WHERE old_slug = $1")
            .bind(post.slug.as_ref())
            .execute(&mut *tx)
            .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, author_id, created_at,
             updated_at, publish_at, meta_description, social_image, featured_image_alt, service)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13) RETURNING id",
        )
        .bind(&post.title)
        .bind(post.slug.as_ref())
        .bind(&post.excerpt)
        .bind(&post.content)
        .bind(&post.featured_image)
        .bind(post.published)
        .bind(author_id)
        .bind(now)
        .bind(post.publish_at)
        .bind(&post.meta_description)
        .bind(&post.social_image)
        .bind(&post.featured_image_alt)
        .bind(&post.service)
        .fetch_one(&mut *tx)
        .await?;
        keep_revision!(tx, id, post, author_id, &now);
        tx.index_post(id, &post.words()).await?;
        if let Some(at) = &post.publish_at {
            schedule_in(&mut *tx, at, &now).await?;
        }
        audit_all!(tx, lines, &now);
        tx.commit().await?;
        Ok(PostId(id))
    })
}

/// Replaces post `id` with `post` by `author_id`, with the audit lines `lines` makes of the post
/// as it was, in one transaction; the post as it was, None when there is none (or it is
/// deleted). When a published post's slug changes, its old slug is kept to redirect to the
/// new one. A post saved for the first time since revisions are kept (a sample post, one from
/// before) keeps what it had as its first revision, so its original text is never lost.
pub async fn update<'a>(
    db: &Db,
    id: PostId,
    post: &PostInput,
    author_id: i64,
    lines: impl FnOnce(&AdminPost) -> Vec<Line<'a>>,
) -> Result<Option<AdminPost>, SaveError> {
    let Some(before) = get(db, id).await?.filter(|post| post.deleted_at.is_none()) else { return Ok(None) };
    let lines = lines(&before);
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        check_slug_free!(tx, post.slug.as_ref(), id);
        sqlx::query(
            "INSERT INTO post_revisions (post_id, title, slug, excerpt, content, featured_image, featured_image_alt,
             saved_at, saved_by)
             SELECT id, title, slug, excerpt, content, featured_image, featured_image_alt, updated_at, ''
             FROM blog_posts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM post_revisions WHERE post_id = $1)",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM blog_slug_redirects WHERE old_slug = $1")
            .bind(post.slug.as_ref())
            .execute(&mut *tx)
            .await?;
        if before.published && before.slug != post.slug.as_ref() {
            sqlx::query(
                "INSERT INTO blog_slug_redirects (old_slug, post_id) VALUES ($1, $2)
                 ON CONFLICT (old_slug) DO UPDATE SET post_id = $2",
            )
            .bind(&before.slug)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "UPDATE blog_posts SET title = $1, slug = $2, excerpt = $3, content = $4, featured_image = $5,
             published = $6, author_id = $7, updated_at = $8, publish_at = $9, meta_description = $10,
             social_image = $11, featured_image_alt = $12, service = $13 WHERE id = $14",
        )
        .bind(&post.title)
        .bind(post.slug.as_ref())
        .bind(&post.excerpt)
        .bind(&post.content)
        .bind(&post.featured_image)
        .bind(post.published)
        .bind(author_id)
        .bind(now)
        .bind(post.publish_at)
        .bind(&post.meta_description)
        .bind(&post.social_image)
        .bind(&post.featured_image_alt)
        .bind(&post.service)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        keep_revision!(tx, id, post, author_id, &now);
        tx.index_post(id.0, &post.words()).await?;
        if let Some(at) = &post.publish_at {
            schedule_in(&mut *tx, at, &now).await?;
        }
        audit_all!(tx, lines, &now);
        tx.commit().await?;
        Ok(Some(before))
    })
}

/// Publishes or unpublishes post `id` (either way it is no longer scheduled), with the audit
/// lines `lines` makes of the post as it was, in one transaction; the post as it was, None when
/// there is none (or it is deleted).
pub async fn set_published<'a>(
    db: &Db,
    id: PostId,
    published: bool,
    lines: impl FnOnce(&AdminPost) -> Vec<Line<'a>>,
) -> anyhow::Result<Option<AdminPost>> {
    let Some(before) = get(db, id).await?.filter(|post| post.deleted_at.is_none()) else { return Ok(None) };
    let lines = lines(&before);
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE blog_posts SET published = $1, publish_at = NULL, updated_at = $2 WHERE id = $3")
            .bind(published)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audit_all!(tx, lines, &now);
        tx.commit().await?;
    });
    Ok(Some(before))
}

/// Moves post `id` to 'Deleted': off the site and out of the lists, kept
/// `publisher_store::KEEP_DELETED` to be restored (as a draft), with the audit lines `lines`
/// makes of the post as it was, in one transaction. The post as it was; None when there is none, or it is deleted already.
pub async fn delete<'a>(
    db: &Db,
    id: PostId,
    lines: impl FnOnce(&AdminPost) -> Vec<Line<'a>>,
) -> anyhow::Result<Option<AdminPost>> {
    let Some(before) = get(db, id).await?.filter(|post| post.deleted_at.is_none()) else { return Ok(None) };
    let lines = lines(&before);
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE blog_posts SET deleted_at = $1, updated_at = $1, published = FALSE, publish_at = NULL
             WHERE id = $2 AND deleted_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        audit_all!(tx, lines, &now);
        tx.commit().await?;
    });
    Ok(Some(before))
}

/// Brings deleted post `id` back as a draft, with the audit lines `lines` makes of the deleted
/// post, in one transaction; the post as it is now, None when there is no deleted post `id`.
pub async fn restore<'a>(
    db: &Db,
    id: PostId,
    lines: impl FnOnce(&AdminPost) -> Vec<Line<'a>>,
) -> anyhow::Result<Option<AdminPost>> {
    let Some(deleted) = get(db, id).await?.filter(|post| post.deleted_at.is_some()) else { return Ok(None) };
    let lines = lines(&deleted);
    let now = db.clock.stamp();
    let restored = with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let restored = sqlx::query(
            "UPDATE blog_posts SET deleted_at = NULL, updated_at = $1 WHERE id = $2 AND deleted_at IS NOT NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if restored == 1 {
            audit_all!(tx, lines, &now);
        }
        tx.commit().await?;
        restored
    });
    if restored == 0 {
        return Ok(None);
    }
    get(db, id).await
}
