//! The outbox rows: each claimed with a lease, so two workers (on one instance or
//! several) never send one row at the same time.

use std::{collections::HashMap, future::Future, time::Duration};

use anyhow::Context as _;

use super::{
    BookingChannel, BookingMessage, Channel, ComposedMessage, Delivery, DeliveryState, Notified, Purpose,
    PurposeKind, TestMessage, TestTarget, ToShop,
};
use crate::audit::{AuditWrites as _, Line};
use crate::{
    booking::shared_store as bookings,
    clock::At,
    db::{Db, Pool},
    for_both_connections, rows_grouped_by, with_db,
};

pub struct Claimed {
    pub id: i64,
    pub purpose: Purpose,
    pub attempts: u32,
    pub delivery: Delivery,
}

#[derive(sqlx::FromRow)]
struct ClaimedRow {
    id: i64,
    booking_id: Option<i64>,
    test_by: Option<String>,
    message_key: Option<String>,
    subject: Option<String>,
    body: Option<String>,
    channel: String,
    device_id: Option<i64>,
    purpose: String,
    attempts: i64,
}

/// Outbox rows written inside the caller's transaction, so a change and what it sends commit
/// together.
pub trait OutboxWrites {
    /// A delivery of `purpose` to `channel` for booking `booking_id`, due at `due` (a stored
    /// timestamp). One row per booking, channel and purpose: a repeat is a no-op.
    fn enqueue(
        &mut self,
        booking_id: i64,
        channel: BookingChannel,
        purpose: Purpose,
        due: &At,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Stops booking `booking_id`'s waiting messages about its time (confirmations of a time,
    /// reminders): a change or a cancellation made them wrong.
    fn cancel_time_messages(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Whether booking `booking_id`'s customer was told of a time and a message about its time
    /// still waits (read inside the transaction that changes the time).
    fn time_told_and_waiting(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<bool>> + Send;

    /// Cancels booking `booking_id`'s escalation messages not yet sent, saying `why`.
    fn cancel_escalation_messages(
        &mut self,
        booking_id: i64,
        why: &str,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Drops every message about booking `booking_id` that has not gone out yet (it was spam).
    fn drop_waiting(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// `message` for the shop's e-mail, due now; a repeat of its key is a no-op. Whether it was
    /// queued.
    fn enqueue_composed(
        &mut self,
        message: &ComposedMessage,
        purpose: Purpose,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<bool>> + Send;
}

for_both_connections!(impl OutboxWrites {
    async fn enqueue(&mut self, booking_id: i64, channel: BookingChannel, purpose: Purpose, due: &At, now: &At) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO deliveries (booking_id, channel, purpose, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT DO NOTHING",
        )
        .bind(booking_id)
        .bind(channel.as_str())
        .bind(purpose.key())
        .bind(due)
        .bind(now)
        .execute(&mut *self)
        .await?;
        Ok(())
    }

    async fn cancel_time_messages(&mut self, booking_id: i64) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE deliveries SET state = $2, last_error = 'replaced by a later change'
             WHERE booking_id = $1 AND state = $3 AND purpose_kind IN ($4, $5)",
        )
        .bind(booking_id)
        .bind(DeliveryState::Cancelled)
        .bind(DeliveryState::Pending)
        .bind(PurposeKind::Time)
        .bind(PurposeKind::Reminder)
        .execute(&mut *self)
        .await?;
        Ok(())
    }

    async fn time_told_and_waiting(&mut self, booking_id: i64) -> sqlx::Result<bool> {
        sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM deliveries WHERE booking_id = $1 AND purpose_kind = $2 AND state = $3)
                AND EXISTS (SELECT 1 FROM deliveries WHERE booking_id = $1 AND purpose_kind = $2 AND state = $4)",
        )
        .bind(booking_id)
        .bind(PurposeKind::Time)
        .bind(DeliveryState::Pending)
        .bind(DeliveryState::Sent)
        .fetch_one(&mut *self)
        .await
    }

    async fn cancel_escalation_messages(&mut self, booking_id: i64, why: &str) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE deliveries SET state = $3, last_error = $2
             WHERE booking_id = $1 AND state = $4 AND purpose_kind IN ($5, $6)",
        )
        .bind(booking_id)
        .bind(why)
        .bind(DeliveryState::Cancelled)
        .bind(DeliveryState::Pending)
        .bind(PurposeKind::Escalation)
        .bind(PurposeKind::Page)
        .execute(&mut *self)
        .await?;
        Ok(())
    }

    async fn drop_waiting(&mut self, booking_id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM deliveries WHERE booking_id = $1 AND state = $2")
            .bind(booking_id)
            .bind(DeliveryState::Pending)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn enqueue_composed(&mut self, message: &ComposedMessage, purpose: Purpose, now: &At) -> sqlx::Result<bool> {
        let inserted = sqlx::query(
            "INSERT INTO deliveries (message_key, subject, body, channel, purpose, next_attempt_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING",
        )
        .bind(&message.key)
        .bind(&message.subject)
        .bind(&message.body)
        .bind(Channel::Email.as_str())
        .bind(purpose.key())
        .bind(now)
        .execute(&mut *self)
        .await?;
        Ok(inserted.rows_affected() == 1)
    }
});

/// A delivery about a request, as the request's page shows it: with the name of the device a push
/// went to.
#[derive(sqlx::FromRow)]
pub struct BookedDelivery {
    pub booking_id: i64,
    pub channel: Channel,
    pub device: Option<String>,
    pub purpose: String,
    pub state: DeliveryState,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub next_attempt_at: At,
    pub sent_at: Option<At>,
}

/// The deliveries about each request of `ids`, oldest first.
pub async fn of_bookings(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<BookedDelivery>>> {
    Ok(rows_grouped_by!(
        booking_id,
        db,
        ids,
        BookedDelivery,
        "channel, device, purpose, state, attempts, last_error, next_attempt_at, sent_at",
        "(SELECT d.*, p.name AS device FROM deliveries d LEFT JOIN push_devices p ON p.id = d.device_id) AS d",
        "id"
    ))
}

/// Reserves up to `limit` due deliveries of `channel` (the earliest due first) for `lease`, in
/// one statement, and returns them with their bookings (read through `reader`).
pub async fn claim_due(
    (db, reader): (&Db, &Db),
    lease: Duration,
    channel: Channel,
    limit: usize,
) -> anyhow::Result<Vec<Claimed>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let until = db.clock.stamp_after(lease);
    let now = db.clock.stamp();
    // Instances claim concurrently on PostgreSQL: a row another transaction holds is skipped, not
    // waited for, and is never claimed twice. SQLite has one writer: the update is the claim.
    let skip_locked = if matches!(db.pool, Pool::Postgres(_)) { " FOR UPDATE SKIP LOCKED" } else { "" };
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE deliveries SET next_attempt_at = $1
         WHERE id IN (SELECT id FROM deliveries WHERE state = $5 AND channel = $3 AND next_attempt_at <= $2
                      ORDER BY next_attempt_at LIMIT $4{skip_locked})
         RETURNING id, booking_id, test_by, message_key, subject, body, channel, device_id, purpose, attempts"
    ));
    let rows: Vec<ClaimedRow> = with_db!(db, |pool| {
        sqlx::query_as(sql)
            .bind(until)
            .bind(now)
            .bind(channel)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .bind(DeliveryState::Pending)
            .fetch_all(pool)
            .await?
    });
    let mut claimed = Vec::with_capacity(rows.len());
    for row in rows {
        claimed.push(loaded(reader, row).await?);
    }
    Ok(claimed)
}

/// A claimed row with what it sends: its booking, its test or its composed message, as its
/// channel carries it. A row no channel can carry (none is written so) is an error.
async fn loaded(reader: &Db, claimed: ClaimedRow) -> anyhow::Result<Claimed> {
    let id = claimed.id;
    let channel: Channel =
        claimed.channel.parse().with_context(|| format!("delivery {id} has an unknown channel"))?;
    let purpose = Purpose::parse(&claimed.purpose)
        .ok_or_else(|| anyhow::anyhow!("delivery {id} has an unknown purpose {}", claimed.purpose))?;
    let what = match (claimed.booking_id, claimed.test_by, claimed.message_key) {
        (Some(booking_id), _, _) => {
            let booking = bookings::for_shop(reader, booking_id).await?;
            ToShop::Booking(BookingMessage {
                booking_id,
                key: booking.submission_id,
                name: booking.name,
                email: booking.email,
                phone: booking.phone,
                message: booking.message,
                urgent: booking.urgent,
                emergency: booking.emergency,
                location_city: booking.location_city,
            })
        }
        (None, Some(by), _) => ToShop::Test(TestMessage { id, by }),
        (None, None, Some(key)) => ToShop::Composed(ComposedMessage {
            key,
            subject: claimed.subject.unwrap_or_default(),
            body: claimed.body.unwrap_or_default(),
        }),
        (None, None, None) => anyhow::bail!("delivery {id} has no booking, test or message"),
    };
    let cannot =
        || anyhow::anyhow!("delivery {id}: the {} channel cannot carry what it holds", channel.as_str());
    let delivery = match (channel, claimed.device_id) {
        (Channel::Email, None) => Delivery::Email(what),
        (Channel::Confirmation, None) => match what {
            ToShop::Booking(message) => Delivery::Confirmation(message),
            _ => return Err(cannot()),
        },
        (Channel::Webhook, None) => Delivery::Webhook(Notified::try_from(what).map_err(|_| cannot())?),
        (Channel::Text, None) => match what {
            ToShop::Booking(message) => Delivery::Text(message),
            _ => return Err(cannot()),
        },
        (Channel::Push, Some(device)) => {
            Delivery::Push { device, what: Notified::try_from(what).map_err(|_| cannot())? }
        }
        _ => return Err(cannot()),
    };
    Ok(Claimed { id, purpose, attempts: claimed.attempts.try_into().unwrap_or(u32::MAX), delivery })
}

/// Puts a test to `target`, asked for by the admin `line` names, in the outbox, with `line` in
/// the audit log, in one transaction; its id.
pub async fn enqueue_test(db: &Db, target: TestTarget, line: &Line<'_>) -> anyhow::Result<i64> {
    let (channel, device_id) = target.channel();
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = sqlx::query_scalar(
            "INSERT INTO deliveries (test_by, channel, device_id, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $4)
             RETURNING id",
        )
        .bind(line.actor.email)
        .bind(channel.as_str())
        .bind(device_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        id
    }))
}

/// Whether booking `booking_id` was sent an earlier confirmed time than the one of `purpose`.
pub async fn time_sent_before(db: &Db, booking_id: i64, purpose: Purpose) -> anyhow::Result<bool> {
    let earlier: i64 = with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM deliveries
             WHERE booking_id = $1 AND purpose_kind = $4 AND purpose <> $2 AND state = $3",
        )
        .bind(booking_id)
        .bind(purpose.key())
        .bind(DeliveryState::Sent)
        .bind(PurposeKind::Time)
        .fetch_one(pool)
        .await?
    });
    Ok(earlier > 0)
}

/// The channel an instance notifies when it released a delivery (PostgreSQL).
pub const RELEASED_CHANNEL: &str = "trailerworks_outbox";

/// Gives up the claim on delivery `id` (the server is stopping): it is due now, for whichever
/// instance is next, and on PostgreSQL the other instances are told.
pub async fn release(db: &Db, id: i64) -> anyhow::Result<()> {
    let released = "UPDATE deliveries SET next_attempt_at = $1 WHERE id = $2 AND state = $3";
    let pending = DeliveryState::Pending;
    match &db.pool {
        Pool::Sqlite(pool) => {
            sqlx::query(released).bind(db.clock.stamp()).bind(id).bind(pending).execute(pool).await?;
        }
        Pool::Postgres(pool) => {
            let mut transaction = pool.begin().await?;
            sqlx::query(released)
                .bind(db.clock.stamp())
                .bind(id)
                .bind(pending)
                .execute(&mut *transaction)
                .await?;
            sqlx::query("SELECT pg_notify($1, '')").bind(RELEASED_CHANNEL).execute(&mut *transaction).await?;
            transaction.commit().await?;
        }
    }
    Ok(())
}

/// When the next pending delivery of one of `channels` is due, if any.
pub async fn next_due(db: &Db, channels: &[Channel]) -> anyhow::Result<Option<At>> {
    Ok(earliest_due(db, channels).await?.into_iter().map(|(_, at)| at).min())
}

/// Each of `channels` that has a pending delivery, with when its earliest is due, each found by
/// a seek (`deliveries_channel_due`): what the worker reads before it claims (on SQLite, from a
/// reader, so a claim takes the one writer only when there is something to claim).
pub async fn earliest_due(db: &Db, channels: &[Channel]) -> anyhow::Result<Vec<(Channel, At)>> {
    if channels.is_empty() {
        return Ok(Vec::new());
    }
    // The channels are $1 to $n, the pending state the last.
    let pending = channels.len() + 1;
    let each = (1..=channels.len())
        .map(|n| {
            // One MIN alone, so it is a seek to the index's first row, not a walk of the channel.
            format!(
                "SELECT CAST(${n} AS TEXT) AS channel,
                        (SELECT MIN(next_attempt_at) FROM deliveries WHERE state = ${pending} AND channel = ${n}) AS due"
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let sql =
        sqlx::AssertSqlSafe(format!("SELECT channel, due FROM ({each}) AS earliest WHERE due IS NOT NULL"));
    let rows: Vec<(String, At)> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql);
        for channel in channels {
            query = query.bind(channel);
        }
        query.bind(DeliveryState::Pending).fetch_all(pool).await?
    });
    rows.into_iter()
        .map(|(channel, at)| {
            Ok((channel.parse().map_err(|_| anyhow::anyhow!("unknown channel {channel}"))?, at))
        })
        .collect()
}
