//! Every text, sent or received, kept in the thread of its request: what the request page shows,
//! and what the status callbacks move along.

use std::future::Future;

use serde::Serialize;

use super::status::TextStatus;

use crate::{
    auth::users,
    clock::At,
    db::Db,
    delivery::{BookingChannel, Channel, DeliveryState, Purpose, store::OutboxWrites as _},
    for_both_connections, with_db,
};

/// A text in a request's thread.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Text {
    pub id: i64,
    /// From the customer (else from the shop).
    pub incoming: bool,
    pub body: String,
    /// Who wrote an outgoing text, by name (their e-mail when they have none); none for the
    /// site's own and the customer's.
    pub sent_by: Option<String>,
    pub status: TextStatus,
    /// Why it did not arrive, in words, when the provider gave an error code.
    #[sqlx(skip)]
    pub problem: Option<&'static str>,
    #[serde(skip)]
    pub error_code: Option<String>,
    pub at: At,
}

/// What a customer's keyword text is kept as: a stop (a word the providers know, or plain words
/// asking to stop), a start, or a request for help. Their own words are kept as None.
pub const KEYWORD_STOP: &str = "stop";
pub const KEYWORD_STOP_IN_WORDS: &str = "stop-in-words";
pub const KEYWORD_START: &str = "start";
pub const KEYWORD_HELP: &str = "help";

/// An outgoing text, waiting to be sent: its request (none for a number no request has), phone,
/// body, purpose, the member who wrote it, its time and its status ($1 to $7); its id.
pub(super) const WRITE_OUTGOING: &str =
    "INSERT INTO texts (booking_id, phone, incoming, body, purpose, by_email, status, at, updated_at)
     VALUES ($1, $2, FALSE, $3, $4, $5, $7, $6, $6) RETURNING id";

/// A text to `phone` about request `booking_id` (`by` a person, or the site's answer to a
/// keyword), written and queued inside the caller's transaction; its id.
pub trait TextWrites {
    fn write_text(
        &mut self,
        booking_id: i64,
        phone: &str,
        body: &str,
        purpose: &str,
        by: Option<&str>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<i64>> + Send;

    /// A customer's text `sid` from `phone`, into the thread of `booking_id` (the number's newest
    /// request, if it has one), with the keyword it is (`KEYWORD_*`) or None for their own words;
    /// its id, or None when the provider posted it before (a retry).
    fn receive_text(
        &mut self,
        booking_id: Option<i64>,
        phone: &str,
        said: (&str, Option<&str>),
        sid: &str,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;
}

for_both_connections!(impl TextWrites {
    async fn write_text(&mut self, booking_id: i64, phone: &str, body: &str, purpose: &str, by: Option<&str>, now: &At) -> sqlx::Result<i64> {
        let id: i64 = sqlx::query_scalar(WRITE_OUTGOING)
        .bind(booking_id)
        .bind(phone)
        .bind(body)
        .bind(purpose)
        .bind(by)
        .bind(now)
        .bind(TextStatus::Waiting)
        .fetch_one(&mut *self)
        .await?;
        self.enqueue(booking_id, BookingChannel::Text, Purpose::Text(id), now, now).await?;
        Ok(id)
    }

    async fn receive_text(&mut self, booking_id: Option<i64>, phone: &str, (body, keyword): (&str, Option<&str>), sid: &str, now: &At) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar(
            "INSERT INTO texts (booking_id, phone, incoming, body, purpose, sid, status, at, updated_at)
             VALUES ($1, $2, TRUE, $3, $4, $5, $7, $6, $6) ON CONFLICT (sid) DO NOTHING RETURNING id",
        )
        .bind(booking_id)
        .bind(phone)
        .bind(body)
        .bind(keyword)
        .bind(sid)
        .bind(now)
        .bind(TextStatus::Received)
        .fetch_optional(&mut *self)
        .await
    }

});

/// Writes and queues a text on its own (`TextWrites::write_text`); its id.
pub async fn write(
    db: &Db,
    booking_id: i64,
    phone: &str,
    body: &str,
    purpose: &str,
    by: Option<&str>,
) -> anyhow::Result<i64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = tx.write_text(booking_id, phone, body, purpose, by, &now).await?;
        tx.commit().await?;
        id
    }))
}

/// A text whose status moved, as far as it matters beyond its thread.
pub enum Moved {
    /// No text has that id.
    Unknown,
    /// An escalation's page to a member that did not arrive, about the request given.
    PageFailed(i64),
    Other,
}

/// A text we sent, as its status callback finds it.
#[derive(sqlx::FromRow)]
struct SentText {
    id: i64,
    status: TextStatus,
    /// None for an answer to a number no request has.
    booking_id: Option<i64>,
    purpose: Option<String>,
    member_id: Option<i64>,
}

/// Moves text `sid` to `status` (with the provider's error code), never back.
pub async fn update_status(
    db: &Db,
    sid: &str,
    status: TextStatus,
    error_code: Option<&str>,
) -> anyhow::Result<Moved> {
    let now = db.clock.stamp();
    let found: Option<SentText> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, status, booking_id, purpose, member_id FROM texts WHERE sid = $1 AND NOT incoming",
        )
        .bind(sid)
        .fetch_optional(pool)
        .await?
    });
    let Some(SentText { id, status: current, booking_id, purpose, member_id: member }) = found else {
        return Ok(Moved::Unknown);
    };
    if status.rank() < current.rank() {
        return Ok(Moved::Other);
    }
    // Failed now, not before (the provider may post a status twice).
    let newly_failed =
        matches!(status, TextStatus::Failed | TextStatus::Undelivered) && current.rank() < status.rank();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE texts SET status = $1, error_code = COALESCE($2, error_code), updated_at = $3 WHERE sid = $4")
            .bind(status.as_str())
            .bind(error_code)
            .bind(now)
            .bind(sid)
            .execute(&mut *tx)
            .await?;
        if newly_failed && let Some(booking_id) = booking_id {
            // Its delivery (a person's text is queued as `text-{id}`, the site's own under its
            // purpose) did not get through after all: Today lists it with the carrier's reason.
            sqlx::query(
                "UPDATE deliveries SET state = $6, last_error = $4, last_error_at = $5
                 WHERE booking_id = $1 AND channel = $7 AND purpose IN ($2, $3)",
            )
            .bind(booking_id)
            .bind(Purpose::Text(id).key())
            .bind(purpose.unwrap_or_default())
            .bind(super::explain(error_code.unwrap_or_default()))
            .bind(now)
            .bind(DeliveryState::Dead)
            .bind(Channel::Text)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    });
    Ok(match (member, booking_id) {
        (Some(_), Some(booking_id)) if newly_failed => Moved::PageFailed(booking_id),
        _ => Moved::Other,
    })
}

/// The newest text in the customer's own words of each of the bookings `ids` that has one (not a
/// keyword, but a stop in plain words): when, and what Today says of it.
pub async fn last_replies(
    db: &Db,
    ids: &[i64],
) -> anyhow::Result<std::collections::HashMap<i64, (At, String)>> {
    if ids.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT booking_id, at, body, purpose FROM texts
         WHERE incoming AND (purpose IS NULL OR purpose = $1) AND booking_id IN ({}) ORDER BY id",
        crate::db::placeholders_from(2, ids.len()),
    ));
    let rows: Vec<(i64, At, String, Option<String>)> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql).bind(KEYWORD_STOP_IN_WORDS);
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    });
    // Oldest first: the newest of each booking is the one kept.
    Ok(rows
        .into_iter()
        .map(|(id, at, body, keyword)| {
            let words = if keyword.is_some() {
                format!("Stopped texts: \u{201c}{body}\u{201d}")
            } else {
                format!("New reply: {body}")
            };
            (id, (at, words))
        })
        .collect())
}

/// Request `booking_id`'s texts with its customer, oldest first (not the team's pages about it).
pub async fn of_booking(db: &Db, booking_id: i64) -> anyhow::Result<Vec<Text>> {
    let texts = with_db!(db, |pool| {
        sqlx::query_as(texts_where("booking_id = $1")).bind(booking_id).fetch_all(pool).await?
    });
    Ok(explained(texts))
}

/// The query of the texts with a customer (not the team's pages) that also meet `filter`, oldest
/// first, in `Text`'s columns.
pub(super) fn texts_where(filter: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!(
        "SELECT id, incoming, body, {} AS sent_by, status, error_code, at
         FROM texts WHERE {filter} AND member_id IS NULL ORDER BY id",
        users::name_or_address("by_email")
    ))
}

/// `texts`, each failed one with the owner's reading of its error code.
pub(super) fn explained(mut texts: Vec<Text>) -> Vec<Text> {
    for text in &mut texts {
        text.problem = text.error_code.as_deref().map(super::explain);
    }
    texts
}

/// The purposes of the texts that answer a customer's keyword: they go at once, whatever the hour
/// and the day's count (they are not counted in it), and the answer to a stop goes to the number
/// that just stopped (one confirmation is allowed).
pub const ANSWERS: [&str; 3] = ["stopped", "started", "help"];

/// How many texts went to `phone` since `since` (those the provider took; one still waiting is
/// not counted, nor an answer to the customer's keyword: `ANSWERS`).
pub async fn sent_since(db: &Db, phone: &str, since: At) -> anyhow::Result<i64> {
    let sql = format!(
        "SELECT COUNT(*) FROM texts WHERE phone = $1 AND NOT incoming AND sid IS NOT NULL AND at >= $2
         AND (purpose IS NULL OR purpose NOT IN ({}))",
        crate::db::placeholders_from(3, ANSWERS.len())
    );
    Ok(with_db!(db, |pool| {
        let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(phone).bind(since);
        for answer in ANSWERS {
            query = query.bind(answer);
        }
        query.fetch_one(pool).await?
    }))
}

/// The number (E.164) that last texted into request `booking_id`'s thread, if any: a customer
/// may text from another phone than the request's, and is answered where they wrote from.
pub async fn last_texted_from(db: &Db, booking_id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT phone FROM texts WHERE booking_id = $1 AND incoming ORDER BY id DESC LIMIT 1",
        )
        .bind(booking_id)
        .fetch_optional(pool)
        .await?
    }))
}

/// Whether the carrier reported `phone` opted out of our texts (error 21610) since the number last
/// agreed to them (its customer may text START to the carrier's number to end it).
pub async fn carrier_opted_out(db: &Db, phone: &str) -> anyhow::Result<bool> {
    let (refused, agreed): (Option<At>, Option<At>) = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT (SELECT MAX(updated_at) FROM texts WHERE phone = $1 AND NOT incoming AND error_code = $2),
                    (SELECT MAX(at) FROM text_consents WHERE phone = $1 AND given)",
        )
        .bind(phone)
        .bind(super::CARRIER_OPTED_OUT)
        .fetch_one(pool)
        .await?
    });
    Ok(refused.is_some_and(|refused| agreed.is_none_or(|agreed| agreed < refused)))
}
