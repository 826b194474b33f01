//! How a delivery's try ended, recorded on its row: sent (with what else that records), failed
//! (to be tried again later), held back without counting a try, no longer to be sent, or dead.

use std::time::Duration;

use super::{DeliveryState, text::handover::Handover as _};
use crate::{clock::At, db::Db, with_db};

/// What else is recorded as a delivery is marked sent, in the same transaction (one commit for
/// both: each takes the database's one writer).
pub enum AlsoSent {
    Nothing,
    /// A push: its device's last push.
    Push(i64),
    /// A text: the provider's id for it, in its thread.
    Text(super::text::handover::Taken),
}

/// Marks delivery `id` sent after `attempts`, with what else it `also` records.
pub async fn mark_sent(db: &Db, id: i64, attempts: u32, also: AlsoSent) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE deliveries SET state = $4, attempts = $1, sent_at = $2, last_error = NULL WHERE id = $3",
        )
        .bind(i64::from(attempts))
        .bind(now)
        .bind(id)
        .bind(DeliveryState::Sent)
        .execute(&mut *tx)
        .await?;
        match &also {
            AlsoSent::Nothing => {}
            AlsoSent::Push(device) => {
                sqlx::query("UPDATE push_devices SET last_push_at = $2 WHERE id = $1")
                    .bind(device)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            AlsoSent::Text(taken) => tx.record_taken(taken, &now).await?,
        }
        tx.commit().await?;
    });
    Ok(())
}

pub async fn mark_failed(
    db: &Db,
    id: i64,
    attempts: u32,
    error: &str,
    retry_in: Duration,
) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query(
            "UPDATE deliveries SET attempts = $1, last_error = $2, last_error_at = $3, next_attempt_at = $4
             WHERE id = $5",
        )
        .bind(i64::from(attempts))
        .bind(truncate(error))
        .bind(db.clock.stamp())
        .bind(db.clock.stamp_after(retry_in))
        .bind(id)
        .execute(pool)
        .await?;
    });
    Ok(())
}

/// Delivery `id` waits until `at`, without counting a try.
pub async fn postpone(db: &Db, id: i64, at: At) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE deliveries SET next_attempt_at = $1 WHERE id = $2")
            .bind(at)
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// A delivery that must not go out any more (its booking's time changed or was cancelled since).
pub async fn mark_cancelled(db: &Db, id: i64, why: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE deliveries SET state = $3, last_error = $1 WHERE id = $2")
            .bind(why)
            .bind(id)
            .bind(DeliveryState::Cancelled)
            .execute(pool)
            .await?;
    });
    Ok(())
}

pub async fn mark_dead(db: &Db, id: i64, attempts: u32, error: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query(
            "UPDATE deliveries SET state = $5, attempts = $1, last_error = $2, last_error_at = $3 WHERE id = $4",
        )
        .bind(i64::from(attempts))
        .bind(truncate(error))
        .bind(db.clock.stamp())
        .bind(id)
        .bind(DeliveryState::Dead)
            .execute(pool)
            .await?;
    });
    Ok(())
}

fn truncate(error: &str) -> String {
    error.chars().take(500).collect()
}
