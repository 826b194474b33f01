//! The outbox rows: claimed one at a time with a lease, so two workers (on one instance or
//! several) never send one row at the same time.

use std::time::Duration;

use super::{Channel, Outgoing, TestMessage};
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
    booking_id: Option<i64>,
    test_by: Option<String>,
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
                 RETURNING id, booking_id, test_by, channel, attempts",
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
                 RETURNING id, booking_id, test_by, channel, attempts",
            )
            .bind(&until)
            .bind(&now)
            .fetch_optional(pool)
            .await?
        }
    };
    let Some(claimed) = claimed else { return Ok(None) };
    let channel = Channel::parse(&claimed.channel).ok_or_else(|| {
        anyhow::anyhow!("delivery {} has an unknown channel {}", claimed.id, claimed.channel)
    })?;
    let outgoing = match (claimed.booking_id, claimed.test_by) {
        (Some(booking_id), _) => {
            let booking: BookingRow = with_db!(db, |pool| {
                sqlx::query_as(
                    "SELECT submission_id, name, email, phone, message, urgent FROM bookings WHERE id = $1",
                )
                .bind(booking_id)
                .fetch_one(pool)
                .await?
            });
            Outgoing::Booking(super::BookingMessage {
                booking_id,
                key: booking.submission_id,
                name: booking.name,
                email: booking.email,
                phone: booking.phone,
                message: booking.message,
                urgent: booking.urgent,
            })
        }
        (None, Some(by)) => Outgoing::Test(TestMessage { id: claimed.id, by }),
        (None, None) => anyhow::bail!("delivery {} has neither a booking nor a test", claimed.id),
    };
    Ok(Some(Claimed {
        id: claimed.id,
        channel,
        attempts: claimed.attempts.try_into().unwrap_or(u32::MAX),
        outgoing,
    }))
}

/// Puts a test of `channel`, asked for by `by`, in the outbox; its id.
pub async fn enqueue_test(db: &Db, channel: Channel, by: &str) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "INSERT INTO deliveries (test_by, channel, next_attempt_at, created_at) VALUES ($1, $2, $3, $3) RETURNING id",
        )
        .bind(by)
        .bind(channel.as_str())
        .bind(clock::now())
        .fetch_one(pool)
        .await?
    }))
}

/// How a channel did lately: its last delivery sent and its last failure.
#[derive(Debug, Default, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelHealth {
    /// When it last delivered something (a booking or a test).
    pub last_success_at: Option<String>,
    /// When it last failed, and why.
    pub last_error_at: Option<String>,
    pub last_error: Option<String>,
}

/// How a way of sending did: e-mail counts the shop's notifications, the visitors'
/// confirmations and the tests; the webhook its own deliveries.
pub async fn health(db: &Db, channel: Channel) -> anyhow::Result<ChannelHealth> {
    let (first, second) = match channel {
        Channel::Email | Channel::Confirmation => (Channel::Email, Channel::Confirmation),
        Channel::Webhook => (Channel::Webhook, Channel::Webhook),
    };
    let last_success_at: Option<String> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MAX(sent_at) FROM deliveries WHERE channel IN ($1, $2) AND state = 'sent'")
            .bind(first.as_str())
            .bind(second.as_str())
            .fetch_one(pool)
            .await?
    });
    let failure: Option<(String, Option<String>)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT last_error_at, last_error FROM deliveries WHERE channel IN ($1, $2) AND last_error_at IS NOT NULL
             ORDER BY last_error_at DESC LIMIT 1",
        )
        .bind(first.as_str())
        .bind(second.as_str())
        .fetch_optional(pool)
        .await?
    });
    let (last_error_at, last_error) = failure.map_or((None, None), |(at, error)| (Some(at), error));
    Ok(ChannelHealth { last_success_at, last_error_at, last_error })
}

/// A test delivery as the admin lists it.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestDelivery {
    pub id: i64,
    pub channel: String,
    /// pending, sent or dead.
    pub state: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: String,
    pub sent_at: Option<String>,
    /// Who asked for it.
    pub test_by: String,
}

/// The newest test deliveries.
pub async fn recent_tests(db: &Db) -> anyhow::Result<Vec<TestDelivery>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, channel, state, attempts, last_error, created_at, sent_at, test_by FROM deliveries
             WHERE test_by IS NOT NULL ORDER BY id DESC LIMIT 5",
        )
        .fetch_all(pool)
        .await?
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
            "UPDATE deliveries SET attempts = $1, last_error = $2, last_error_at = $3, next_attempt_at = $4
             WHERE id = $5",
        )
        .bind(i64::from(attempts))
        .bind(truncate(error))
        .bind(clock::now())
        .bind(clock::after(retry_in))
        .bind(id)
        .execute(pool)
        .await?;
    });
    Ok(())
}

pub async fn mark_dead(db: &Db, id: i64, attempts: u32, error: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query(
            "UPDATE deliveries SET state = 'dead', attempts = $1, last_error = $2, last_error_at = $3 WHERE id = $4",
        )
        .bind(i64::from(attempts))
        .bind(truncate(error))
        .bind(clock::now())
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
