//! Scheduled posts go live at their minute whether or not anyone visits: a task of the server
//! publishes every post whose time has come, every few seconds. The schedule lives in the
//! database, so it survives restarts, and the first check after downtime publishes every post
//! whose time passed meanwhile. With several instances each checks; one UPDATE takes each post
//! once. The same task removes, once an hour, the posts deleted more than 30 days ago.

use std::time::Duration;

use super::store;
use crate::{
    auth::audit::{self, Action, Actor},
    changes::{Change, Changes},
    db::Db,
};

const CHECK_EVERY: Duration = Duration::from_secs(5);
const SCHEDULER: Actor<'static> = Actor { user_id: None, email: "", client_ip: "scheduler" };

/// Every this many checks (an hour), posts deleted more than 30 days ago are removed.
const PURGE_EVERY: u32 = 720;

/// Publishes due posts forever, and removes posts deleted more than 30 days ago (the server
/// aborts it on shutdown).
pub async fn run(db: Db, changes: Changes) {
    let mut checks = 0_u32;
    loop {
        if let Err(error) = publish_due(&db, &changes).await {
            tracing::warn!("Publishing scheduled posts failed (tried again shortly): {error:#}");
        }
        if checks.is_multiple_of(PURGE_EVERY)
            && let Err(error) = purge_deleted(&db).await
        {
            tracing::warn!("Removing posts deleted 30 days ago failed (tried again later): {error:#}");
        }
        checks = checks.wrapping_add(1);
        db.clock.sleep(CHECK_EVERY).await;
    }
}

async fn purge_deleted(db: &Db) -> anyhow::Result<()> {
    for title in store::purge_deleted(db).await? {
        audit::record(db, &SCHEDULER, Action::PostPurged, &format!("\u{201c}{title}\u{201d}")).await?;
    }
    Ok(())
}

async fn publish_due(db: &Db, changes: &Changes) -> anyhow::Result<()> {
    let live = store::publish_due(db).await?;
    for post in &live {
        let detail = format!("\u{201c}{}\u{201d} (/blog/{})", post.title, post.slug);
        audit::record(db, &SCHEDULER, Action::PostPublishedOnSchedule, &detail).await?;
        tracing::info!(slug = %post.slug, "published a scheduled post");
    }
    if !live.is_empty() {
        changes.announce(Change::Blog);
    }
    Ok(())
}
