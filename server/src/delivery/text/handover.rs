//! An outgoing text's way to the provider, as the thread records it: the site's own text written
//! as it is handed over (a person's was written before it was queued), marked `sending_at` and
//! committed before the provider is asked, then taken with the provider's id (as its delivery is
//! marked sent), refused, or withdrawn when it is not to go any more.

use std::future::Future;

use super::{TextSender, Undeliverable, status::TextStatus};
use crate::{clock::At, db::Db, for_both_connections, with_db};

/// A text written before it was sent: its words, what it is for, and whether it was handed to
/// the provider with no answer recorded (its instance may have stopped right then).
pub struct Written {
    pub id: i64,
    /// The number it goes to (E.164): a person's text goes where the customer last wrote from.
    pub phone: String,
    pub body: String,
    pub purpose: String,
    pub sending: bool,
}

/// Writes the site's own text `draft` as it is handed to the provider (`Handover::hand_over`),
/// committed before the provider is asked; its id.
pub async fn write(db: &Db, draft: &Draft<'_>, replacing: Option<i64>) -> anyhow::Result<i64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = tx.hand_over(draft, replacing, &now).await?;
        tx.commit().await?;
        id
    }))
}

/// Sends written text `id` to `phone`: what the provider took, or its refusal that no retry
/// changes (recorded on the text). Any other failure is an error, for the delivery to retry.
pub async fn send(
    db: &Db,
    sender: &TextSender,
    id: i64,
    phone: &str,
    body: &str,
) -> anyhow::Result<Result<Taken, Undeliverable>> {
    match sender.send(phone, body).await {
        Ok(accepted) => {
            let status = TextStatus::from_provider(&accepted.status).unwrap_or(TextStatus::Queued);
            Ok(Ok(Taken { id, sid: accepted.sid, status }))
        }
        Err(error) => {
            let refusal = error.downcast::<Undeliverable>()?;
            refused(db, id, &refusal.code.to_string()).await?;
            Ok(Err(refusal))
        }
    }
}

/// Written text `id` did not get through: the provider refused it with `code`, or we did not send
/// it (`super::NOT_AGREED`, `super::OVER_THE_LIMIT`).
pub async fn refused(db: &Db, id: i64, code: &str) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET status = $4, error_code = $1, updated_at = $2 WHERE id = $3")
            .bind(code)
            .bind(now)
            .bind(id)
            .bind(TextStatus::Failed)
            .execute(pool)
            .await?;
    });
    Ok(())
}

type WrittenRow = (i64, String, String, Option<String>, Option<At>);

fn to_written((id, phone, body, purpose, sending_at): WrittenRow) -> Written {
    Written { id, phone, body, purpose: purpose.unwrap_or_default(), sending: sending_at.is_some() }
}

/// Text `id` as written, while it waits to be sent.
pub async fn written(db: &Db, id: i64) -> anyhow::Result<Option<Written>> {
    let row: Option<WrittenRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, phone, body, purpose, sending_at FROM texts WHERE id = $1 AND NOT incoming",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(to_written))
}

/// The site's own text of `purpose` to request `booking_id`, when an earlier try wrote it and
/// the provider has not taken it.
pub async fn unsent(db: &Db, booking_id: i64, purpose: &str) -> anyhow::Result<Option<Written>> {
    let row: Option<WrittenRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, phone, body, purpose, sending_at FROM texts
             WHERE booking_id = $1 AND purpose = $2 AND NOT incoming AND by_email IS NULL AND status = $3
             ORDER BY id DESC LIMIT 1",
        )
        .bind(booking_id)
        .bind(purpose)
        .bind(TextStatus::Waiting)
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(to_written))
}

/// A person's text `id` is being handed to the provider now (committed before it is).
pub async fn sending(db: &Db, id: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET sending_at = $1, updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Removes the site's own text `id`, which the provider never took, when it is not to be sent
/// any more (the time changed, the customer stopped texts).
pub async fn withdraw(db: &Db, id: i64) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.withdraw_text(id).await?;
    });
    Ok(())
}

/// The provider took a text that no delivery sends (an answer to a number: a job's).
pub async fn taken(db: &Db, taken: &Taken) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.record_taken(taken, &now).await?;
    });
    Ok(())
}

/// Whether a text with the provider's id `sid` is in a thread.
pub async fn known(db: &Db, sid: &str) -> anyhow::Result<bool> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM texts WHERE sid = $1)")
            .bind(sid)
            .fetch_one(pool)
            .await?
    }))
}

/// A text the provider took, as `sid`: recorded in its thread as its delivery is marked sent.
pub struct Taken {
    pub id: i64,
    pub sid: String,
    pub status: TextStatus,
}

/// The site's own text to `phone` about request `booking_id`, as it is written: to its customer,
/// or to a member of the team (an escalation's page).
pub struct Draft<'a> {
    pub booking_id: i64,
    pub phone: &'a str,
    pub body: &'a str,
    pub purpose: &'a str,
    pub member: Option<i64>,
}

/// A text's record in its thread, inside the caller's transaction.
pub trait Handover {
    /// Writes the site's own text of `purpose` to `phone` about request `booking_id` as it is
    /// handed to the provider (its delivery is the one sending it), in place of the unsent one
    /// `replacing` an earlier try wrote; its id.
    fn hand_over(
        &mut self,
        draft: &Draft<'_>,
        replacing: Option<i64>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<i64>> + Send;
    /// Removes the site's own text `id`, which the provider never took.
    fn withdraw_text(&mut self, id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;
    /// The provider took the text.
    fn record_taken(&mut self, taken: &Taken, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl Handover {
    async fn hand_over(&mut self, draft: &Draft<'_>, replacing: Option<i64>, now: &At) -> sqlx::Result<i64> {
        if let Some(earlier) = replacing {
            self.withdraw_text(earlier).await?;
        }
        sqlx::query_scalar(
            "INSERT INTO texts (booking_id, phone, incoming, body, purpose, status, sending_at, at, updated_at, member_id)
             VALUES ($1, $2, FALSE, $3, $4, $7, $5, $5, $5, $6) RETURNING id",
        )
        .bind(draft.booking_id)
        .bind(draft.phone)
        .bind(draft.body)
        .bind(draft.purpose)
        .bind(now)
        .bind(draft.member)
        .bind(TextStatus::Waiting)
        .fetch_one(&mut *self)
        .await
    }

    async fn withdraw_text(&mut self, id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM texts WHERE id = $1 AND sid IS NULL AND by_email IS NULL")
            .bind(id)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn record_taken(&mut self, taken: &Taken, now: &At) -> sqlx::Result<()> {
        sqlx::query("UPDATE texts SET sid = $1, status = $2, updated_at = $3 WHERE id = $4")
            .bind(&taken.sid)
            .bind(taken.status.as_str())
            .bind(now)
            .bind(taken.id)
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});
