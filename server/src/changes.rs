//! Content changes, announced to whatever keeps copies made from the content (the public page
//! cache), so that the code that changes content need not know who those are.
//!
//! On PostgreSQL other instances change content too: every change to a published post advances
//! a generation and notifies the channel `trailerworks_changes` in the same transaction (database
//! triggers), and each instance follows both, so it learns of a change within moments and, after
//! losing its connection, assumes it missed something.

use std::{collections::HashMap, sync::Arc, time::Duration};

use futures_util::future::BoxFuture;
use sqlx::{PgPool, SqlitePool, postgres::PgListener};

use crate::db::{Db, Pool};

/// What changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A post was published, edited while published, renamed, unpublished or deleted.
    Blog,
    /// The site details were saved (a new version).
    Site,
    /// A request arrived or changed, or its escalation took a step (the owner's Today and inbox
    /// follow it live). Announced to every instance by `announce_everywhere`.
    Desk,
}

impl Change {
    const ALL: [Self; 3] = [Self::Blog, Self::Site, Self::Desk];

    /// The name of its scope in the database's notifications and generations.
    fn scope(self) -> &'static str {
        match self {
            Self::Blog => "blog",
            Self::Site => "site",
            Self::Desk => "desk",
        }
    }

    fn from_scope(scope: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|change| change.scope() == scope)
    }
}

/// Keeps copies made from the content, and hears of each change.
pub trait Follower: Send + Sync {
    /// Called once the change is committed; must return at once (mark copies stale, no work).
    fn changed(&self, change: Change);
}

/// Whom to tell of changes.
#[derive(Clone, Default)]
pub struct Changes {
    followers: Vec<Arc<dyn Follower>>,
}

impl Changes {
    pub fn new(followers: Vec<Arc<dyn Follower>>) -> Self {
        Self { followers }
    }

    pub fn announce(&self, change: Change) {
        for follower in &self.followers {
            follower.changed(change);
        }
    }
}

/// Tells the other instances of `change` (on PostgreSQL; a server on SQLite is the only one).
/// Their followers hear it within moments, as they hear the database's own notifications.
async fn tell_other_instances(db: &Db, change: Change) -> anyhow::Result<()> {
    if let Pool::Postgres(pool) = &db.pool {
        sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(change.scope()).execute(pool).await?;
    }
    Ok(())
}

/// Tells every instance's followers of `change`: on PostgreSQL by notification, which every
/// instance (this one too) hears, so each is told once; should the notification fail, this
/// instance's own followers still hear it. On SQLite this server is the only one.
pub async fn announce_everywhere(db: &Db, changes: &Changes, change: Change) {
    match &db.pool {
        Pool::Sqlite(_) => changes.announce(change),
        Pool::Postgres(_) => {
            if let Err(error) = tell_other_instances(db, change).await {
                tracing::warn!("Cannot tell the other instances of a change: {error:#}");
                changes.announce(change);
            }
        }
    }
}

/// A copy of saved content kept in memory (the site details), read again when another instance
/// or process saved a new version.
pub trait Reload: Send + Sync {
    /// Reads the newest saved version; true when it was newer than the copy held.
    fn reload(&self) -> BoxFuture<'_, anyhow::Result<bool>>;
}

/// The channel the database's triggers notify.
const CHANNEL: &str = "trailerworks_changes";
/// How often the generations are compared, in case a notification went missing.
const CHECK_EVERY: Duration = Duration::from_secs(5);
/// The wait before connecting again after the database went away.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// Follows the changes other instances make (runs until the server stops). A new version of the
/// site details is read before the change is announced, so pages made after it show it.
pub async fn follow_other_instances(pool: PgPool, changes: Changes, site: Arc<dyn Reload>) {
    let mut seen: HashMap<String, i64> = HashMap::new();
    loop {
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!("Cannot listen for other instances' changes: {error}");
                tokio::time::sleep(RECONNECT_AFTER).await;
                continue;
            }
        };
        if let Err(error) = listener.listen(CHANNEL).await {
            tracing::warn!("Cannot listen for other instances' changes: {error}");
            tokio::time::sleep(RECONNECT_AFTER).await;
            continue;
        }
        // Nobody listened until now: whatever changed meanwhile is unknown, so all of it is stale.
        for change in Change::ALL {
            hear(change, &changes, site.as_ref()).await;
        }
        if let Ok(current) = generations(&pool).await {
            seen = current;
        }
        let mut check = tokio::time::interval(CHECK_EVERY);
        loop {
            tokio::select! {
                received = listener.try_recv() => match received {
                    Ok(Some(notification)) => {
                        if let Some(change) = Change::from_scope(notification.payload()) {
                            hear(change, &changes, site.as_ref()).await;
                        }
                    }
                    Ok(None) => {
                        tracing::warn!("Lost the connection that listens for other instances' changes");
                        break;
                    }
                    Err(error) => {
                        tracing::warn!("Listening for other instances' changes failed: {error}");
                        break;
                    }
                },
                _ = check.tick() => match generations(&pool).await {
                    Ok(current) => {
                        for (scope, generation) in &current {
                            if seen.get(scope) != Some(generation)
                                && let Some(change) = Change::from_scope(scope)
                            {
                                hear(change, &changes, site.as_ref()).await;
                            }
                        }
                        seen = current;
                    }
                    Err(error) => tracing::warn!("Cannot read the content generations: {error}"),
                },
            }
        }
    }
}

/// How often a server on SQLite looks for changes another process (the command line) made.
const OTHER_PROCESS_CHECK_EVERY: Duration = Duration::from_secs(2);

/// On SQLite, shows what the command line changed in this server's database: site details
/// saved by `trailerworks content import`, posts added by `trailerworks demo-content` (the
/// triggers advance the blog's generation). Runs until the server stops. On PostgreSQL,
/// `follow_other_instances` does this.
pub async fn follow_other_processes(pool: SqlitePool, changes: Changes, site: Arc<dyn Reload>) {
    let mut seen = None;
    let mut check = tokio::time::interval(OTHER_PROCESS_CHECK_EVERY);
    loop {
        check.tick().await;
        match site.reload().await {
            Ok(true) => changes.announce(Change::Site),
            Ok(false) => {}
            Err(error) => tracing::warn!("Cannot read the saved site details: {error:#}"),
        }
        match sqlx::query_scalar::<_, i64>("SELECT generation FROM content_generations WHERE scope = 'blog'")
            .fetch_one(&pool)
            .await
        {
            Ok(generation) => {
                if seen.is_some_and(|seen| seen != generation) {
                    changes.announce(Change::Blog);
                }
                seen = Some(generation);
            }
            Err(error) => tracing::warn!("Cannot read the blog's generation: {error}"),
        }
    }
}

/// Takes another instance's change in: reads what it saved, then tells the followers.
async fn hear(change: Change, changes: &Changes, site: &dyn Reload) {
    if change == Change::Site
        && let Err(error) = site.reload().await
    {
        tracing::warn!("Cannot read the site details another instance saved: {error:#}");
    }
    changes.announce(change);
}

async fn generations(pool: &PgPool) -> Result<HashMap<String, i64>, sqlx::Error> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT scope, generation FROM content_generations").fetch_all(pool).await?;
    Ok(rows.into_iter().collect())
}
