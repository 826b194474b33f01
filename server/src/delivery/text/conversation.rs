//! Texts with a number that no request has: a conversation the owner sees on Today ("New text
//! from (720) 555-0199"), answers, and files under a request (a customer's, or one made from it).
//! Nothing a number texts is dropped. The owner's answers go out as jobs (`Answer`): only to a
//! number that has not stopped texts, never at night, at most the day's limit.

use std::{future::Future, sync::Arc};

use serde::{Deserialize, Serialize};

use super::{
    consent, handover,
    outgoing::taken_before,
    quiet_until,
    status::TextStatus,
    thread::{self, Text},
};
use crate::{
    clock::At,
    db::Db,
    delivery::Outbox,
    domain::Phone,
    for_both_connections,
    queue::{Job, JobWrites as _, Ran},
    with_db,
};

/// What a path naming a number with no texts, or no number, hears (404).
pub const NO_SUCH_NUMBER: &str = "There are no texts with this number.";

/// Conversations shown at once, the newest first.
const SHOWN: usize = 20;

/// A number's conversation in one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewNumber {
    /// Its ten digits: the conversation's address in the admin.
    pub number: String,
    /// As people write it: "(720) 555-0199".
    pub phone: String,
    /// The newest text, theirs or the shop's.
    pub last: String,
    pub last_incoming: bool,
    pub at: At,
    /// How many texts it holds.
    pub texts: i64,
}

#[derive(sqlx::FromRow)]
struct NumberRow {
    phone: String,
    body: String,
    incoming: bool,
    at: At,
    texts: i64,
}

/// The conversations with numbers no request has (those that texted the shop), the newest first,
/// `SHOWN` at most; and how many there are.
pub async fn new_numbers(db: &Db) -> anyhow::Result<(Vec<NewNumber>, i64)> {
    let rows: Vec<NumberRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT t.phone, t.body, t.incoming, t.at, n.texts FROM texts t
             JOIN (SELECT MAX(id) AS last_id, COUNT(*) AS texts FROM texts
                   WHERE booking_id IS NULL AND member_id IS NULL GROUP BY phone
                   HAVING SUM(CASE WHEN incoming THEN 1 ELSE 0 END) > 0) n ON t.id = n.last_id
             ORDER BY t.id DESC",
        )
        .fetch_all(pool)
        .await?
    });
    let total = i64::try_from(rows.len()).unwrap_or(i64::MAX);
    let shown = rows
        .into_iter()
        .take(SHOWN)
        .filter_map(|row| {
            let phone = Phone::parse(&row.phone).ok()?;
            Some(NewNumber {
                number: phone.national(),
                phone: phone.display(),
                last: row.body,
                last_incoming: row.incoming,
                at: row.at,
                texts: row.texts,
            })
        })
        .collect();
    Ok((shown, total))
}

/// The texts with `phone` (E.164) that no request has, oldest first.
pub async fn of_number(db: &Db, phone: &str) -> anyhow::Result<Vec<Text>> {
    let texts = with_db!(db, |pool| {
        sqlx::query_as(thread::texts_where("phone = $1 AND booking_id IS NULL"))
            .bind(phone)
            .fetch_all(pool)
            .await?
    });
    Ok(thread::explained(texts))
}

/// Writes the text `body` that `by` (their e-mail) sends to `phone` (E.164), a number no request
/// has, with the job that sends it, in one transaction; its id. Wake the outbox after.
pub async fn answer(db: &Db, phone: &str, body: &str, by: &str) -> anyhow::Result<i64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = tx.write_to_number(phone, body, (None, Some(by)), &now).await?;
        tx.commit().await?;
        id
    }))
}

/// A number's conversation inside the caller's transaction.
pub trait ConversationWrites {
    /// Files the texts with `phone` (E.164) that no request has under request `booking_id`; how
    /// many.
    fn file_under(&mut self, phone: &str, booking_id: i64) -> impl Future<Output = sqlx::Result<u64>> + Send;

    /// Writes the text `body` to `phone` (E.164), a number no request has, with the job that
    /// sends it; `(purpose, by)`: the answer to a keyword it is (`thread::ANSWERS`), else the
    /// e-mail of the member who wrote it. Its id.
    fn write_to_number(
        &mut self,
        phone: &str,
        body: &str,
        from: (Option<&str>, Option<&str>),
        now: &At,
    ) -> impl Future<Output = sqlx::Result<i64>> + Send;

    /// Deletes request `booking_id`'s texts, sent, received or waiting, and its "received" text
    /// if it is still due (its customer's data was erased).
    fn erase_texts_of(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Deletes the texts with `phone` (E.164) that no request has (the team's own stay).
    fn erase_texts_with(&mut self, phone: &str) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl ConversationWrites {
    async fn file_under(&mut self, phone: &str, booking_id: i64) -> sqlx::Result<u64> {
        Ok(sqlx::query("UPDATE texts SET booking_id = $2 WHERE phone = $1 AND booking_id IS NULL AND member_id IS NULL")
            .bind(phone)
            .bind(booking_id)
            .execute(&mut *self)
            .await?
            .rows_affected())
    }

    async fn write_to_number(
        &mut self,
        phone: &str,
        body: &str,
        (purpose, by): (Option<&str>, Option<&str>),
        now: &At,
    ) -> sqlx::Result<i64> {
        let id: i64 = sqlx::query_scalar(thread::WRITE_OUTGOING)
        .bind(None::<i64>)
        .bind(phone)
        .bind(body)
        .bind(purpose)
        .bind(by)
        .bind(now)
        .bind(TextStatus::Waiting)
        .fetch_one(&mut *self)
        .await?;
        self.enqueue(&Answer { text: id }, None, now, now).await?;
        Ok(id)
    }

    async fn erase_texts_of(&mut self, booking_id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM texts WHERE booking_id = $1").bind(booking_id).execute(&mut *self).await?;
        sqlx::query("DELETE FROM received_texts_due WHERE booking_id = $1").bind(booking_id).execute(&mut *self).await?;
        Ok(())
    }

    async fn erase_texts_with(&mut self, phone: &str) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM texts WHERE phone = $1 AND booking_id IS NULL AND member_id IS NULL")
            .bind(phone)
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});

/// A text to a number no request has (the text names it: the owner's answer, or the answer to
/// the number's keyword), waiting to be sent.
#[derive(Serialize, Deserialize)]
pub struct Answer {
    pub text: i64,
}

impl Job for Answer {
    const KIND: &'static str = "text-to-number";
    type Context = Arc<Outbox>;

    async fn run(self, outbox: Arc<Outbox>) -> anyhow::Result<Ran> {
        outbox.answer_number(self.text).await
    }

    async fn given_up(self, outbox: Arc<Outbox>, error: String) -> anyhow::Result<()> {
        tracing::warn!(text = self.text, "An answer to a number was given up: {error}");
        handover::refused(outbox.db(), self.text, "given-up").await
    }
}

impl Outbox {
    /// Sends text `id` to the number it was written to: the owner's answer at once, or in the
    /// morning when it is night on the shop's clock, not to a number that stopped texts or got
    /// the day's limit; the answer to the number's keyword at once.
    async fn answer_number(&self, id: i64) -> anyhow::Result<Ran> {
        let sender = self.text.as_ref().ok_or_else(|| anyhow::anyhow!("text delivery is not configured"))?;
        let Some(written) = handover::written(&self.reader, id).await? else {
            return Ok(Ran::Done);
        };
        let phone = written.phone.as_str();
        if written.sending
            && let Some(listed) = taken_before(sender, &self.reader, phone, &written.body).await?
        {
            let status = TextStatus::from_provider(&listed.status).unwrap_or(TextStatus::Queued);
            handover::taken(&self.db, &handover::Taken { id, sid: listed.sid, status }).await?;
            return Ok(Ran::Done);
        }
        // The answer to the number's keyword goes at once, also to a number that just stopped.
        if !super::thread::ANSWERS.contains(&written.purpose.as_str()) {
            if consent::stopped(&self.reader, phone).await? {
                handover::refused(&self.db, id, super::NOT_AGREED).await?;
                return Ok(Ran::Done);
            }
            let zone = self.site.content().business.zone();
            if let Some(morning) = quiet_until(self.db.clock.now(), &zone)? {
                return Ok(Ran::Later(morning));
            }
            let today = super::today_began(self.db.clock.now(), &zone)?;
            if super::thread::sent_since(&self.reader, phone, today).await? >= i64::from(super::DAILY_LIMIT) {
                handover::refused(&self.db, id, super::OVER_THE_LIMIT).await?;
                return Ok(Ran::Done);
            }
        }
        handover::sending(&self.db, id).await?;
        if let Ok(taken) = handover::send(&self.db, sender, id, phone, &written.body).await? {
            handover::taken(&self.db, &taken).await?;
        }
        Ok(Ran::Done)
    }
}
