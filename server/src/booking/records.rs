//! What the inbox shows of stored bookings: each row with its answers, photos, deliveries, notes
//! and time, read with one query per kind of thing for a whole page of bookings.

use std::{collections::HashMap, sync::LazyLock};

use super::{
    model::PHOTO_URL_PREFIX,
    views::{
        AnswerRecord, BookingRecord, DeliveryProgress, DeliveryRecord, NoteRecord, PhotoLabel, PhotoRecord,
        ReviewRecord, SourceRecord, TimeRecord,
    },
};
use crate::{
    auth::users,
    clock::At,
    db::{self, Db},
    delivery::{
        Channel, DeliveryState, Purpose,
        store::{self as outbox, BookedDelivery},
        text::thread,
    },
    domain::{BookingId, BookingStatus},
    rows_grouped_by,
    schedule::{
        calendar::{Calendar, Slot},
        links, store as appointments,
    },
    site::content::{Asks, Chat, Content, Given},
    with_db,
};

/// Where a booking sorts in the inbox: 2 for an emergency still open, 1 for such an urgent
/// request, else 0, as a 64-bit number on both databases (the index `bookings_inbox` of
/// migration 0023 has the same expression).
pub fn open_rank() -> &'static str {
    static RANK: LazyLock<String> = LazyLock::new(|| {
        format!(
            "CAST(CASE WHEN status {} THEN (CASE WHEN emergency THEN 2 WHEN urgent THEN 1 ELSE 0 END) ELSE 0 END AS BIGINT)",
            db::in_names(BookingStatus::OPEN)
        )
    });
    &RANK
}

/// The columns of a `BookingRow`, and where it sorts in the inbox (`open_rank`).
pub fn row_columns() -> &'static str {
    static COLUMNS: LazyLock<String> = LazyLock::new(|| {
        format!(
            "id, name, email, phone, details, message, status, spam_reason, created_at, urgent, location,
    location_city, roadside, street_address, source_page, source_button, referrer_host, utm_source, utm_campaign, cancelled_at,
    cancel_reason, emergency, first_response_at, customer_change_at, customer_id, email_customer_id, trailer_id,
    {} AS taken_by, {} AS open_rank",
            users::name_or_address("taken_by"),
            open_rank()
        )
    });
    &COLUMNS
}

/// A booking as stored, before its answers, photos, deliveries, notes and time are added.
#[derive(sqlx::FromRow)]
pub struct BookingRow {
    pub id: i64,
    name: String,
    email: String,
    phone: String,
    details: String,
    message: String,
    status: BookingStatus,
    spam_reason: Option<String>,
    pub created_at: At,
    urgent: bool,
    location: Option<String>,
    location_city: Option<String>,
    roadside: bool,
    street_address: Option<String>,
    #[sqlx(flatten)]
    source: SourceRecord,
    cancelled_at: Option<At>,
    cancel_reason: Option<String>,
    emergency: bool,
    first_response_at: Option<At>,
    customer_change_at: Option<At>,
    customer_id: Option<i64>,
    email_customer_id: Option<i64>,
    trailer_id: Option<i64>,
    taken_by: Option<String>,
    /// 2 for an emergency still new or contacted, 1 for such an urgent request, else 0: the
    /// inbox shows the higher first.
    pub open_rank: i64,
}

/// `rows` with everything the inbox shows of each, read with one query per kind of thing for
/// all of them.
pub async fn records(db: &Db, rows: Vec<BookingRow>) -> anyhow::Result<Vec<BookingRecord>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut answers = answers(db, &ids).await?;
    let mut photos = photos(db, &ids).await?;
    let mut deliveries = deliveries(db, &ids).await?;
    let mut notes = notes(db, &ids).await?;
    let mut times = appointments::for_bookings(db, &ids).await?;
    let opened = links::reviews_opened(db, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let deliveries = deliveries.remove(&row.id).unwrap_or_default();
            let review =
                deliveries.iter().find(|d| Purpose::parse(&d.purpose) == Some(Purpose::Review)).map(|sent| {
                    ReviewRecord {
                        state: sent.state,
                        sent_at: sent.sent_at,
                        opened_at: opened.get(&row.id).cloned(),
                    }
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
                emergency: row.emergency,
                first_response_at: row.first_response_at,
                customer_change_at: row.customer_change_at,
                customer_id: row.customer_id,
                email_customer_id: row.email_customer_id,
                trailer_id: row.trailer_id,
                taken_by: row.taken_by,
                location: row.location,
                location_city: row.location_city,
                roadside: row.roadside,
                street_address: row.street_address,
                source: row.source,
                photos: photos.remove(&row.id).unwrap_or_default(),
                answers: answers.remove(&row.id).unwrap_or_default(),
                deliveries,
                notes: notes.remove(&row.id).unwrap_or_default(),
                appointment: times.remove(&row.id).map(|time| TimeRecord {
                    kind: time.kind,
                    start: At::from(time.slot.start),
                    end: At::from(time.slot.end),
                    state: time.state,
                    label: String::new(),
                }),
                cancelled_at: row.cancelled_at,
                cancel_reason: row.cancel_reason,
                review,
                other_requests: 0,
                summary: String::new(),
                words: None,
                answered: false,
                open: row.status.is_open() && row.cancelled_at.is_none(),
                map_url: None,
            }
        })
        .collect())
}

/// Gives each answer its short name from the assistant's questions (a service a button named
/// joins the option it picked: "Suspension and Brake Repair (Repairs needed)"), each time its
/// label on the shop's clock, and each booking its line (`Chat::summary`), its customer's words
/// and whether it is answered.
pub fn label(bookings: &mut [BookingRecord], content: &Content) {
    let calendar = Calendar::new(content);
    for booking in bookings.iter_mut() {
        let asked = asked(&booking.answers);
        booking.map_url = job_place(booking.street_address.as_deref(), booking.location.as_deref())
            .map(|place| map_url(&place, content));
        booking.summary = content.chat.summary(&asked).join(" · ");
        booking.words = customer_words(&content.chat, &asked, &booking.details);
        booking.answered = answered(booking.first_response_at, booking.status);
        for step in content.chat.steps.iter().filter(|step| step.named.is_some()) {
            let named = step.named_key();
            let Some(at) = booking.answers.iter().position(|answer| answer.key == named) else {
                continue;
            };
            let service = booking.answers[at].answer.clone();
            if let Some(picked) = booking.answers.iter_mut().find(|answer| answer.key == step.key) {
                picked.answer = format!("{service} ({})", picked.answer);
                booking.answers.remove(at);
            }
        }
        for answer in &mut booking.answers {
            answer.label = content.chat.answer_label(&answer.key).unwrap_or(&answer.question).to_owned();
        }
        if let Some(time) = &mut booking.appointment {
            time.label = calendar.label(Slot { start: time.start.timestamp(), end: time.end.timestamp() });
        }
    }
}

/// What is wrong or what to build in the customer's own words (their answer to the assistant's
/// question about the job), else the details they added; None when they wrote neither.
pub fn customer_words(chat: &Chat, answers: &[Given], details: &str) -> Option<String> {
    let details = Some(details.trim()).filter(|details| !details.is_empty());
    chat.answer_to(Asks::Job, answers).or(details).map(str::to_owned)
}

/// A booking's answers as the assistant's script reads them.
pub fn asked(answers: &[AnswerRecord]) -> Vec<Given> {
    answers
        .iter()
        .map(|row| Given {
            key: row.key.clone(),
            option: row.option.clone(),
            question: row.question.clone(),
            answer: row.answer.clone(),
        })
        .collect()
}

/// Where a mobile job is, in a line: the street address and the place as typed (or the
/// service-area city); None for a request that gave neither.
pub fn job_place(street: Option<&str>, place: Option<&str>) -> Option<String> {
    match (street, place) {
        (Some(street), Some(place)) => Some(format!("{street}, {place}")),
        (street, place) => street.or(place).map(str::to_owned),
    }
}

/// A map search for where a mobile job is (in the shop's state, so a street name finds the right
/// town), for the owner's phone and the crew's calendar.
pub fn map_url(place: &str, content: &Content) -> String {
    let query = format!("{place}, {}", content.business.address.region);
    let encoded: String = url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
    format!("https://www.google.com/maps/search/?api=1&query={encoded}")
}

/// Whether a request is answered: a first response, or a status other than new (set before
/// responses were timed).
pub fn answered(first_response_at: Option<At>, status: BookingStatus) -> bool {
    first_response_at.is_some() || status.answers_request()
}

/// Booking `id` with everything the inbox shows of it (answers labelled, time on the shop's
/// clock), if there is one.
pub async fn one(db: &Db, id: BookingId, content: &Content) -> anyhow::Result<Option<BookingRecord>> {
    let rows: Vec<BookingRow> = with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {} FROM bookings WHERE id = $1", row_columns())))
            .bind(id)
            .fetch_all(pool)
            .await?
    });
    let mut found = records(db, rows).await?;
    label(&mut found, content);
    Ok(found.pop())
}

#[derive(sqlx::FromRow)]
struct AnswerRow {
    booking_id: i64,
    question_key: Option<String>,
    option_key: Option<String>,
    question: String,
    answer: String,
}

/// Each booking's answers in the assistant's order (unlabelled: the caller knows the questions).
pub async fn answers(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<AnswerRecord>>> {
    let grouped = rows_grouped_by!(
        booking_id,
        db,
        ids,
        AnswerRow,
        "question_key, option_key, question, answer",
        "booking_answers",
        "position"
    );
    Ok(each_as(grouped, |row| AnswerRecord {
        label: String::new(),
        question: row.question,
        answer: row.answer,
        key: row.question_key.unwrap_or_default(),
        option: row.option_key,
    }))
}

/// `grouped` with each row made into what the inbox shows.
fn each_as<R, T>(grouped: HashMap<i64, Vec<R>>, record: impl Fn(R) -> T) -> HashMap<i64, Vec<T>> {
    grouped.into_iter().map(|(id, rows)| (id, rows.into_iter().map(&record).collect())).collect()
}

#[derive(sqlx::FromRow)]
pub(super) struct PhotoRow {
    booking_id: i64,
    name: String,
    width: i64,
    height: i64,
    label: Option<PhotoLabel>,
    taken_by: Option<String>,
    shared: bool,
    created_at: At,
}

/// The columns of `booking_photos` a `PhotoRow` reads.
pub(super) const PHOTO_COLUMNS: &str = "booking_id, name, width, height, label, taken_by, shared, created_at";

impl From<PhotoRow> for PhotoRecord {
    fn from(row: PhotoRow) -> Self {
        Self {
            url: format!("{PHOTO_URL_PREFIX}{}", row.name),
            name: row.name,
            width: row.width,
            height: row.height,
            label: row.label,
            from_shop: row.taken_by.is_some(),
            shared: row.shared || row.taken_by.is_none(),
            taken_by: row.taken_by,
            at: row.created_at,
        }
    }
}

/// The photos of each of bookings `ids`, the customer's and the team's, the oldest first, at
/// the admin's addresses.
pub(super) async fn photos(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<PhotoRecord>>> {
    let grouped = rows_grouped_by!(
        booking_id,
        db,
        ids,
        PhotoRow,
        "name, width, height, label, taken_by, shared, created_at",
        "booking_photos",
        "created_at, name"
    );
    Ok(each_as(grouped, PhotoRecord::from))
}

async fn deliveries(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<DeliveryRecord>>> {
    let mut records = each_as(outbox::of_bookings(db, ids).await?, delivery_record);
    // An escalation's page names its member, and how it reached them.
    let paged = |record: &DeliveryRecord| Purpose::paged_member(&record.purpose);
    let mut members: Vec<i64> = records.values().flatten().filter_map(paged).collect();
    members.sort_unstable();
    members.dedup();
    let reach = users::reach(db, &members).await?;
    for record in records.values_mut().flatten() {
        record.to = paged(record)
            .and_then(|member| reach.get(&member))
            .map(|m| m.at(record.channel == Channel::Text));
    }
    Ok(records)
}

fn delivery_record(row: BookedDelivery) -> DeliveryRecord {
    let pending = row.state == DeliveryState::Pending;
    DeliveryRecord {
        channel: row.channel,
        device: row.device,
        purpose: row.purpose,
        state: DeliveryProgress::of(row.state, row.attempts),
        attempts: row.attempts,
        last_error: row.last_error,
        next_attempt_at: pending.then_some(row.next_attempt_at),
        sent_at: row.sent_at,
        to: None,
    }
}

#[derive(sqlx::FromRow)]
struct NoteRow {
    booking_id: i64,
    id: i64,
    body: String,
    written_by: String,
    written_at: At,
    edited_at: Option<At>,
}

/// The notes on each booking, oldest first.
async fn notes(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<NoteRecord>>> {
    let grouped = rows_grouped_by!(
        booking_id,
        db,
        ids,
        NoteRow,
        "id, body, written_by, written_at, edited_at",
        "booking_notes",
        "id"
    );
    Ok(each_as(grouped, |row| NoteRecord {
        id: row.id,
        body: row.body,
        written_by: row.written_by,
        written_at: row.written_at,
        edited_at: row.edited_at,
    }))
}

/// What the customer last said on each of `ids`: the note their own change left ("Asked for
/// another time: ...") or their text ("New reply: ..."), whichever is newer.
pub async fn last_customer_words(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>> {
    let notes = notes(db, ids).await?;
    let mut replies = thread::last_replies(db, ids).await?;
    Ok(ids
        .iter()
        .filter_map(|id| {
            let note = notes
                .get(id)
                .and_then(|notes| notes.iter().rev().find(|note| note.written_by == super::store::VISITOR));
            let words = match (note, replies.remove(id)) {
                (Some(note), Some((at, _))) if note.written_at >= at => note.body.clone(),
                (_, Some((_, reply))) => reply,
                (Some(note), None) => note.body.clone(),
                (None, None) => return None,
            };
            Some((*id, words))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    /// The inbox sorts by the index's own expression, or the index does not serve it.
    #[test]
    fn the_open_rank_is_the_inbox_index_expression_on_both_databases() {
        for migration in [
            include_str!("../../migrations/sqlite/0023_front_desk_truth.sql"),
            include_str!("../../migrations/postgres/0019_front_desk_truth.sql"),
        ] {
            assert!(migration.contains(&format!("({}),", super::open_rank())), "{migration}");
        }
    }
}
