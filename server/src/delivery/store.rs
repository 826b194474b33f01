//! The outbox rows: claimed one at a time with a lease, so two workers never send one twice.

use std::time::Duration;

use sqlx::{Row as _, SqlitePool};

use super::{Channel, Outgoing};
use crate::clock;

pub struct Claimed {
    pub id: i64,
    pub channel: Channel,
    pub attempts: u32,
    pub outgoing: Outgoing,
}

/// Reserves the next due delivery for `lease` and returns it with its booking.
pub async fn claim_due(pool: &SqlitePool, lease: Duration) -> anyhow::Result<Option<Claimed>> {
    let row = sqlx::query(
        "UPDATE deliveries SET next_attempt_at = ?
         WHERE id = (SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?
                     ORDER BY next_attempt_at LIMIT 1)
         RETURNING id, booking_id, channel, attempts",
    )
    .bind(clock::after(lease))
    .bind(clock::now())
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let booking_id: i64 = row.get("booking_id");
    let booking = sqlx::query("SELECT name, email, phone, message FROM bookings WHERE id = ?")
        .bind(booking_id)
        .fetch_one(pool)
        .await?;
    let channel = match row.get::<String, _>("channel").as_str() {
        "email" => Channel::Email,
        _ => Channel::Webhook,
    };
    Ok(Some(Claimed {
        id: row.get("id"),
        channel,
        attempts: row.get::<i64, _>("attempts").try_into().unwrap_or(u32::MAX),
        outgoing: Outgoing {
            booking_id,
            name: booking.get("name"),
            email: booking.get("email"),
            phone: booking.get("phone"),
            message: booking.get("message"),
        },
    }))
}

pub async fn mark_sent(pool: &SqlitePool, id: i64, attempts: u32) -> anyhow::Result<()> {
    let now = clock::now();
    sqlx::query(
        "UPDATE deliveries SET state = 'sent', attempts = ?, sent_at = ?, last_error = NULL WHERE id = ?",
    )
    .bind(attempts)
    .bind(&now)
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn mark_failed(
    pool: &SqlitePool,
    id: i64,
    attempts: u32,
    error: &str,
    retry_in: Duration,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE deliveries SET attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?")
        .bind(attempts)
        .bind(truncate(error))
        .bind(clock::after(retry_in))
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn mark_dead(pool: &SqlitePool, id: i64, attempts: u32, error: &str) -> anyhow::Result<()> {
    sqlx::query("UPDATE deliveries SET state = 'dead', attempts = ?, last_error = ? WHERE id = ?")
        .bind(attempts)
        .bind(truncate(error))
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// When the next pending delivery is due, if any.
pub async fn next_due(pool: &SqlitePool) -> anyhow::Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT MIN(next_attempt_at) FROM deliveries WHERE state = 'pending'")
        .fetch_one(pool)
        .await?)
}

fn truncate(error: &str) -> String {
    error.chars().take(500).collect()
}
