//! Scheduled posts go live at their minute whether or not anyone visits: a task of the server
//! publishes every post whose time has come, every few seconds. The schedule lives in the
//! database, so it survives restarts, and the first check after downtime publishes every post
//! whose time passed meanwhile. With several instances each checks; one UPDATE takes each post
//! once.

use std::time::Duration;

use super::store;
use crate::{
    auth::audit::{self, Action, Actor},
    changes::{Change, Changes},
    db::Db,
};

const CHECK_EVERY: Duration = Duration::from_secs(5);
const SCHEDULER: Actor<'static> = Actor { user_id: None, email: "", client_ip: "scheduler" };

/// Publishes due posts forever (the server aborts it on shutdown).
pub async fn run(db: Db, changes: Changes) {
    loop {
        if let Err(error) = publish_due(&db, &changes).await {
            tracing::warn!("Publishing scheduled posts failed (tried again shortly): {error:#}");
        }
        tokio::time::sleep(CHECK_EVERY).await;
    }
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
