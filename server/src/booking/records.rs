//! What the inbox shows of stored bookings: each row with its answers, photos, deliveries, notes
//! and time, read with one query per kind of thing for a whole page of bookings.

use std::collections::HashMap;

use super::store::{
    AnswerRecord, BookingRecord, DeliveryRecord, PhotoRecord, ReviewRecord, SourceRecord, TimeRecord,
};
use crate::{
    clock,
    db::Db,
    schedule::{links, store as appointments},
};

/// The columns of a `BookingRow`, and whether it sorts among the open urgent requests.
pub const ROW_COLUMNS: &str = "id, name, email, phone, details, message, status, spam_reason, created_at, urgent, location,
    location_city, source_page, source_button, referrer_host, utm_source, utm_campaign, cancelled_at, cancel_reason,
    (urgent AND status IN ('new', 'contacted')) AS open_urgent";

/// A booking as stored, before its answers, photos, deliveries, notes and time are added.
#[derive(sqlx::FromRow)]
pub struct BookingRow {
    pub id: i64,
    name: String,
    email: String,
    phone: String,
    details: String,
    message: String,
    status: String,
    spam_reason: Option<String>,
    pub created_at: String,
    urgent: bool,
    location: Option<String>,
    location_city: Option<String>,
    #[sqlx(flatten)]
    source: SourceRecord,
    cancelled_at: Option<String>,
    cancel_reason: Option<String>,
    /// An urgent request still new or contacted: the inbox shows these first.
    pub open_urgent: bool,
}

/// `rows` with everything the inbox shows of each, read with one query per kind of thing for
/// all of them.
pub async fn records(db: &Db, rows: Vec<BookingRow>) -> anyhow::Result<Vec<BookingRecord>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut answers = answers(db, &ids).await?;
    let mut photos = photos(db, &ids).await?;
    let mut deliveries = deliveries(db, &ids).await?;
    let mut notes = super::notes::for_bookings(db, &ids).await?;
    let mut times = appointments::for_bookings(db, &ids).await?;
    let opened = links::reviews_opened(db, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let deliveries = deliveries.remove(&row.id).unwrap_or_default();
            let review = deliveries.iter().find(|d| d.purpose == "review").map(|sent| ReviewRecord {
                state: sent.state.clone(),
                sent_at: sent.sent_at.clone(),
                opened_at: opened.get(&row.id).cloned(),
            });
            BookingRecord {
                id: row.id,
                name: row.name,
                email: row.email,
                phone: row.phone,
                details: row.details,
                message: row.message,
                status: row.status,
                spam_reason: row.spam_reason,
                created_at: row.created_at,
                urgent: row.urgent,
                location: row.location,
                location_city: row.location_city,
                source: row.source,
                photos: photos.remove(&row.id).unwrap_or_default(),
                answers: answers.remove(&row.id).unwrap_or_default(),
                deliveries,
                notes: notes.remove(&row.id).unwrap_or_default(),
                appointment: times.remove(&row.id).map(|time| TimeRecord {
                    kind: time.kind,
                    start: clock::stamp(time.slot.start),
                    end: clock::stamp(time.slot.end),
                    state: time.state,
                    label: String::new(),
                }),
                cancelled_at: row.cancelled_at,
                cancel_reason: row.cancel_reason,
                review,
                other_requests: 0,
            }
        })
        .collect())
}

/// `SELECT {columns} FROM {table} WHERE booking_id IN (ids) ORDER BY booking_id, {order}`, as
/// rows grouped by booking (no query for no ids).
macro_rules! for_each_booking {
    ($db:expr, $ids:expr, $row:ty, $columns:literal, $table:literal, $order:literal) => {{
        let mut grouped: std::collections::HashMap<i64, Vec<$row>> = std::collections::HashMap::new();
        if !$ids.is_empty() {
            let sql = sqlx::AssertSqlSafe(format!(
                concat!(
                    "SELECT booking_id, ",
                    $columns,
                    " FROM ",
                    $table,
                    " WHERE booking_id IN ({}) ORDER BY booking_id, ",
                    $order
                ),
                $crate::db::placeholders($ids.len())
            ));
            let rows: Vec<$row> = $crate::with_db!($db, |pool| {
                let mut query = sqlx::query_as(sql);
                for id in $ids {
                    query = query.bind(id);
                }
                query.fetch_all(pool).await?
            });
            for row in rows {
                grouped.entry(row.booking_id).or_default().push(row);
            }
        }
        grouped
    }};
}
pub(crate) use for_each_booking;

#[derive(sqlx::FromRow)]
struct AnswerRow {
    booking_id: i64,
    question: String,
    answer: String,
}

async fn answers(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<AnswerRecord>>> {
    let grouped = for_each_booking!(db, ids, AnswerRow, "question, answer", "booking_answers", "position");
    Ok(grouped
        .into_iter()
        .map(|(id, rows)| {
            let answers = rows.into_iter().map(|row| AnswerRecord {
                label: String::new(),
                question: row.question,
                answer: row.answer,
            });
            (id, answers.collect())
        })
        .collect())
}

#[derive(sqlx::FromRow)]
struct PhotoRow {
    booking_id: i64,
    name: String,
    width: i64,
    height: i64,
}

async fn photos(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<PhotoRecord>>> {
    let grouped =
        for_each_booking!(db, ids, PhotoRow, "name, width, height", "booking_photos", "created_at, name");
    Ok(grouped
        .into_iter()
        .map(|(id, rows)| {
            let photos = rows.into_iter().map(|row| PhotoRecord {
                url: format!("{}{}", super::photos::URL_PREFIX, row.name),
                width: row.width,
                height: row.height,
            });
            (id, photos.collect())
        })
        .collect())
}

#[derive(sqlx::FromRow)]
struct DeliveryRow {
    booking_id: i64,
    channel: String,
    purpose: String,
    state: String,
    attempts: i64,
    last_error: Option<String>,
    next_attempt_at: String,
    sent_at: Option<String>,
}

async fn deliveries(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<DeliveryRecord>>> {
    let grouped = for_each_booking!(
        db,
        ids,
        DeliveryRow,
        "channel, purpose, state, attempts, last_error, next_attempt_at, sent_at",
        "deliveries",
        "id"
    );
    Ok(grouped
        .into_iter()
        .map(|(id, rows)| (id, rows.into_iter().map(DeliveryRow::record).collect()))
        .collect())
}

impl DeliveryRow {
    fn record(self) -> DeliveryRecord {
        let pending = self.state == "pending";
        DeliveryRecord {
            channel: self.channel,
            purpose: self.purpose,
            state: if pending && self.attempts > 0 { "retrying".to_owned() } else { self.state },
            attempts: self.attempts,
            last_error: self.last_error,
            next_attempt_at: pending.then_some(self.next_attempt_at),
            sent_at: self.sent_at,
        }
    }
}
