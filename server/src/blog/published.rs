//! Published posts as the public pages read them. Each read fetches only what its page shows,
//! so a page costs the same with ten posts as with ten thousand.

use sqlx::{Row as _, SqlitePool, sqlite::SqliteRow};

use super::{
    model::{Post, PostCard, long_date},
    sanitize::sanitize,
};
use crate::media;

/// A query of published posts `p` with their card columns (and `i`, the featured image's
/// record when it was uploaded): `columns` more to select, then `rest` (filters and order).
macro_rules! cards_sql {
    ($columns:literal, $rest:literal) => {
        concat!(
            "SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.created_at, ",
            "i.width AS image_width, i.variants AS image_variants",
            $columns,
            " FROM blog_posts p LEFT JOIN images i ON i.url = p.featured_image WHERE p.published = 1 ",
            $rest
        )
    };
}

fn card(row: &SqliteRow) -> PostCard {
    let featured_image: Option<String> = row.get("featured_image");
    let featured_image_srcset = match (&featured_image, row.get("image_width"), row.get("image_variants")) {
        (Some(url), Some(width), Some(variants)) => media::srcset(url, width, variants),
        _ => None,
    };
    PostCard {
        title: row.get("title"),
        slug: row.get("slug"),
        excerpt: row.get("excerpt"),
        featured_image,
        featured_image_srcset,
        date: long_date(row.get::<&str, _>("created_at")),
    }
}

/// How many posts are published.
pub async fn count(db: &SqlitePool) -> anyhow::Result<u64> {
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM blog_posts WHERE published = 1").fetch_one(db).await?;
    Ok(u64::try_from(count).unwrap_or_default())
}

/// `limit` cards, newest first, after skipping the `offset` newest.
pub async fn cards(db: &SqlitePool, offset: u64, limit: u64) -> anyhow::Result<Vec<PostCard>> {
    let sql = cards_sql!(
        "",
        "AND p.id IN (SELECT id FROM blog_posts WHERE published = 1
                      ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?)
         ORDER BY p.created_at DESC, p.id DESC"
    );
    let rows = sqlx::query(sql).bind(as_sql(limit)).bind(as_sql(offset)).fetch_all(db).await?;
    Ok(rows.iter().map(card).collect())
}

/// The `limit` newest posts other than post `id` (a post's related posts).
pub async fn newest_except(db: &SqlitePool, id: i64, limit: u64) -> anyhow::Result<Vec<PostCard>> {
    let sql = cards_sql!("", "AND p.id != ? ORDER BY p.created_at DESC, p.id DESC LIMIT ?");
    let rows = sqlx::query(sql).bind(id).bind(as_sql(limit)).fetch_all(db).await?;
    Ok(rows.iter().map(card).collect())
}

/// The cards of the posts `ids`, in that order (those no longer published are left out).
pub async fn cards_by_id(db: &SqlitePool, ids: &[i64]) -> anyhow::Result<Vec<PostCard>> {
    let sql = cards_sql!("", "AND p.id IN (SELECT value FROM json_each(?))");
    let rows = sqlx::query(sql).bind(serde_json::to_string(ids)?).fetch_all(db).await?;
    let mut found: Vec<(i64, PostCard)> = rows.iter().map(|row| (row.get("id"), card(row))).collect();
    found.sort_by_key(|(id, _)| ids.iter().position(|wanted| wanted == id));
    Ok(found.into_iter().map(|(_, card)| card).collect())
}

/// The published post at `slug`, its content sanitised again.
pub async fn by_slug(db: &SqlitePool, slug: &str) -> anyhow::Result<Option<Post>> {
    let sql = cards_sql!(", p.content, p.updated_at", "AND p.slug = ?");
    let row = sqlx::query(sql).bind(slug).fetch_optional(db).await?;
    Ok(row.map(|row| Post {
        id: row.get("id"),
        card: card(&row),
        content: sanitize(row.get::<&str, _>("content")),
        created_at: row.get("created_at"),
        updated_at: row.get("updated_at"),
    }))
}

/// The slug a published post now has, when `old_slug` was one of its earlier slugs.
pub async fn renamed(db: &SqlitePool, old_slug: &str) -> anyhow::Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT p.slug FROM blog_slug_redirects r JOIN blog_posts p ON p.id = r.post_id
         WHERE r.old_slug = ? AND p.published = 1",
    )
    .bind(old_slug)
    .fetch_optional(db)
    .await?)
}

/// A post as the feed lists it.
pub struct FeedItem {
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub created_at: String,
}

/// The `limit` newest posts, for the feed.
pub async fn newest(db: &SqlitePool, limit: u64) -> anyhow::Result<Vec<FeedItem>> {
    let rows = sqlx::query(
        "SELECT title, slug, excerpt, created_at FROM blog_posts WHERE published = 1
         ORDER BY created_at DESC, id DESC LIMIT ?",
    )
    .bind(as_sql(limit))
    .fetch_all(db)
    .await?;
    Ok(rows
        .iter()
        .map(|row| FeedItem {
            title: row.get("title"),
            slug: row.get("slug"),
            excerpt: row.get("excerpt"),
            created_at: row.get("created_at"),
        })
        .collect())
}

/// A post as the sitemap lists it.
pub struct SitemapEntry {
    pub slug: String,
    pub updated_at: String,
}

/// `limit` posts in the order they were added, after skipping the `offset` first: new posts
/// land in the last part of the sitemap, so the others keep their contents.
pub async fn in_order_added(db: &SqlitePool, offset: u64, limit: u64) -> anyhow::Result<Vec<SitemapEntry>> {
    let rows = sqlx::query(
        "SELECT slug, updated_at FROM blog_posts WHERE published = 1 ORDER BY id LIMIT ? OFFSET ?",
    )
    .bind(as_sql(limit))
    .bind(as_sql(offset))
    .fetch_all(db)
    .await?;
    Ok(rows
        .iter()
        .map(|row| SitemapEntry { slug: row.get("slug"), updated_at: row.get("updated_at") })
        .collect())
}

/// What search looks through: the id, title and excerpt of every published post, newest first.
pub async fn searchable(db: &SqlitePool) -> anyhow::Result<Vec<(i64, String, String)>> {
    let rows = sqlx::query(
        "SELECT id, title, excerpt FROM blog_posts WHERE published = 1 ORDER BY created_at DESC, id DESC",
    )
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(|row| (row.get("id"), row.get("title"), row.get("excerpt"))).collect())
}

/// SQLite integers are signed; counts and offsets this large never occur.
fn as_sql(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
