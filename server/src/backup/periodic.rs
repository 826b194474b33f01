//! Backups on a schedule: every `--backup-every` into `--backup-dir`, each named by its time,
//! the oldest beyond `--backup-keep` removed. Time is cut into intervals ("slots") counted from
//! the Unix epoch; the instance that claims a slot in the database makes its backup, so two
//! instances on one database make one backup per interval, and a restart does not make another.
//! Each run is recorded (when, where, how it ended) for /metrics and the admin's dashboard.

use std::{
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use serde::Serialize;

use crate::{clock::At, db::Db, media::MediaStore, secret::Secret, with_db};

/// The prefix of every scheduled backup's directory name; only those are ever pruned.
const NAME_PREFIX: &str = "trailerworks-";

/// Where, how often, and how many.
#[derive(Debug, Clone)]
pub struct Schedule {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

/// What the server backs up.
pub struct Source {
    pub db: Db,
    pub database_url: Option<Secret>,
    pub media: Arc<MediaStore>,
    /// Held while a backup is made (the server waits for it before it stops).
    pub running: Arc<tokio::sync::Mutex<()>>,
}

/// Makes the backups of `schedule` until the server stops.
pub async fn run(schedule: Schedule, source: Arc<Source>) {
    let every = schedule.every.as_secs().max(1);
    loop {
        let now = source.db.clock.now();
        let slot = now.as_second().div_euclid(every as i64);
        {
            // Held until the backup is made: a server told to stop waits for it.
            let _running = source.running.lock().await;
            match claim(&source.db, every, slot, &schedule.dir).await {
                Ok(true) => run_once(&schedule, &source, every, slot).await,
                Ok(false) => {}
                Err(error) => tracing::warn!("Cannot claim the scheduled backup: {error:#}"),
            }
        }
        let next = (slot + 1) * every as i64;
        let wait = u64::try_from(next - source.db.clock.now().as_second()).unwrap_or(0).max(1);
        source.db.clock.sleep(Duration::from_secs(wait)).await;
    }
}

fn slot_key(every: u64, slot: i64) -> String {
    format!("{every}:{slot}")
}

/// Claims the backup of `slot`; false when another instance (or an earlier start) has it.
async fn claim(db: &Db, every: u64, slot: i64, dir: &Path) -> anyhow::Result<bool> {
    let inserted = with_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO backup_runs (slot, every_seconds, started_at, location) VALUES ($1, $2, $3, $4)
             ON CONFLICT (slot) DO NOTHING",
        )
        .bind(slot_key(every, slot))
        .bind(every as i64)
        .bind(db.clock.stamp())
        .bind(dir.display().to_string())
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(inserted == 1)
}

async fn run_once(schedule: &Schedule, source: &Source, every: u64, slot: i64) {
    let name = format!("{NAME_PREFIX}{}", source.db.clock.now().strftime("%Y%m%dT%H%M%SZ"));
    let result = make_into(schedule, source, &name).await;
    let error = result.as_ref().err().map(|error| format!("{error:#}"));
    match &result {
        Ok(made) => tracing::info!(backup = %made.display(), "scheduled backup made"),
        Err(error) => tracing::error!("The scheduled backup failed: {error:#}"),
    }
    // The oldest go before the run is recorded: once the dashboard says it finished, the folder
    // holds what --backup-keep says.
    if result.is_ok()
        && let Err(error) = prune(&schedule.dir, schedule.keep)
    {
        tracing::warn!("Cannot remove old backups: {error:#}");
    }
    if let Err(error) = finish(&source.db, every, slot, error.as_deref()).await {
        tracing::error!("Cannot record the scheduled backup: {error:#}");
    }
}

/// Makes the backup in a hidden directory and names it when complete, so a backup cut off
/// half-way is never taken for one.
async fn make_into(schedule: &Schedule, source: &Source, name: &str) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(&schedule.dir)?;
    let partial = schedule.dir.join(format!(".{name}.partial"));
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    let made =
        super::make(&source.db, source.database_url.as_ref().map(Secret::expose), &source.media, &partial)
            .await;
    if let Err(error) = made {
        let _ = std::fs::remove_dir_all(&partial);
        return Err(error);
    }
    let done = schedule.dir.join(name);
    std::fs::rename(&partial, &done)?;
    Ok(done)
}

async fn finish(db: &Db, every: u64, slot: i64, error: Option<&str>) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE backup_runs SET finished_at = $1, ok = $2, error = $3 WHERE slot = $4")
            .bind(db.clock.stamp())
            .bind(error.is_none())
            .bind(error.map(|error| error.chars().take(500).collect::<String>()))
            .bind(slot_key(every, slot))
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Removes the oldest scheduled backups in `dir` beyond the newest `keep`, and what runs cut
/// off half-way left (never anything else).
fn prune(dir: &Path, keep: usize) -> anyhow::Result<()> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.starts_with(NAME_PREFIX) || name.starts_with(&format!(".{NAME_PREFIX}")))
        .collect();
    names.sort();
    let (partial, complete): (Vec<_>, Vec<_>) = names.into_iter().partition(|name| name.starts_with('.'));
    let excess = complete.len().saturating_sub(keep);
    for name in complete.iter().take(excess).chain(&partial) {
        std::fs::remove_dir_all(dir.join(name))?;
    }
    Ok(())
}

/// The last scheduled backups, for the dashboard and /metrics.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BackupStatus)]
pub struct Status {
    /// When the last backup that succeeded finished.
    pub last_success_at: Option<At>,
    /// When the last backup that failed finished, and why, if it is newer than the last success.
    pub last_failure_at: Option<At>,
    pub last_error: Option<String>,
    /// The interval of the newest run, in seconds (None when no backup ever ran on a schedule).
    pub every_seconds: Option<i64>,
}

/// The last success, the last failure with its error, and the newest run's interval.
type Runs = (Option<At>, Option<(At, Option<String>)>, Option<i64>);

impl Status {
    pub async fn read(db: &Db) -> anyhow::Result<Self> {
        let (success, failure, every): Runs = with_db!(db, |pool| {
            let success = sqlx::query_scalar("SELECT MAX(finished_at) FROM backup_runs WHERE ok")
                .fetch_one(pool)
                .await?;
            let failure = sqlx::query_as(
                "SELECT finished_at, error FROM backup_runs WHERE NOT ok ORDER BY finished_at DESC LIMIT 1",
            )
            .fetch_optional(pool)
            .await?;
            let every =
                sqlx::query_scalar("SELECT every_seconds FROM backup_runs ORDER BY started_at DESC LIMIT 1")
                    .fetch_optional(pool)
                    .await?;
            (success, failure, every)
        });
        let (last_failure_at, last_error) = match failure {
            Some((at, error)) if success.as_ref().is_none_or(|success| &at > success) => (Some(at), error),
            _ => (None, None),
        };
        Ok(Self { last_success_at: success, last_failure_at, last_error, every_seconds: every })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruning_keeps_the_newest_and_touches_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "trailerworks-20261101T000000Z",
            "trailerworks-20261102T000000Z",
            "trailerworks-20261103T000000Z",
            ".trailerworks-20261104T000000Z.partial",
            "notes",
        ] {
            std::fs::create_dir(dir.path().join(name)).unwrap();
        }
        prune(dir.path(), 2).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["notes", "trailerworks-20261102T000000Z", "trailerworks-20261103T000000Z"]);
    }
}
