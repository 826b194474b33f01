//! A request's "received" text. The request's write leaves it in `received_texts_due` beside the
//! visitor's agreement (one small row: on SQLite, one page of the write-ahead log at the
//! booking's commit, where the text's delivery and its indexes took three); the outbox worker
//! turns the waiting ones into deliveries in batches, one transaction a batch, the oldest first.
//! One "received" text a number an hour, however many requests it sends.

use std::time::Duration;

use super::consent::How;
use crate::{
    clock::At,
    db::{Db, Pool, placeholders},
    delivery::{Channel, Purpose},
    with_db,
};

/// At most one "received" text goes to a number in this long.
const ONE_A_NUMBER_IN: Duration = Duration::from_secs(60 * 60);
/// Requests whose texts are queued by one transaction, at most.
const BATCH: i64 = 100;

/// The request's "received" text, unless another request from its number ($2) agreed since $3 and
/// had its own queued ($5 and $6: the text channel and the request's purpose).
const QUEUE: &str = "INSERT INTO deliveries (booking_id, channel, purpose, next_attempt_at, created_at)
     SELECT $1, $5, $6, $4, $4
     WHERE NOT EXISTS (
         SELECT 1 FROM text_consents c
         JOIN deliveries d ON d.booking_id = c.booking_id AND d.channel = $5 AND d.purpose = $6
                              AND d.device_id IS NULL
         WHERE c.phone = $2 AND c.at > $3 AND c.booking_id <> $1)
     ON CONFLICT DO NOTHING";

/// A request whose "received" text waits, with the agreement it came with (always there: both
/// rows are written by one statement; a row without one is dropped rather than kept forever).
#[derive(sqlx::FromRow)]
struct Waiting {
    booking_id: i64,
    phone: Option<String>,
    at: Option<At>,
}

/// Whether a request's "received" text waits to be queued (read from a reader).
pub async fn any_waiting(db: &Db) -> anyhow::Result<bool> {
    let waiting: bool = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM received_texts_due)").fetch_one(pool).await?
    });
    Ok(waiting)
}

/// Queues the "received" texts of up to `BATCH` waiting requests, the oldest first, in one
/// transaction (on PostgreSQL, rows another instance is queuing are skipped); how many requests
/// were taken.
pub async fn queue_waiting(db: &Db) -> anyhow::Result<usize> {
    let now = db.clock.stamp();
    let skip_locked = if matches!(db.pool, Pool::Postgres(_)) { " FOR UPDATE OF r SKIP LOCKED" } else { "" };
    let take = sqlx::AssertSqlSafe(format!(
        "SELECT r.booking_id, c.phone, c.at FROM received_texts_due r
         LEFT JOIN text_consents c ON c.booking_id = r.booking_id AND c.how = $2 AND c.given
         ORDER BY r.booking_id LIMIT $1{skip_locked}"
    ));
    let taken = with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let waiting: Vec<Waiting> =
            sqlx::query_as(take).bind(BATCH).bind(How::Form).fetch_all(&mut *tx).await?;
        for request in &waiting {
            let (Some(phone), Some(at)) = (&request.phone, request.at) else {
                tracing::error!(
                    booking = request.booking_id,
                    "a request's \"received\" text had no agreement"
                );
                continue;
            };
            sqlx::query(QUEUE)
                .bind(request.booking_id)
                .bind(phone)
                .bind(At::from(at.timestamp() - ONE_A_NUMBER_IN))
                .bind(now)
                .bind(Channel::Text)
                .bind(Purpose::Request.key())
                .execute(&mut *tx)
                .await?;
        }
        if !waiting.is_empty() {
            let done = sqlx::AssertSqlSafe(format!(
                "DELETE FROM received_texts_due WHERE booking_id IN ({})",
                placeholders(waiting.len())
            ));
            let mut delete = sqlx::query(done);
            for request in &waiting {
                delete = delete.bind(request.booking_id);
            }
            delete.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        waiting.len()
    });
    Ok(taken)
}
