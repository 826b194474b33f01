//! How the outbox is doing, for the Notifications page, Today and /metrics: each way of sending's
//! last success and failure, the newest test deliveries, those that failed for good, and the
//! deliveries by state.

use super::{Channel, DeliveryState};
use crate::{clock::At, db::Db, with_db};

/// How a channel did lately: its last delivery sent and its last failure.
#[derive(Debug, Default, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelHealth {
    /// When it last delivered something (a booking or a test).
    pub last_success_at: Option<At>,
    /// When it last failed, and why.
    pub last_error_at: Option<At>,
    pub last_error: Option<String>,
}

/// A delivery that failed for good.
#[derive(sqlx::FromRow)]
pub struct Failed {
    /// The request it was about (none for a test or the weekly report).
    pub booking_id: Option<i64>,
    pub channel: Channel,
    pub purpose: String,
    pub last_error: Option<String>,
    pub failed_at: At,
}

/// The deliveries that failed for good since `since`, the newest `limit` of them first, and how
/// many there are.
pub async fn failed_since(db: &Db, since: &At, limit: i64) -> anyhow::Result<(Vec<Failed>, i64)> {
    // Written as a name: the partial index deliveries_failed answers it.
    let dead = crate::db::name(DeliveryState::Dead);
    Ok(with_db!(db, |pool| {
        let shown = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT booking_id, channel, purpose, last_error, last_error_at AS failed_at FROM deliveries
             WHERE state = {dead} AND last_error_at >= $1 ORDER BY last_error_at DESC LIMIT $2"
        )))
        .bind(since)
        .bind(limit)
        .fetch_all(pool)
        .await?;
        let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM deliveries WHERE state = {dead} AND last_error_at >= $1"
        )))
        .bind(since)
        .fetch_one(pool)
        .await?;
        (shown, total)
    }))
}

/// How a way of sending did: e-mail counts the shop's notifications, the visitors'
/// confirmations and the tests; the webhook its own deliveries.
pub async fn health(db: &Db, channel: Channel) -> anyhow::Result<ChannelHealth> {
    let (first, second) = match channel {
        Channel::Email | Channel::Confirmation => (Channel::Email, Channel::Confirmation),
        Channel::Webhook => (Channel::Webhook, Channel::Webhook),
        Channel::Push => (Channel::Push, Channel::Push),
        Channel::Text => (Channel::Text, Channel::Text),
    };
    let last_success_at: Option<At> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MAX(sent_at) FROM deliveries WHERE channel IN ($1, $2) AND state = $3")
            .bind(first)
            .bind(second)
            .bind(DeliveryState::Sent)
            .fetch_one(pool)
            .await?
    });
    let failure: Option<(At, Option<String>)> = with_db!(db, |pool| {
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
    pub created_at: At,
    pub sent_at: Option<At>,
    /// Who asked for it.
    pub test_by: String,
}

/// The newest test deliveries.
pub async fn recent_tests(db: &Db) -> anyhow::Result<Vec<TestDelivery>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, channel, state, attempts, last_error, created_at, sent_at, test_by FROM deliveries
             WHERE test_by IS NOT NULL AND channel <> $1 ORDER BY id DESC LIMIT 5",
        )
        .bind(Channel::Push)
        .fetch_all(pool)
        .await?
    }))
}

/// The outbox's deliveries by state, and the age in seconds of the oldest pending one.
pub async fn depth(db: &Db) -> anyhow::Result<(Vec<(String, i64)>, Option<f64>)> {
    let (states, oldest): (Vec<(String, i64)>, Option<At>) = with_db!(db, |pool| {
        let states =
            sqlx::query_as("SELECT state, COUNT(*) FROM deliveries GROUP BY state").fetch_all(pool).await?;
        let oldest = sqlx::query_scalar("SELECT MIN(created_at) FROM deliveries WHERE state = $1")
            .bind(DeliveryState::Pending)
            .fetch_one(pool)
            .await?;
        (states, oldest)
    });
    let age = oldest.map(|at| db.clock.now().duration_since(at.timestamp()).as_secs_f64().max(0.0));
    Ok((states, age))
}
