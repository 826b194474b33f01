//! The requests (the bookings table, their answers and photos) as the rest of the server reads
//! and changes them: the outbox and texts (`delivery`), `on_call`, the schedule and Insights. The
//! booking feature's other stores write the requests; whatever lies outside `booking/` goes
//! through here, so the tables have one owner (`make lint` fails on SQL outside `booking/` that
//! names them). This module sits in the services
//! layer, beneath the services that use it, so it knows nothing of the booking feature above.

use std::{collections::HashMap, future::Future};

use crate::{
    clock::At,
    db::Db,
    domain::{BookingStatus, EventKind},
    for_both_connections, rows_grouped_by,
    site::content::Given,
    with_db,
};

/// Whether a request is urgent, and an emergency.
#[derive(Clone, Copy, Debug, sqlx::FromRow)]
pub struct Flags {
    pub urgent: bool,
    pub emergency: bool,
}

/// What the shop's notice of a new request carries.
#[derive(sqlx::FromRow)]
pub struct ForShop {
    pub submission_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    pub urgent: bool,
    pub emergency: bool,
    pub location_city: Option<String>,
}

/// Where the customer said the trailer is: their words, the service area's city they picked,
/// and a street address.
#[derive(sqlx::FromRow)]
pub struct Place {
    pub location: Option<String>,
    pub location_city: Option<String>,
    pub street_address: Option<String>,
}

/// What the schedule shows of a job's request.
#[derive(sqlx::FromRow)]
pub struct ForJob {
    pub booking_id: i64,
    pub name: String,
    pub phone: String,
    pub urgent: bool,
    pub location: Option<String>,
    pub street_address: Option<String>,
    pub details: String,
}

/// An emergency as escalation's figures count it.
#[derive(sqlx::FromRow)]
pub struct EmergencyAnswer {
    /// The first answer: a first response or 'I've got it', whichever came first.
    pub answered: Option<At>,
    /// The customer cancelled it.
    pub cancelled: bool,
    /// How many escalation steps fired before it was answered (all of them, while it waits).
    pub steps: i64,
}

/// Request `id`'s flags.
pub async fn flags(db: &Db, id: i64) -> anyhow::Result<Flags> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT urgent, emergency FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await?
    }))
}

/// The newest request with `phone` (E.164 of its ten digits), if any.
pub async fn newest_with_phone(db: &Db, phone: &str) -> anyhow::Result<Option<i64>> {
    let national = phone.strip_prefix("+1").unwrap_or(phone);
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MAX(id) FROM bookings WHERE phone_national = $1")
            .bind(national)
            .fetch_one(pool)
            .await?
    }))
}

/// What the shop's notice of request `id` carries.
pub async fn for_shop(db: &Db, id: i64) -> anyhow::Result<ForShop> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT submission_id, name, email, phone, message, urgent, emergency, location_city FROM bookings WHERE id = $1",
        )
        .bind(id)
        .fetch_one(pool)
        .await?
    }))
}

/// Request `id`'s answers to the assistant, in its order.
pub async fn answers(db: &Db, id: i64) -> anyhow::Result<Vec<Given>> {
    let rows: Vec<(Option<String>, Option<String>, String, String)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT question_key, option_key, question, answer FROM booking_answers WHERE booking_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(pool)
        .await?
    });
    Ok(rows
        .into_iter()
        .map(|(key, option, question, answer)| Given {
            key: key.unwrap_or_default(),
            option,
            question,
            answer,
        })
        .collect())
}

/// How many photos came with request `id`.
pub async fn photo_count(db: &Db, id: i64) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM booking_photos WHERE booking_id = $1")
            .bind(id)
            .fetch_one(pool)
            .await?
    }))
}

/// Where request `id`'s trailer is, as the customer gave it.
pub async fn place(db: &Db, id: i64) -> anyhow::Result<Place> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT location, location_city, street_address FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await?
    }))
}

/// The reason the customer gave when they cancelled request `id`, if any.
pub async fn cancel_reason(db: &Db, id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT cancel_reason FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await?
    }))
}

/// Request `id`'s status, when there is such a request.
pub async fn status(db: &Db, id: i64) -> anyhow::Result<Option<BookingStatus>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT status FROM bookings WHERE id = $1").bind(id).fetch_optional(pool).await?
    }))
}

/// How many requests (not spam) arrived from `start` until `end`.
pub async fn count_received(db: &Db, start: &At, end: &At) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM bookings WHERE status <> $3 AND created_at >= $1 AND created_at < $2",
        )
        .bind(start)
        .bind(end)
        .bind(BookingStatus::Spam)
        .fetch_one(pool)
        .await?
    }))
}

/// The emergencies (not spam) that arrived from `start` until `end`, as they stand now.
pub async fn emergencies(db: &Db, start: &At, end: &At) -> anyhow::Result<Vec<EmergencyAnswer>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT a.answered, a.cancelled, (SELECT COUNT(*) FROM booking_events e WHERE e.booking_id = a.id AND e.kind = $3
                                 AND (a.answered IS NULL OR e.at <= a.answered)) AS steps
             FROM (SELECT b.id, CASE WHEN b.taken_at IS NULL THEN b.first_response_at
                                     WHEN b.first_response_at IS NULL OR b.taken_at < b.first_response_at THEN b.taken_at
                                     ELSE b.first_response_at END AS answered,
                          b.cancelled_at IS NOT NULL AS cancelled
                   FROM bookings b WHERE b.emergency AND b.status <> $4 AND b.created_at >= $1 AND b.created_at < $2) a",
        )
        .bind(start)
        .bind(end)
        .bind(EventKind::Escalated)
        .bind(BookingStatus::Spam)
        .fetch_all(pool)
        .await?
    }))
}

/// What the schedule shows of the requests `ids`, by id (one query however many there are).
pub async fn for_jobs(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, ForJob>> {
    Ok(rows_grouped_by!(
        booking_id,
        db,
        ids,
        ForJob,
        "name, phone, urgent, location, street_address, details",
        "(SELECT id AS booking_id, name, phone, urgent, location, street_address, details FROM bookings) AS b",
        "booking_id"
    )
    .into_iter()
    .filter_map(|(id, mut rows)| rows.pop().map(|row| (id, row)))
    .collect())
}

/// A request's contact details, as its customer is found by them.
#[derive(sqlx::FromRow)]
pub struct Contact {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// The phone's last ten digits (`Phone::national`).
    pub phone_national: String,
    pub customer_id: Option<i64>,
    /// The trailer the shop named on it, if any.
    pub trailer_id: Option<i64>,
}

/// What a customer's other requests have (`BookingStatements::other_requests`).
#[derive(sqlx::FromRow)]
pub struct OtherRequests {
    pub some: bool,
    pub phone: bool,
    pub email: bool,
}

/// A request as its customer's record lists it.
#[derive(sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRequest {
    pub id: i64,
    pub created_at: At,
    pub status: BookingStatus,
    /// The customer cancelled it with their link.
    pub cancelled: bool,
    pub emergency: bool,
    /// What the customer wrote, or the details they added.
    pub details: String,
    pub name: String,
    pub phone: String,
    pub email: String,
    /// The trailer it is about, once the owner named it.
    pub trailer_id: Option<i64>,
}

/// How many requests each of `customers` has, and when the newest came.
pub async fn request_counts(db: &Db, customers: &[i64]) -> anyhow::Result<HashMap<i64, (i64, At)>> {
    if customers.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT customer_id, COUNT(*), MAX(created_at) FROM bookings WHERE customer_id IN ({}) GROUP BY customer_id",
        crate::db::placeholders(customers.len())
    ));
    Ok(with_db!(db, |pool| {
        let mut query = sqlx::query_as::<_, (i64, i64, At)>(sql);
        for id in customers {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?.into_iter().map(|(id, count, newest)| (id, (count, newest))).collect()
    }))
}

/// Customer `customer`'s requests, newest first.
pub async fn requests_of(db: &Db, customer: i64) -> anyhow::Result<Vec<CustomerRequest>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, created_at, status, cancelled_at IS NOT NULL AS cancelled, emergency, details, name, phone, email,
                    trailer_id
             FROM bookings WHERE customer_id = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(customer)
        .fetch_all(pool)
        .await?
    }))
}

/// Statements on the requests' tables inside the caller's transaction.
pub trait BookingStatements {
    /// Request `id`'s contact details, if there is such a request and it is not spam.
    fn contact(&mut self, id: i64) -> impl Future<Output = sqlx::Result<Option<Contact>>> + Send;

    /// Customer `customer`'s newest request, if they have one.
    fn newest_of(&mut self, customer: i64) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;

    /// The first `limit` requests with no customer (spam has none), oldest first.
    fn without_customer(&mut self, limit: i64) -> impl Future<Output = sqlx::Result<Vec<i64>>> + Send;

    /// Request `id` belongs to `customer`; its e-mail address is `email_customer`'s when that is
    /// another customer.
    fn set_customer(
        &mut self,
        id: i64,
        customer: i64,
        email_customer: Option<i64>,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Request `id` is about trailer `trailer`, or none.
    fn set_trailer(&mut self, id: i64, trailer: Option<i64>)
    -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Every request of customer `from` becomes `to`'s; how many moved.
    fn move_requests(&mut self, from: i64, to: i64) -> impl Future<Output = sqlx::Result<u64>> + Send;

    /// What `customer`'s requests other than `except` have: some at all, the phone `national`, the
    /// e-mail address `email` (any case).
    fn other_requests(
        &mut self,
        customer: i64,
        except: i64,
        national: &str,
        email: &str,
    ) -> impl Future<Output = sqlx::Result<OtherRequests>> + Send;

    /// The customer changed or said something about request `id` at `now` (what the inbox marks).
    fn mark_customer_change(&mut self, id: i64, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Whether request `id` still waits for its first answer (taken or not): new, no response,
    /// not cancelled.
    fn is_unanswered(&mut self, id: i64) -> impl Future<Output = sqlx::Result<bool>> + Send;

    /// Whether request `id` was cancelled by the customer; None when there is no such request.
    fn is_cancelled(&mut self, id: i64) -> impl Future<Output = sqlx::Result<Option<bool>>> + Send;

    /// Request `id` has a confirmed time: it is scheduled.
    fn mark_scheduled(&mut self, id: i64, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Request `id`'s time was dropped: a scheduled job is contacted again (any other status stays).
    fn mark_unscheduled(&mut self, id: i64, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// The requests with `phone` (E.164 of its ten digits).
    fn ids_with_phone(&mut self, phone: &str) -> impl Future<Output = sqlx::Result<Vec<i64>>> + Send;

    /// The e-mail address of the member who said 'I've got it' for request `id`, if one did.
    fn taken_by(&mut self, id: i64) -> impl Future<Output = sqlx::Result<Option<String>>> + Send;

    /// A line in request `id`'s history that the site wrote, not a member (an escalation's beat):
    /// `kind` with `detail` at `now`. It answers nothing.
    fn record_site_event(
        &mut self,
        id: i64,
        kind: EventKind,
        detail: &str,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl BookingStatements {
    async fn contact(&mut self, id: i64) -> sqlx::Result<Option<Contact>> {
        sqlx::query_as(
            "SELECT id, name, email, phone, COALESCE(phone_national, '') AS phone_national, customer_id, trailer_id
             FROM bookings WHERE id = $1 AND status != $2",
        )
        .bind(id)
        .bind(BookingStatus::Spam)
        .fetch_optional(&mut *self)
        .await
    }

    async fn newest_of(&mut self, customer: i64) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar("SELECT MAX(id) FROM bookings WHERE customer_id = $1").bind(customer).fetch_one(&mut *self).await
    }

    async fn without_customer(&mut self, limit: i64) -> sqlx::Result<Vec<i64>> {
        sqlx::query_scalar("SELECT id FROM bookings WHERE customer_id IS NULL AND status != $1 ORDER BY id LIMIT $2")
            .bind(BookingStatus::Spam)
            .bind(limit)
            .fetch_all(&mut *self)
            .await
    }

    async fn set_customer(&mut self, id: i64, customer: i64, email_customer: Option<i64>) -> sqlx::Result<()> {
        sqlx::query("UPDATE bookings SET customer_id = $2, email_customer_id = $3 WHERE id = $1")
            .bind(id)
            .bind(customer)
            .bind(email_customer)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn set_trailer(&mut self, id: i64, trailer: Option<i64>) -> sqlx::Result<()> {
        sqlx::query("UPDATE bookings SET trailer_id = $2 WHERE id = $1").bind(id).bind(trailer).execute(&mut *self).await?;
        Ok(())
    }

    async fn move_requests(&mut self, from: i64, to: i64) -> sqlx::Result<u64> {
        let moved = sqlx::query("UPDATE bookings SET customer_id = $2 WHERE customer_id = $1")
            .bind(from)
            .bind(to)
            .execute(&mut *self)
            .await?
            .rows_affected();
        // An address that was the other customer's is now this one's own.
        sqlx::query(
            "UPDATE bookings SET email_customer_id = CASE WHEN customer_id = $2 THEN NULL ELSE $2 END
             WHERE email_customer_id = $1 OR (customer_id = $2 AND email_customer_id = $2)",
        )
        .bind(from)
        .bind(to)
        .execute(&mut *self)
        .await?;
        Ok(moved)
    }

    async fn other_requests(&mut self, customer: i64, except: i64, national: &str, email: &str) -> sqlx::Result<OtherRequests> {
        sqlx::query_as(
            "SELECT COUNT(*) > 0 AS some,
                    COALESCE(MAX(CASE WHEN phone_national = $3 THEN 1 ELSE 0 END), 0) = 1 AS phone,
                    COALESCE(MAX(CASE WHEN LOWER(email) = LOWER($4) THEN 1 ELSE 0 END), 0) = 1 AS email
             FROM bookings WHERE customer_id = $1 AND id != $2",
        )
        .bind(customer)
        .bind(except)
        .bind(national)
        .bind(email)
        .fetch_one(&mut *self)
        .await
    }

    async fn mark_customer_change(&mut self, id: i64, now: &At) -> sqlx::Result<()> {
        sqlx::query("UPDATE bookings SET customer_change_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn is_unanswered(&mut self, id: i64) -> sqlx::Result<bool> {
        sqlx::query_scalar(
            "SELECT status = $2 AND first_response_at IS NULL AND cancelled_at IS NULL FROM bookings WHERE id = $1",
        )
        .bind(id)
        .bind(BookingStatus::New)
        .fetch_one(&mut *self)
        .await
    }

    async fn is_cancelled(&mut self, id: i64) -> sqlx::Result<Option<bool>> {
        sqlx::query_scalar("SELECT cancelled_at IS NOT NULL FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *self)
            .await
    }

    async fn mark_scheduled(&mut self, id: i64, now: &At) -> sqlx::Result<()> {
        sqlx::query("UPDATE bookings SET status = $3, updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .bind(BookingStatus::Scheduled)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn mark_unscheduled(&mut self, id: i64, now: &At) -> sqlx::Result<()> {
        sqlx::query("UPDATE bookings SET status = $3, updated_at = $2 WHERE id = $1 AND status = $4")
            .bind(id)
            .bind(now)
            .bind(BookingStatus::Contacted)
            .bind(BookingStatus::Scheduled)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn ids_with_phone(&mut self, phone: &str) -> sqlx::Result<Vec<i64>> {
        sqlx::query_scalar("SELECT id FROM bookings WHERE phone_national = $1")
            .bind(phone.strip_prefix("+1").unwrap_or(phone))
            .fetch_all(&mut *self)
            .await
    }

    async fn taken_by(&mut self, id: i64) -> sqlx::Result<Option<String>> {
        let taken: Option<Option<String>> = sqlx::query_scalar("SELECT taken_by FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *self)
            .await?;
        Ok(taken.flatten())
    }

    async fn record_site_event(&mut self, id: i64, kind: EventKind, detail: &str, now: &At) -> sqlx::Result<()> {
        sqlx::query("INSERT INTO booking_events (booking_id, at, kind, detail, by_email) VALUES ($1, $2, $3, $4, '')")
            .bind(id)
            .bind(now)
            .bind(kind)
            .bind(detail)
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});
