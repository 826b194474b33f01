//! Scheduled posts go live at their minute whether or not anyone visits: a task of the server
//! publishes every post whose time has come, every few seconds. The schedule lives in the
//! database, so it survives restarts, and the first check after downtime publishes every post
//! whose time passed meanwhile. With several instances each checks; one UPDATE takes each post
//! once. The same task removes, once an hour, the posts deleted more than 30 days ago.

use std::time::Duration;

use super::publisher_store;
use crate::audit::{Action, Actor, Line};
use crate::{
    changes::{Change, Changes},
    db::Db,
};

const CHECK_EVERY: Duration = Duration::from_secs(5);
const SCHEDULER: Actor<'static> = Actor { user_id: None, email: "", client_ip: "scheduler" };

/// How often posts deleted more than 30 days ago are removed (on the server's clock).
const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);

/// Publishes due posts forever, and removes posts deleted more than 30 days ago (the server
/// aborts it on shutdown).
pub async fn run(db: Db, changes: Changes) {
    let mut purged: Option<jiff::Timestamp> = None;
    loop {
        if let Err(error) = publish_due(&db, &changes).await {
            tracing::warn!("Publishing scheduled posts failed (tried again shortly): {error:#}");
        }
        let now = db.clock.now();
        if purged.is_none_or(|at| at + PURGE_EVERY <= now) {
            match purge_deleted(&db).await {
                Ok(()) => purged = Some(now),
                Err(error) => {
                    tracing::warn!(
                        "Removing posts deleted 30 days ago failed (tried again shortly): {error:#}"
                    );
                }
            }
        }
        db.clock.sleep(CHECK_EVERY).await;
    }
}

async fn purge_deleted(db: &Db) -> anyhow::Result<()> {
    publisher_store::purge_deleted(db, |title| Line {
        actor: &SCHEDULER,
        action: Action::PostPurged,
        detail: format!("\u{201c}{title}\u{201d}"),
    })
    .await?;
    Ok(())
}

async fn publish_due(db: &Db, changes: &Changes) -> anyhow::Result<()> {
    let live = publisher_store::publish_due(db, |post| Line {
        actor: &SCHEDULER,
        action: Action::PostPublishedOnSchedule,
        detail: format!("\u{201c}{}\u{201d} (/blog/{})", post.title, post.slug),
    })
    .await?;
    for post in &live {
        tracing::info!(slug = %post.slug, "published a scheduled post");
    }
    if !live.is_empty() {
        changes.announce(Change::Blog);
    }
    Ok(())
}
