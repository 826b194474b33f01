//! Scheduled posts go live at their minute whether or not anyone visits: saving a post with a
//! time writes a job of the queue due at that time (`schedule_in`, one per time), which
//! publishes every post whose time has come. The jobs live in the database, so they survive
//! restarts, and after downtime the first run publishes every post whose time passed meanwhile.
//! A post moved to another time has that time's job; a job whose posts moved, or went live
//! already, finds nothing to do. With several instances one claims each job, and one UPDATE
//! takes each post once. A task of the server removes, once an hour, the posts deleted more than
//! 30 days ago.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::publisher_store;
use crate::audit::{Action, Actor, Line};
use crate::{
    changes::{Change, Changes},
    clock::At,
    db::Db,
    queue::{Job, JobWrites, Ran},
};

const SCHEDULER: Actor<'static> = Actor { user_id: None, email: "", client_ip: "scheduler" };

/// How often posts deleted more than 30 days ago are removed (on the server's clock).
const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);

/// Publishes every post whose time has come.
#[derive(Serialize, Deserialize)]
pub struct PublishDue {}

impl Job for PublishDue {
    const KIND: &'static str = "publish-due";
    type Context = (Db, Changes);

    async fn run(self, (db, changes): (Db, Changes)) -> anyhow::Result<Ran> {
        publish_due(&db, &changes).await?;
        Ok(Ran::Done)
    }
}

/// Writes the job that publishes the posts scheduled for `at`, inside the caller's transaction;
/// a second post at the same time shares it.
pub(super) async fn schedule_in<C: JobWrites + Send>(tx: &mut C, at: &At, now: &At) -> sqlx::Result<()> {
    let key = format!("publish-due-{}", at.timestamp().as_second());
    tx.enqueue(&PublishDue {}, Some(&key), at, now).await?;
    Ok(())
}

/// Removes posts deleted more than 30 days ago, once an hour, forever (the server aborts it on
/// shutdown).
pub async fn run(db: Db) {
    loop {
        if let Err(error) = purge_deleted(&db).await {
            tracing::warn!("Removing posts deleted 30 days ago failed (tried again in an hour): {error:#}");
        }
        db.clock.sleep(PURGE_EVERY).await;
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
