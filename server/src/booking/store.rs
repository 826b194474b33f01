//! Bookings in the database. A booking, its answers and its delivery rows are written in one
//! transaction, so the visitor hears "success" only once all of it is durable.

use std::{future::Future, time::Duration};

use super::{
    events::{Event, EventWrites as _},
    model::NewBooking,
};
use crate::audit::{AuditWrites as _, Line};
use crate::{
    clock::At,
    customers::store::CustomerWrites as _,
    db::{self, Db, Pool},
    delivery::{
        BookingChannel, Purpose,
        devices::{Occasion, PushWrites as _},
        store::OutboxWrites as _,
        text::{
            consent::{self, Consent, ConsentWrites as _, How},
            conversation::ConversationWrites as _,
        },
    },
    domain::BookingId,
    domain::BookingStatus,
    for_both_connections,
    on_call::escalation::EscalationWrites as _,
    schedule::{
        links::{LinkWrites as _, Purpose as Link},
        store::{AppointmentWrites as _, State as TimeState},
    },
    with_db,
};

/// The window of the booking rate limit.
const RATE_WINDOW: Duration = Duration::from_secs(60 * 60);
/// At most `CONFIRMATIONS_PER_WINDOW` confirmation e-mails go to an address in this long, from
/// the first of them: a customer's second or third request within the hour is confirmed too,
/// while the form cannot send a stranger more than that.
const CONFIRMATION_WINDOW: Duration = Duration::from_secs(60 * 60);
const CONFIRMATIONS_PER_WINDOW: i64 = 3;

/// Where a request came from, for abuse handling (never logged), and when on the shop's clock
/// (the minute of the day, for the owner's devices' quiet hours).
pub struct Origin<'a> {
    pub client_ip: &'a str,
    pub user_agent: Option<&'a str>,
    pub shop_minute: u16,
    /// For a request that escalates: when its first step comes, after it is stored (read before
    /// the transaction, so the write holds nothing but the escalation's row).
    pub escalate_after: Option<Duration>,
    /// A request the team made of the texts of this number (E.164), which had none: they are
    /// filed under it, the number's texting counts as its agreement to texts about it, and the
    /// team's devices are not told of what the team made.
    pub from_texts: Option<&'a str>,
}

/// The stored booking's id, whether this call created it (false for a repeated submit), and a
/// new link for the visitor to change or cancel it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub id: i64,
    pub created: bool,
    pub manage_token: String,
}

#[derive(Debug, thiserror::Error)]
pub enum InsertError {
    /// The address sent `limit` bookings within the last hour already; nothing was stored.
    #[error("too many bookings from one address")]
    RateLimited,
    /// The time asked for was taken meanwhile; nothing was stored.
    #[error("the time is taken")]
    TimeTaken,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<sqlx::Error> for InsertError {
    fn from(error: sqlx::Error) -> Self {
        Self::Other(error.into())
    }
}

/// Stores `booking` with one pending delivery per channel (none for spam), unless its address
/// stored `per_hour` bookings in the last hour (0: no limit). The count is of the bookings table
/// itself, so every instance applies the same limit. A repeated submit (same submission id)
/// answers the booking stored the first time and counts nothing. The visitor's confirmation goes
/// to an e-mail address at most three times an hour (a row per address, counted in this
/// transaction), so the form cannot send mail to strangers over and over.
pub async fn insert(
    db: &Db,
    booking: &NewBooking,
    origin: &Origin<'_>,
    channels: &[BookingChannel],
    per_hour: u32,
) -> Result<Stored, InsertError> {
    let now = db.clock.stamp();
    let status = if booking.spam_reason.is_some() { BookingStatus::Spam } else { BookingStatus::New };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let inserted: Option<i64> = sqlx::query_scalar(
            "INSERT INTO bookings (submission_id, name, email, phone, details, message, status, spam_reason,
                                   client_ip, user_agent, created_at, updated_at, location, location_city,
                                   urgent, source_page, source_button, referrer_host, utm_source, utm_campaign, emergency,
                                   phone_national, street_address, roadside)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                     $21, $22, $23)
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
        .bind(now)
        .bind(&booking.location)
        .bind(&booking.location_city)
        .bind(booking.urgent)
        .bind(&booking.source.page)
        .bind(&booking.source.button)
        .bind(&booking.source.referrer_host)
        .bind(&booking.source.utm_source)
        .bind(&booking.source.utm_campaign)
        .bind(booking.emergency)
        .bind(booking.phone.national())
        .bind(&booking.street_address)
        .bind(booking.roadside)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = inserted else {
            let id: i64 = sqlx::query_scalar("SELECT id FROM bookings WHERE submission_id = $1")
                .bind(&booking.submission_id)
                .fetch_one(&mut *tx)
                .await?;
            let manage_token = tx.mint_link(id, Link::Manage, &now).await?;
            tx.commit().await?;
            return Ok(Stored { id, created: false, manage_token });
        };
        if per_hour > 0 {
            if matches!(db.pool, Pool::Postgres(_)) {
                // Bookings from one address take turns until they commit, so each counts the
                // others (READ COMMITTED shows none still being written); SQLite has one writer.
                sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                    .bind(origin.client_ip)
                    .execute(&mut *tx)
                    .await?;
            }
            let earlier: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM bookings WHERE client_ip = $1 AND created_at > $2 AND id != $3",
            )
            .bind(origin.client_ip)
            .bind(db.clock.stamp_before(RATE_WINDOW))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            if earlier >= i64::from(per_hour) {
                tx.rollback().await?;
                return Err(InsertError::RateLimited);
            }
        }
        if let Some(time) = &booking.appointment {
            tx.set_appointment(id, time.kind, time.slot, TimeState::Requested, &now).await?;
            if !tx.hold_seats(id, time.kind, time.slot, time.capacity, false).await? {
                tx.rollback().await?;
                return Err(InsertError::TimeTaken);
            }
        }
        if !booking.answers.is_empty() {
            // One statement for every answer: each is a trip to the database inside the write.
            let rows = (0..booking.answers.len())
                .map(|n| {
                    let at = 5 * n + 2;
                    format!("($1, ${at}, ${}, ${}, ${}, ${})", at + 1, at + 2, at + 3, at + 4)
                })
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "INSERT INTO booking_answers (booking_id, position, question_key, option_key, question, answer) VALUES {rows}"
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id);
            for (position, answer) in booking.answers.iter().enumerate() {
                query = query
                    .bind(i64::try_from(position).unwrap_or(i64::MAX))
                    .bind(&answer.key)
                    .bind(&answer.option)
                    .bind(&answer.question)
                    .bind(&answer.answer);
            }
            query.execute(&mut *tx).await?;
        }
        sqlx::query("INSERT INTO booking_search (booking_id, text) VALUES ($1, $2)")
            .bind(id)
            .bind(booking.search_text())
            .execute(&mut *tx)
            .await?;
        for photo in &booking.photos {
            // A photo left unattached too long was deleted; the booking goes without it.
            sqlx::query("UPDATE booking_photos SET booking_id = $1 WHERE name = $2 AND booking_id IS NULL")
                .bind(id)
                .bind(photo)
                .execute(&mut *tx)
                .await?;
        }
        if booking.spam_reason.is_none() {
            tx.attach(id, &now).await?;
        }
        if let Some(number) = origin.from_texts {
            tx.file_under(number, id).await?;
            let consent = Consent {
                phone: number,
                booking_id: Some(id),
                given: true,
                how: How::Texted,
                wording: consent::TEXTED_WORDING,
                client_ip: origin.client_ip,
            };
            tx.record_texted_unless_stopped(&consent, &now).await?;
        }
        if booking.text_consent {
            let phone = booking.phone.e164();
            let consent = Consent {
                phone: &phone,
                booking_id: Some(id),
                given: true,
                how: How::Form,
                wording: consent::FORM_WORDING,
                client_ip: origin.client_ip,
            };
            if booking.spam_reason.is_none() && channels.contains(&BookingChannel::Text) {
                tx.record_consent_with_text(&consent, &now).await?;
            } else {
                tx.record_consent(&consent, &now).await?;
            }
        }
        if booking.spam_reason.is_none() {
            for channel in channels {
                if *channel == BookingChannel::Text {
                    // Queued with the agreement above, when there is one.
                    continue;
                }
                if *channel == BookingChannel::Confirmation {
                    let claimed: Option<String> = sqlx::query_scalar(
                        "INSERT INTO confirmation_limits (email, sent_at, sent_count) VALUES ($1, $2, 1)
                         ON CONFLICT (email) DO UPDATE SET
                             sent_at = CASE WHEN confirmation_limits.sent_at <= $3
                                 THEN excluded.sent_at ELSE confirmation_limits.sent_at END,
                             sent_count = CASE WHEN confirmation_limits.sent_at <= $3
                                 THEN 1 ELSE confirmation_limits.sent_count + 1 END
                         WHERE confirmation_limits.sent_at <= $3 OR confirmation_limits.sent_count < $4
                         RETURNING email",
                    )
                    .bind(booking.email.as_ref().to_lowercase())
                    .bind(now)
                    .bind(db.clock.stamp_before(CONFIRMATION_WINDOW))
                    .bind(CONFIRMATIONS_PER_WINDOW)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if claimed.is_none() {
                        continue;
                    }
                }
                tx.enqueue(id, *channel, Purpose::Request, &now, &now).await?;
            }
            let occasion = Occasion {
                urgent: booking.urgent,
                emergency: booking.emergency,
                customer_change: false,
                shop_minute: origin.shop_minute,
            };
            if origin.from_texts.is_none() {
                tx.enqueue_pushes(id, &Purpose::Request.key(), occasion, &now).await?;
            }
            if let Some(after) = origin.escalate_after {
                tx.start_escalation(id, &At::from(now.timestamp() + after), &now).await?;
            }
        }
        let manage_token = tx.mint_link(id, Link::Manage, &now).await?;
        tx.commit().await?;
        Ok(Stored { id, created: true, manage_token })
    })
}

/// Who wrote the notes a visitor's change leaves in the inbox.
pub const VISITOR: &str = "the customer, with their link";

/// Writes a note inside the caller's transaction (a change the visitor made with their link).
pub trait NoteWrites {
    fn add_note(
        &mut self,
        booking_id: i64,
        body: &str,
        by: &str,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl NoteWrites {
    async fn add_note(&mut self, booking_id: i64, body: &str, by: &str, now: &At) -> sqlx::Result<()> {
        sqlx::query("INSERT INTO booking_notes (booking_id, body, written_by, written_at) VALUES ($1, $2, $3, $4)")
            .bind(booking_id)
            .bind(body)
            .bind(by)
            .bind(now)
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});

/// How many requests nobody has answered yet (not cancelled by the customer either).
pub async fn count_unanswered(db: &Db) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        // Written as a name: the partial index bookings_unanswered answers it.
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM bookings WHERE status = {} AND first_response_at IS NULL AND cancelled_at IS NULL",
            db::name(BookingStatus::New)
        )))
        .fetch_one(pool)
        .await?
    }))
}

/// Sets booking `id`'s status, by the admin `line` names (in its history, and its first
/// response when the status is other than new), with `line` in the audit log, all in one
/// transaction; false when there is no such booking. A booking marked as spam gets none of its
/// deliveries that are still waiting (spam is never delivered); a job done or cancelled gets no
/// more reminders, and a cancelled one gives its time back.
pub async fn set_status(
    db: &Db,
    BookingId(id): BookingId,
    status: BookingStatus,
    line: &Line<'_>,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let changed = sqlx::query("UPDATE bookings SET status = $1, updated_at = $2 WHERE id = $3")
            .bind(status)
            .bind(db.clock.stamp())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if changed == 0 {
            return Ok(false);
        }
        if status != BookingStatus::Spam {
            // A request marked as no spam after all finds its customer.
            tx.attach(id, &now).await?;
        }
        match status {
            BookingStatus::Spam => tx.drop_waiting(id).await?,
            BookingStatus::Done => tx.cancel_time_messages(id).await?,
            BookingStatus::Cancelled => {
                tx.cancel_time_messages(id).await?;
                tx.cancel_appointment(id, &now).await?;
            }
            BookingStatus::New | BookingStatus::Contacted | BookingStatus::Scheduled => {}
        }
        tx.record_event(id, Event::Status(status), line.actor.email, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}
