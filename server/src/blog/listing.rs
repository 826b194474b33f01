//! The admin's list of posts, a page at a time: filtered by status and title, in the order the
//! owner picks, with the counts of each status from the database.

use serde::{Deserialize, Serialize};

use super::store::AdminPost;
use crate::{db::Db, with_db};

/// Posts on one page of the list.
pub const PER_PAGE: u32 = 25;

/// Which posts the list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = PostStatus)]
pub enum Status {
    /// Every post but the deleted ones.
    #[default]
    All,
    Published,
    /// Not published, and not scheduled to be.
    Drafts,
    /// Drafts that go live by themselves at their time.
    Scheduled,
    /// Deleted in the last 30 days; they can be restored.
    Deleted,
}

impl Status {
    fn condition(self) -> &'static str {
        match self {
            Self::All => "deleted_at IS NULL",
            Self::Published => "deleted_at IS NULL AND published = TRUE",
            Self::Drafts => "deleted_at IS NULL AND published = FALSE AND publish_at IS NULL",
            Self::Scheduled => "deleted_at IS NULL AND published = FALSE AND publish_at IS NOT NULL",
            Self::Deleted => "deleted_at IS NOT NULL",
        }
    }
}

/// The order of the list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Newest first (deleted posts: the last deleted first).
    #[default]
    Newest,
    Oldest,
    /// By title, A to Z.
    Title,
    /// The last changed first.
    Updated,
}

impl Order {
    fn clause(self, status: Status) -> &'static str {
        match (self, status) {
            (Self::Newest, Status::Deleted) => "deleted_at DESC, id DESC",
            (Self::Newest, _) => "created_at DESC, id DESC",
            (Self::Oldest, _) => "created_at ASC, id ASC",
            (Self::Title, _) => "LOWER(title) ASC, id ASC",
            (Self::Updated, _) => "updated_at DESC, id DESC",
        }
    }
}

/// One page of the list.
pub struct Request {
    pub status: Status,
    pub order: Order,
    /// A LIKE pattern of part of the title (`db::contains_pattern`), or None for any title.
    pub title: Option<String>,
    /// From 1.
    pub page: u32,
}

/// How many posts each status has (deleted ones only under `deleted`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub all: i64,
    pub published: i64,
    pub drafts: i64,
    pub scheduled: i64,
    pub deleted: i64,
}

pub async fn counts(db: &Db) -> anyhow::Result<Counts> {
    let (all, published, scheduled, deleted): (i64, i64, i64, i64) = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT COUNT(CASE WHEN deleted_at IS NULL THEN 1 END),
                    COUNT(CASE WHEN deleted_at IS NULL AND published = TRUE THEN 1 END),
                    COUNT(CASE WHEN deleted_at IS NULL AND published = FALSE AND publish_at IS NOT NULL THEN 1 END),
                    COUNT(CASE WHEN deleted_at IS NOT NULL THEN 1 END)
             FROM blog_posts",
        )
        .fetch_one(pool)
        .await?
    });
    Ok(Counts { all, published, drafts: all - published - scheduled, scheduled, deleted })
}

/// The posts of one page, without their content, and how many match in all.
pub async fn page(db: &Db, request: &Request) -> anyhow::Result<(Vec<AdminPost>, i64)> {
    let filter = format!(
        "FROM blog_posts WHERE {} AND ($1 IS NULL OR LOWER(title) LIKE $1 ESCAPE '\\')",
        request.status.condition()
    );
    let rows = sqlx::AssertSqlSafe(format!(
        "SELECT id, title, slug, excerpt, featured_image, published, publish_at, author_id, created_at, updated_at,
         deleted_at {filter} ORDER BY {} LIMIT $2 OFFSET $3",
        request.order.clause(request.status)
    ));
    let count = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) {filter}"));
    let offset = i64::from(request.page.saturating_sub(1)) * i64::from(PER_PAGE);
    Ok(with_db!(db, |pool| {
        let posts = sqlx::query_as(rows)
            .bind(&request.title)
            .bind(i64::from(PER_PAGE))
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let total = sqlx::query_scalar(count).bind(&request.title).fetch_one(pool).await?;
        (posts, total)
    }))
}
