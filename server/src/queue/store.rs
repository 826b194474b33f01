//! The `jobs` table. A job is due when it is not given up and its `run_at` has come; claiming it
//! moves `run_at` to the end of its lease (so a job whose instance died is due again then) and
//! counts the try. What a run ends with is written only while the try is still the job's last
//! (`attempts` unchanged), so an instance that outlived its lease changes nothing.

use std::future::Future;

use super::Job;
use crate::{
    clock::At,
    db::{Db, Dialect, Pool, placeholders_from},
    for_both_connections, with_db,
};

/// The channel an instance notifies when it wrote a job (PostgreSQL).
pub(super) const WRITTEN_CHANNEL: &str = "trailerworks_jobs";

/// A job inside the caller's transaction.
pub trait JobWrites {
    /// Writes `job` to run at `run_at`; with a `dedupe_key` another job waiting under already
    /// holds, nothing is written. Whether it was.
    fn enqueue<J: Job>(
        &mut self,
        job: &J,
        dedupe_key: Option<&str>,
        run_at: &At,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<bool>> + Send;

    /// Makes the job waiting under `dedupe_key` due at `at` if it was due later. A job an
    /// instance is running is due again at once, and that run's end is not recorded (it may have
    /// read what changed too early); its try counts.
    fn bring_forward(&mut self, dedupe_key: &str, at: &At) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl JobWrites {
    async fn enqueue<J: Job>(&mut self, job: &J, dedupe_key: Option<&str>, run_at: &At, now: &At) -> sqlx::Result<bool> {
        let payload = serde_json::to_string(job).map_err(|error| sqlx::Error::Encode(Box::new(error)))?;
        let written = sqlx::query(
            "INSERT INTO jobs (kind, payload, dedupe_key, run_at, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (dedupe_key) DO NOTHING",
        )
        .bind(J::KIND)
        .bind(payload)
        .bind(dedupe_key)
        .bind(run_at)
        .bind(now)
        .execute(&mut *self)
        .await?
        .rows_affected()
            > 0;
        if Self::POSTGRES && written {
            sqlx::query("SELECT pg_notify($1, '')").bind(WRITTEN_CHANNEL).execute(&mut *self).await?;
        }
        Ok(written)
    }

    async fn bring_forward(&mut self, dedupe_key: &str, at: &At) -> sqlx::Result<()> {
        let moved = sqlx::query(
            "UPDATE jobs SET run_at = $2, leased_until = NULL,
                             attempts = attempts + CASE WHEN leased_until IS NULL THEN 0 ELSE 1 END
             WHERE dedupe_key = $1 AND dead_at IS NULL AND run_at > $2",
        )
        .bind(dedupe_key)
        .bind(at)
        .execute(&mut *self)
        .await?
        .rows_affected()
            > 0;
        if Self::POSTGRES && moved {
            sqlx::query("SELECT pg_notify($1, '')").bind(WRITTEN_CHANNEL).execute(&mut *self).await?;
        }
        Ok(())
    }
});

/// A job claimed for one try.
#[derive(sqlx::FromRow)]
pub(super) struct Claimed {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    /// Its tries, this one included.
    pub attempts: i64,
}

/// Claims up to `limit` due jobs of `kinds` (those this instance has handlers for), the longest
/// due first, leased until `lease_ends`. On PostgreSQL, jobs another instance is claiming are
/// skipped.
pub(super) async fn claim(
    db: &Db,
    kinds: &[&str],
    limit: usize,
    lease_ends: At,
) -> anyhow::Result<Vec<Claimed>> {
    let skip_locked = if matches!(db.pool, Pool::Postgres(_)) { " FOR UPDATE SKIP LOCKED" } else { "" };
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE jobs SET run_at = $1, leased_until = $1, attempts = attempts + 1
         WHERE id IN (SELECT id FROM jobs WHERE dead_at IS NULL AND run_at <= $2 AND kind IN ({})
                      ORDER BY run_at, id LIMIT $3{skip_locked})
         RETURNING id, kind, payload, attempts",
        placeholders_from(4, kinds.len())
    ));
    let now = db.clock.stamp();
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    Ok(with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql).bind(lease_ends).bind(now).bind(limit);
        for kind in kinds {
            query = query.bind(*kind);
        }
        query.fetch_all(pool).await?
    }))
}

/// When the next job of `kinds` is due (a running one: when its lease ends).
pub(super) async fn next_due(db: &Db, kinds: &[&str]) -> anyhow::Result<Option<At>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT MIN(run_at) FROM jobs WHERE dead_at IS NULL AND kind IN ({})",
        placeholders_from(1, kinds.len())
    ));
    Ok(with_db!(db, |pool| {
        let mut query = sqlx::query_scalar(sql);
        for kind in kinds {
            query = query.bind(*kind);
        }
        query.fetch_one(pool).await?
    }))
}

/// How a try of job `claimed` ended.
pub(super) enum Outcome {
    Done,
    /// Runs again then, the try not counted.
    Later(At),
    /// Failed with the error: tried again at the time given, or given up.
    Failed {
        error: String,
        retry_at: Option<At>,
    },
}

/// Records how try `claimed.attempts` of job `claimed.id` ended, unless a later try took it over.
pub(super) async fn finish(db: &Db, claimed: &Claimed, outcome: &Outcome) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        match outcome {
            Outcome::Done => {
                sqlx::query("DELETE FROM jobs WHERE id = $1 AND attempts = $2")
                    .bind(claimed.id)
                    .bind(claimed.attempts)
                    .execute(pool)
                    .await?;
            }
            Outcome::Later(at) => {
                sqlx::query(
                    "UPDATE jobs SET run_at = $3, leased_until = NULL, attempts = attempts - 1
                     WHERE id = $1 AND attempts = $2",
                )
                .bind(claimed.id)
                .bind(claimed.attempts)
                .bind(at)
                .execute(pool)
                .await?;
            }
            Outcome::Failed { error, retry_at } => {
                sqlx::query(
                    "UPDATE jobs SET run_at = COALESCE($3, run_at), leased_until = NULL, last_error = $4,
                                     dead_at = CASE WHEN $3 IS NULL THEN $5 END
                     WHERE id = $1 AND attempts = $2",
                )
                .bind(claimed.id)
                .bind(claimed.attempts)
                .bind(retry_at)
                .bind(error)
                .bind(now)
                .execute(pool)
                .await?;
            }
        }
    });
    Ok(())
}

/// A job given up, as the owner reads it.
#[derive(Debug, sqlx::FromRow)]
pub struct GivenUp {
    pub kind: String,
    pub last_error: Option<String>,
    pub dead_at: At,
}

/// The jobs given up, newest first (tests and `doctor` read them).
pub async fn given_up(db: &Db) -> anyhow::Result<Vec<GivenUp>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT kind, last_error, dead_at FROM jobs WHERE dead_at IS NOT NULL ORDER BY dead_at DESC, id DESC",
        )
        .fetch_all(pool)
        .await?
    }))
}
