//! What the scheduler writes of the posts: those whose time has come go live, and those
//! deleted more than `KEEP_DELETED` ago are removed for good, each with its audit line in the
//! same transaction.

use std::time::Duration;

use super::search_index::PostIndex as _;
use crate::audit::{AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// How long a deleted post stays in 'Deleted', from where it can be restored.
pub const KEEP_DELETED: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// A scheduled post that just went live.
#[derive(Debug, sqlx::FromRow)]
pub struct WentLive {
    pub title: String,
    pub slug: String,
}

/// Publishes every scheduled post whose time has come, dated at that time, each with the audit
/// line `line` makes of it, in one transaction; those it published. One statement, so two
/// instances never publish the same post twice.
pub async fn publish_due<'a>(db: &Db, line: impl Fn(&WentLive) -> Line<'a>) -> anyhow::Result<Vec<WentLive>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let live: Vec<WentLive> = sqlx::query_as(
            "UPDATE blog_posts SET published = TRUE, created_at = publish_at, updated_at = $1, publish_at = NULL
             WHERE published = FALSE AND publish_at IS NOT NULL AND publish_at <= $1 RETURNING title, slug",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for post in &live {
            tx.audit(&line(post), &now).await?;
        }
        tx.commit().await?;
        Ok(live)
    })
}

/// Removes for good the posts deleted more than `KEEP_DELETED` ago (their revisions and old
/// slugs with them); the titles of those removed.
pub async fn purge_deleted<'a>(db: &Db, line: impl Fn(&str) -> Line<'a>) -> anyhow::Result<Vec<String>> {
    let before = db.clock.stamp_before(KEEP_DELETED);
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let gone: Vec<(i64, String)> =
            sqlx::query_as("DELETE FROM blog_posts WHERE deleted_at < $1 RETURNING id, title")
                .bind(before)
                .fetch_all(&mut *tx)
                .await?;
        for (id, title) in &gone {
            tx.unindex_post(*id).await?;
            tx.audit(&line(title), &now).await?;
        }
        tx.commit().await?;
        Ok(gone.into_iter().map(|(_, title)| title).collect())
    })
}
