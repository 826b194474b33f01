//! Every text, sent or received, kept in the thread of its request: what the request page shows,
//! and what the status callbacks move along.

use std::future::Future;

use serde::Serialize;

use super::status::TextStatus;

use crate::{
    clock::At,
    db::Db,
    delivery::{BookingChannel, Purpose, store::OutboxWrites as _},
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
    /// Who wrote an outgoing text; none for the site's own and the customer's.
    pub by_email: Option<String>,
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO texts (booking_id, phone, incoming, body, purpose, by_email, status, at, updated_at)
             VALUES ($1, $2, FALSE, $3, $4, $5, 'waiting', $6, $6) RETURNING id",
        )
        .bind(booking_id)
        .bind(phone)
        .bind(body)
        .bind(purpose)
        .bind(by)
        .bind(now)
        .fetch_one(&mut *self)
        .await?;
        self.enqueue(booking_id, BookingChannel::Text, Purpose::Text(id), now, now).await?;
        Ok(id)
    }

    async fn receive_text(&mut self, booking_id: Option<i64>, phone: &str, (body, keyword): (&str, Option<&str>), sid: &str, now: &At) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar(
            "INSERT INTO texts (booking_id, phone, incoming, body, purpose, sid, status, at, updated_at)
             VALUES ($1, $2, TRUE, $3, $4, $5, 'received', $6, $6) ON CONFLICT (sid) DO NOTHING RETURNING id",
        )
        .bind(booking_id)
        .bind(phone)
        .bind(body)
        .bind(keyword)
        .bind(sid)
        .bind(now)
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

/// Moves text `sid` to `status` (with the provider's error code), never back. Whether a text
/// with that id was found.
pub async fn update_status(
    db: &Db,
    sid: &str,
    status: TextStatus,
    error_code: Option<&str>,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let found: Option<TextStatus> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT status FROM texts WHERE sid = $1 AND NOT incoming")
            .bind(sid)
            .fetch_optional(pool)
            .await?
    });
    let Some(current) = found else { return Ok(false) };
    if status.rank() < current.rank() {
        return Ok(true);
    }
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET status = $1, error_code = COALESCE($2, error_code), updated_at = $3 WHERE sid = $4")
            .bind(status.as_str())
            .bind(error_code)
            .bind(now)
            .bind(sid)
            .execute(pool)
            .await?;
    });
    Ok(true)
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
         WHERE incoming AND (purpose IS NULL OR purpose = '{KEYWORD_STOP_IN_WORDS}') AND booking_id IN ({}) ORDER BY id",
        crate::db::placeholders(ids.len()),
    ));
    let rows: Vec<(i64, At, String, Option<String>)> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql);
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

/// Request `booking_id`'s texts, oldest first.
pub async fn of_booking(db: &Db, booking_id: i64) -> anyhow::Result<Vec<Text>> {
    let mut texts: Vec<Text> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, incoming, body, by_email, status, error_code, at FROM texts WHERE booking_id = $1 ORDER BY id",
        )
        .bind(booking_id)
        .fetch_all(pool)
        .await?
    });
    for text in &mut texts {
        text.problem = text.error_code.as_deref().map(super::explain);
    }
    Ok(texts)
}

/// How many texts went to `phone` since `since` (those the provider took; one still waiting is
/// not counted).
pub async fn sent_since(db: &Db, phone: &str, since: At) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM texts WHERE phone = $1 AND NOT incoming AND sid IS NOT NULL AND at >= $2",
        )
        .bind(phone)
        .bind(since)
        .fetch_one(pool)
        .await?
    }))
}
