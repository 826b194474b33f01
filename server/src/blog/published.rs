//! Published posts as the public pages read them. Each read fetches only what its page shows,
//! so a page costs the same with ten posts as with ten thousand.

use super::{
    model::{Post, PostCard, long_date},
    sanitize::sanitize,
};
use jiff::tz::TimeZone;

use crate::{
    clock::At,
    db::{Db, Pool},
    media, with_db,
};

/// A query of published posts `p` with their card columns (and `i`, the featured image's
/// record when it was uploaded): `columns` more to select, then `rest` (filters and order).
macro_rules! cards_sql {
    ($columns:literal, $rest:literal) => {
        concat!(
            "SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.created_at, ",
            "i.width AS image_width, i.variants AS image_variants",
            $columns,
            " FROM blog_posts p LEFT JOIN images i ON i.url = p.featured_image WHERE p.published = TRUE ",
            $rest
        )
    };
}

/// A card's columns as `cards_sql!` selects them.
#[derive(sqlx::FromRow)]
struct CardRow {
    id: i64,
    title: String,
    slug: String,
    excerpt: String,
    featured_image: Option<String>,
    created_at: At,
    image_width: Option<i64>,
    image_variants: Option<String>,
}

impl CardRow {
    /// The card, dated on the shop's clock (`zone`).
    fn card(self, zone: &TimeZone) -> PostCard {
        let featured_image_srcset = match (&self.featured_image, self.image_width, &self.image_variants) {
            (Some(url), Some(width), Some(variants)) => media::srcset(url, width, variants),
            _ => None,
        };
        PostCard {
            title: self.title,
            slug: self.slug,
            excerpt: self.excerpt,
            featured_image: self.featured_image,
            featured_image_srcset,
            date: long_date(self.created_at, zone),
        }
    }
}

/// How many posts are published.
pub async fn count(db: &Db) -> anyhow::Result<u64> {
    let count: i64 = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM blog_posts WHERE published = TRUE").fetch_one(pool).await?
    });
    Ok(u64::try_from(count).unwrap_or_default())
}

/// `limit` cards, newest first, after skipping the `offset` newest (only the rows shown are
/// read; the ones skipped are skipped in the index).
pub async fn cards(db: &Db, offset: u64, limit: u64, zone: &TimeZone) -> anyhow::Result<Vec<PostCard>> {
    let sql = cards_sql!(
        "",
        "AND p.id IN (SELECT id FROM blog_posts WHERE published = TRUE
                      ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2)
         ORDER BY p.created_at DESC, p.id DESC"
    );
    let rows: Vec<CardRow> = with_db!(db, |pool| {
        sqlx::query_as(sql).bind(as_sql(limit)).bind(as_sql(offset)).fetch_all(pool).await?
    });
    Ok(rows.into_iter().map(|row| row.card(zone)).collect())
}

/// The `limit` newest posts other than post `id` (a post's related posts).
pub async fn newest_except(db: &Db, id: i64, limit: u64, zone: &TimeZone) -> anyhow::Result<Vec<PostCard>> {
    let sql = cards_sql!("", "AND p.id != $1 ORDER BY p.created_at DESC, p.id DESC LIMIT $2");
    let rows: Vec<CardRow> =
        with_db!(db, |pool| sqlx::query_as(sql).bind(id).bind(as_sql(limit)).fetch_all(pool).await?);
    Ok(rows.into_iter().map(|row| row.card(zone)).collect())
}

/// The cards of the posts `ids`, in that order (those no longer published are left out).
pub async fn cards_by_id(db: &Db, ids: &[i64], zone: &TimeZone) -> anyhow::Result<Vec<PostCard>> {
    let rows: Vec<CardRow> = match &db.pool {
        Pool::Sqlite(pool) => {
            let sql = cards_sql!("", "AND p.id IN (SELECT value FROM json_each($1))");
            sqlx::query_as(sql).bind(serde_json::to_string(ids)?).fetch_all(pool).await?
        }
        Pool::Postgres(pool) => {
            let sql = cards_sql!("", "AND p.id = ANY($1)");
            sqlx::query_as(sql).bind(ids).fetch_all(pool).await?
        }
    };
    let mut found: Vec<(i64, PostCard)> = rows.into_iter().map(|row| (row.id, row.card(zone))).collect();
    found.sort_by_key(|(id, _)| ids.iter().position(|wanted| wanted == id));
    Ok(found.into_iter().map(|(_, card)| card).collect())
}

#[derive(sqlx::FromRow)]
struct PostRow {
    #[sqlx(flatten)]
    card: CardRow,
    content: String,
    updated_at: At,
    featured_image_alt: Option<String>,
    meta_description: Option<String>,
    social_image: Option<String>,
    service: Option<String>,
}

/// The published post at `slug`, its content sanitised again.
pub async fn by_slug(db: &Db, slug: &str, zone: &TimeZone) -> anyhow::Result<Option<Post>> {
    let sql = cards_sql!(
        ", p.content, p.updated_at, p.featured_image_alt, p.meta_description, p.social_image, p.service",
        "AND p.slug = $1"
    );
    let row: Option<PostRow> =
        with_db!(db, |pool| sqlx::query_as(sql).bind(slug).fetch_optional(pool).await?);
    Ok(row.map(|row| Post {
        id: row.card.id,
        created_at: row.card.created_at,
        card: row.card.card(zone),
        featured_image_alt: row.featured_image_alt,
        content: sanitize(&row.content),
        updated_at: row.updated_at,
        meta_description: row.meta_description,
        social_image: row.social_image,
        service: row.service,
    }))
}

/// The slug a published post now has, when `old_slug` was one of its earlier slugs.
pub async fn renamed(db: &Db, old_slug: &str) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT p.slug FROM blog_slug_redirects r JOIN blog_posts p ON p.id = r.post_id
             WHERE r.old_slug = $1 AND p.published = TRUE",
        )
        .bind(old_slug)
        .fetch_optional(pool)
        .await?
    }))
}

/// A post as the feed lists it.
#[derive(sqlx::FromRow)]
pub struct FeedItem {
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub created_at: At,
}

/// The `limit` newest posts, for the feed.
pub async fn newest(db: &Db, limit: u64) -> anyhow::Result<Vec<FeedItem>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT title, slug, excerpt, created_at FROM blog_posts WHERE published = TRUE
             ORDER BY created_at DESC, id DESC LIMIT $1",
        )
        .bind(as_sql(limit))
        .fetch_all(pool)
        .await?
    }))
}

/// A post as the sitemap lists it.
#[derive(sqlx::FromRow)]
pub struct SitemapEntry {
    pub slug: String,
    pub updated_at: At,
}

/// `limit` posts in the order they were added, after skipping the `offset` first: new posts
/// land in the last part of the sitemap, so the others keep their contents.
pub async fn in_order_added(db: &Db, offset: u64, limit: u64) -> anyhow::Result<Vec<SitemapEntry>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT slug, updated_at FROM blog_posts
             WHERE id IN (SELECT id FROM blog_posts WHERE published = TRUE ORDER BY id LIMIT $1 OFFSET $2)
             ORDER BY id",
        )
        .bind(as_sql(limit))
        .bind(as_sql(offset))
        .fetch_all(pool)
        .await?
    }))
}

/// Database integers are signed; counts and offsets this large never occur.
fn as_sql(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
