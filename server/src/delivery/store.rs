//! The outbox rows: claimed one at a time with a lease, so two workers (on one instance or
//! several) never send one row at the same time.

use std::time::Duration;

use super::{Channel, Outgoing};
use crate::{clock, db::Db, with_db};

pub struct Claimed {
    pub id: i64,
    pub channel: Channel,
    pub attempts: u32,
    pub outgoing: Outgoing,
}

#[derive(sqlx::FromRow)]
struct ClaimedRow {
    id: i64,
    booking_id: i64,
    channel: String,
    attempts: i64,
}

#[derive(sqlx::FromRow)]
struct BookingRow {
    submission_id: String,
    name: String,
    email: String,
    phone: String,
    message: String,
    urgent: bool,
}

/// Reserves the next due delivery for `lease` and returns it with its booking.
pub async fn claim_due(db: &Db, lease: Duration) -> anyhow::Result<Option<Claimed>> {
    let until = clock::after(lease);
    let now = clock::now();
    let claimed: Option<ClaimedRow> = match db {
        // One writer at a time: the update is the claim.
        Db::Sqlite(pool) => {
            sqlx::query_as(
                "UPDATE deliveries SET next_attempt_at = $1
                 WHERE id = (SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= $2
                             ORDER BY next_attempt_at LIMIT 1)
                 RETURNING id, booking_id, channel, attempts",
            )
            .bind(&until)
            .bind(&now)
            .fetch_optional(pool)
            .await?
        }
        // Instances claim concurrently: a row another transaction holds is skipped, not waited
        // for, and is never claimed twice.
        Db::Postgres(pool) => {
            sqlx::query_as(
                "UPDATE deliveries SET next_attempt_at = $1
                 WHERE id = (SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= $2
                             ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
                 RETURNING id, booking_id, channel, attempts",
            )
            .bind(&until)
            .bind(&now)
            .fetch_optional(pool)
            .await?
        }
    };
    let Some(claimed) = claimed else { return Ok(None) };
    let booking: BookingRow = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT submission_id, name, email, phone, message, urgent FROM bookings WHERE id = $1",
        )
        .bind(claimed.booking_id)
        .fetch_one(pool)
        .await?
    });
    let channel = Channel::parse(&claimed.channel).ok_or_else(|| {
        anyhow::anyhow!("delivery {} has an unknown channel {}", claimed.id, claimed.channel)
    })?;
    Ok(Some(Claimed {
        id: claimed.id,
        channel,
        attempts: claimed.attempts.try_into().unwrap_or(u32::MAX),
        outgoing: Outgoing {
            booking_id: claimed.booking_id,
            key: booking.submission_id,
            name: booking.name,
            email: booking.email,
            phone: booking.phone,
            message: booking.message,
            urgent: booking.urgent,
        },
    }))
}

pub async fn mark_sent(db: &Db, id: i64, attempts: u32) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE deliveries SET state = 'sent', attempts = $1, sent_at = $2, last_error = NULL WHERE id = $3")
            .bind(i64::from(attempts))
            .bind(clock::now())
            .bind(id)
            .execute(pool)
            .await?;
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
            "UPDATE deliveries SET attempts = $1, last_error = $2, next_attempt_at = $3 WHERE id = $4",
        )
        .bind(i64::from(attempts))
        .bind(truncate(error))
        .bind(clock::after(retry_in))
        .bind(id)
        .execute(pool)
        .await?;
    });
    Ok(())
}

pub async fn mark_dead(db: &Db, id: i64, attempts: u32, error: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE deliveries SET state = 'dead', attempts = $1, last_error = $2 WHERE id = $3")
            .bind(i64::from(attempts))
            .bind(truncate(error))
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// When the next pending delivery is due, if any.
pub async fn next_due(db: &Db) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MIN(next_attempt_at) FROM deliveries WHERE state = 'pending'")
            .fetch_one(pool)
            .await?
    }))
}

fn truncate(error: &str) -> String {
    error.chars().take(500).collect()
}
