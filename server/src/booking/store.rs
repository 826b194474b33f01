//! Bookings in SQLite. A booking, its answers and its delivery rows are written in one
//! transaction, so the visitor hears "success" only once all of it is durable.

use sqlx::{Row as _, SqlitePool};

use super::model::NewBooking;
use crate::{clock, delivery::Channel};

/// Where a request came from, for abuse handling; never logged.
pub struct Origin<'a> {
    pub client_ip: &'a str,
    pub user_agent: Option<&'a str>,
}

/// The stored booking's id, and whether this call created it (false for a repeated submit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored {
    pub id: i64,
    pub created: bool,
}

/// Stores `booking` with one pending delivery per channel (none for spam).
pub async fn insert(
    pool: &SqlitePool,
    booking: &NewBooking,
    origin: &Origin<'_>,
    channels: &[Channel],
) -> anyhow::Result<Stored> {
    let now = clock::now();
    let mut tx = pool.begin().await?;
    let status = if booking.spam_reason.is_some() { "spam" } else { "new" };
    let inserted = sqlx::query(
        "INSERT INTO bookings (submission_id, name, email, phone, details, message, status, spam_reason,
                               client_ip, user_agent, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (submission_id) DO NOTHING
         RETURNING id",
    )
    .bind(&booking.submission_id)
    .bind(booking.name.as_ref())
    .bind(booking.email.as_ref())
    .bind(booking.phone.as_ref())
    .bind(&booking.details)
    .bind(booking.message())
    .bind(status)
    .bind(booking.spam_reason)
    .bind(origin.client_ip)
    .bind(origin.user_agent)
    .bind(&now)
    .bind(&now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = inserted else {
        let id: i64 = sqlx::query_scalar("SELECT id FROM bookings WHERE submission_id = ?")
            .bind(&booking.submission_id)
            .fetch_one(&mut *tx)
            .await?;
        return Ok(Stored { id, created: false });
    };
    let id: i64 = row.get("id");
    for (position, answer) in booking.answers.iter().enumerate() {
        sqlx::query(
            "INSERT INTO booking_answers (booking_id, position, question, answer) VALUES (?, ?, ?, ?)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(&answer.question)
        .bind(&answer.answer)
        .execute(&mut *tx)
        .await?;
    }
    if booking.spam_reason.is_none() {
        for channel in channels {
            sqlx::query(
                "INSERT INTO deliveries (booking_id, channel, next_attempt_at, created_at) VALUES (?, ?, ?, ?)",
            )
            .bind(id)
            .bind(channel.as_str())
            .bind(&now)
            .bind(&now)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(Stored { id, created: true })
}
