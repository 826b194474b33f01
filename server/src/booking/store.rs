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

/// The statuses the admin sets on a booking.
pub const STATUSES: &[&str] = &["new", "contacted", "scheduled", "done", "spam"];

/// A booking as the admin inbox lists it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BookingRecord {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub details: String,
    pub message: String,
    pub status: String,
    pub spam_reason: Option<String>,
    pub created_at: String,
    pub answers: Vec<AnswerRecord>,
    pub deliveries: Vec<DeliveryRecord>,
}

#[derive(Debug, serde::Serialize)]
pub struct AnswerRecord {
    pub question: String,
    pub answer: String,
}

/// One channel's delivery: `sent`, `retrying` (failed, will try again), `pending` or `dead`.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRecord {
    pub channel: String,
    pub state: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<String>,
    pub sent_at: Option<String>,
}

/// Bookings newest first, optionally only those with `status`, at most `limit`.
pub async fn list(pool: &SqlitePool, status: Option<&str>, limit: i64) -> anyhow::Result<Vec<BookingRecord>> {
    let rows = sqlx::query(
        "SELECT id, name, email, phone, details, message, status, spam_reason, created_at FROM bookings
         WHERE (?1 IS NULL OR status = ?1) ORDER BY created_at DESC, id DESC LIMIT ?2",
    )
    .bind(status)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let mut bookings = Vec::with_capacity(rows.len());
    for row in rows {
        let id: i64 = row.get("id");
        bookings.push(BookingRecord {
            id,
            name: row.get("name"),
            email: row.get("email"),
            phone: row.get("phone"),
            details: row.get("details"),
            message: row.get("message"),
            status: row.get("status"),
            spam_reason: row.get("spam_reason"),
            created_at: row.get("created_at"),
            answers: answers(pool, id).await?,
            deliveries: deliveries(pool, id).await?,
        });
    }
    Ok(bookings)
}

async fn answers(pool: &SqlitePool, id: i64) -> anyhow::Result<Vec<AnswerRecord>> {
    let rows =
        sqlx::query("SELECT question, answer FROM booking_answers WHERE booking_id = ? ORDER BY position")
            .bind(id)
            .fetch_all(pool)
            .await?;
    Ok(rows.iter().map(|r| AnswerRecord { question: r.get("question"), answer: r.get("answer") }).collect())
}

async fn deliveries(pool: &SqlitePool, id: i64) -> anyhow::Result<Vec<DeliveryRecord>> {
    let rows = sqlx::query(
        "SELECT channel, state, attempts, last_error, next_attempt_at, sent_at FROM deliveries
         WHERE booking_id = ? ORDER BY channel",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let state: String = r.get("state");
            let attempts: i64 = r.get("attempts");
            let pending = state == "pending";
            DeliveryRecord {
                channel: r.get("channel"),
                state: if pending && attempts > 0 { "retrying".to_owned() } else { state },
                attempts,
                last_error: r.get("last_error"),
                next_attempt_at: if pending { r.get("next_attempt_at") } else { None },
                sent_at: r.get("sent_at"),
            }
        })
        .collect())
}

/// Sets a booking's status; false when there is no such booking.
pub async fn set_status(pool: &SqlitePool, id: i64, status: &str) -> anyhow::Result<bool> {
    anyhow::ensure!(STATUSES.contains(&status), "unknown booking status {status}");
    let done = sqlx::query("UPDATE bookings SET status = ?, updated_at = ? WHERE id = ?")
        .bind(status)
        .bind(clock::now())
        .bind(id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
