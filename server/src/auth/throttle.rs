//! Sign-in throttling per account and per client address, counted in the database.
//!
//! Five failures are free. After that each key waits before its next try, a wait that doubles
//! with every further failure (1, 2, 4 ... minutes, at most an hour). A key that stays quiet for
//! fifteen minutes beyond its wait starts again from zero, and a successful sign-in clears it.
//! The owner is never locked out for good: `trailerworks admin set-password` clears the account.

use std::time::Duration;

use jiff::Timestamp;

use crate::{clock::At, db::Db, error::ApiError, with_db};

const FREE_FAILURES: i64 = 5;
const FIRST_WAIT: Duration = Duration::from_secs(60);
const LONGEST_WAIT: Duration = Duration::from_secs(60 * 60);
const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The throttling keys of one sign-in attempt.
pub struct Keys {
    account: String,
    address: String,
}

impl Keys {
    pub fn new(email: &str, client_ip: &str) -> Self {
        Self { account: account_key(email), address: format!("address:{client_ip}") }
    }

    fn both(&self) -> [&str; 2] {
        [&self.account, &self.address]
    }
}

fn account_key(email: &str) -> String {
    format!("account:{}", email.trim().to_lowercase())
}

/// How long a key with `failures` must wait after its last failure.
fn wait_after(failures: i64) -> Duration {
    if failures < FREE_FAILURES {
        return Duration::ZERO;
    }
    let doublings = u32::try_from(failures - FREE_FAILURES).unwrap_or(u32::MAX).min(16);
    (FIRST_WAIT * 2u32.pow(doublings)).min(LONGEST_WAIT)
}

/// The failures that still count at `now`, given the stored count and time of the last one.
fn current_failures(failures: i64, last_failure: Timestamp, now: Timestamp) -> i64 {
    if last_failure + WINDOW + wait_after(failures) < now { 0 } else { failures }
}

/// Ok while these keys may try, else the 429 to answer (with how long to wait).
pub async fn ensure_open(db: &Db, keys: &Keys) -> Result<(), ApiError> {
    match wait_left(db, keys).await? {
        Some(wait) => Err(ApiError::Throttled(wait)),
        None => Ok(()),
    }
}

/// The wait left before the next attempt of these keys may run; None when it may run now.
pub async fn wait_left(db: &Db, keys: &Keys) -> anyhow::Result<Option<Duration>> {
    let now = db.clock.now();
    let mut longest = Duration::ZERO;
    for key in keys.both() {
        let Some((failures, last)) = load(db, key).await? else { continue };
        let failures = current_failures(failures, last, now);
        let until = last + wait_after(failures);
        if until > now {
            longest = longest.max(until.duration_since(now).unsigned_abs());
        }
    }
    Ok((!longest.is_zero()).then_some(longest))
}

/// Counts a failed attempt against both keys, and forgets keys that no longer count (so tries
/// with ever new e-mail addresses or addresses cannot grow the table without end). The counts
/// live in the database, so failures on every instance add up; each is one upsert, so failures
/// at the same moment all count.
pub async fn record_failure(db: &Db, keys: &Keys) -> anyhow::Result<()> {
    let now = db.clock.now();
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM login_failures WHERE last_failure_at < $1")
            .bind(At::from(now - (WINDOW + LONGEST_WAIT)))
            .execute(pool)
            .await?;
    });
    let (sql, cutoffs) = counting(now);
    for key in keys.both() {
        with_db!(db, |pool| {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.as_str())).bind(key).bind(At::from(now));
            for cutoff in &cutoffs {
                query = query.bind(cutoff);
            }
            query.execute(pool).await?;
        });
    }
    Ok(())
}

/// The upsert that counts one failure of key `$1` at `$2`, and the cutoffs it takes from `$3` on:
/// a stored count whose last failure is older than its quiet window (`current_failures`)
/// starts again at one. The wait, and so the window, depends on the count: one cutoff per count
/// at which the wait changes.
fn counting(now: Timestamp) -> (String, Vec<At>) {
    let mut cutoffs = Vec::new();
    let mut case = String::from("CASE");
    let mut below = FREE_FAILURES;
    while wait_after(below - 1) < LONGEST_WAIT {
        cutoffs.push(At::from(now - (WINDOW + wait_after(below - 1))));
        case.push_str(&format!(" WHEN login_failures.failures < {below} THEN ${}", cutoffs.len() + 2));
        below += 1;
    }
    cutoffs.push(At::from(now - (WINDOW + LONGEST_WAIT)));
    case.push_str(&format!(" ELSE ${} END", cutoffs.len() + 2));
    let sql = format!(
        "INSERT INTO login_failures (key, failures, last_failure_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN login_failures.last_failure_at < {case} THEN 1 ELSE login_failures.failures + 1 END,
             last_failure_at = $2"
    );
    (sql, cutoffs)
}

/// Forgets the failures of both keys (after a successful sign-in).
pub async fn clear(db: &Db, keys: &Keys) -> anyhow::Result<()> {
    for key in keys.both() {
        forget(db, key).await?;
    }
    Ok(())
}

/// Forgets the failures of the account `email` (the CLI's password reset).
pub async fn clear_account(db: &Db, email: &str) -> anyhow::Result<()> {
    forget(db, &account_key(email)).await
}

async fn forget(db: &Db, key: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM login_failures WHERE key = $1").bind(key).execute(pool).await?;
    });
    Ok(())
}

async fn load(db: &Db, key: &str) -> anyhow::Result<Option<(i64, Timestamp)>> {
    let row: Option<(i64, At)> = with_db!(db, |pool| {
        sqlx::query_as("SELECT failures, last_failure_at FROM login_failures WHERE key = $1")
            .bind(key)
            .fetch_optional(pool)
            .await?
    });
    Ok(row.map(|(failures, last)| (failures, last.timestamp())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_are_free_then_the_wait_doubles_up_to_an_hour() {
        assert_eq!(wait_after(4), Duration::ZERO);
        assert_eq!(wait_after(5), Duration::from_secs(60));
        assert_eq!(wait_after(6), Duration::from_secs(120));
        assert_eq!(wait_after(8), Duration::from_secs(480));
        assert_eq!(wait_after(12), LONGEST_WAIT);
        assert_eq!(wait_after(i64::MAX), LONGEST_WAIT);
    }

    #[test]
    fn failures_are_forgotten_after_a_quiet_window_beyond_the_wait() {
        let last: Timestamp = "2025-03-14T10:00:00Z".parse().unwrap();
        assert_eq!(current_failures(5, last, last + Duration::from_secs(15 * 60)), 5);
        assert_eq!(current_failures(5, last, last + Duration::from_secs(17 * 60)), 0);
        assert_eq!(current_failures(7, last, last + Duration::from_secs(17 * 60)), 7);
    }
}
