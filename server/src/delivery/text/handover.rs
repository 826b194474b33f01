//! An outgoing text's way to the provider, as the thread records it: the site's own text written
//! as it is handed over (a person's was written before it was queued), marked `sending_at` and
//! committed before the provider is asked, then taken with the provider's id, refused, or
//! withdrawn when it is not to go any more.

use super::thread::TextStatus;
use crate::{clock::At, db::Db, with_db};

/// A text written before it was sent: its words, what it is for, and whether it was handed to
/// the provider with no answer recorded (its instance may have stopped right then).
pub struct Written {
    pub id: i64,
    pub body: String,
    pub purpose: String,
    pub sending: bool,
}

/// Written text `id` did not get through: the provider refused it with `code`.
pub async fn refused(db: &Db, id: i64, code: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET status = 'failed', error_code = $1, updated_at = $2 WHERE id = $3")
            .bind(code.to_string())
            .bind(now)
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

type WrittenRow = (i64, String, Option<String>, Option<At>);

fn to_written((id, body, purpose, sending_at): WrittenRow) -> Written {
    Written { id, body, purpose: purpose.unwrap_or_default(), sending: sending_at.is_some() }
}

/// Text `id` as written, while it waits to be sent.
pub async fn written(db: &Db, id: i64) -> anyhow::Result<Option<Written>> {
    let row: Option<WrittenRow> = with_db!(db, |pool| {
        sqlx::query_as("SELECT id, body, purpose, sending_at FROM texts WHERE id = $1 AND NOT incoming")
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
            "SELECT id, body, purpose, sending_at FROM texts
             WHERE booking_id = $1 AND purpose = $2 AND NOT incoming AND by_email IS NULL AND status = 'waiting'
             ORDER BY id DESC LIMIT 1",
        )
        .bind(booking_id)
        .bind(purpose)
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(to_written))
}

/// Writes the site's own text of `purpose` to `phone` about request `booking_id` as it is handed
/// to the provider (its delivery is the one sending it); its id.
pub async fn prepare(
    db: &Db,
    booking_id: i64,
    phone: &str,
    body: &str,
    purpose: &str,
) -> anyhow::Result<i64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "INSERT INTO texts (booking_id, phone, incoming, body, purpose, status, sending_at, at, updated_at)
             VALUES ($1, $2, FALSE, $3, $4, 'waiting', $5, $5, $5) RETURNING id",
        )
        .bind(booking_id)
        .bind(phone)
        .bind(body)
        .bind(purpose)
        .bind(now)
        .fetch_one(pool)
        .await?
    }))
}

/// Text `id`, as `body`, is being handed to the provider now (committed before it is).
pub async fn sending(db: &Db, id: i64, body: &str) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET body = $1, sending_at = $2, updated_at = $2 WHERE id = $3")
            .bind(body)
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
        sqlx::query("DELETE FROM texts WHERE id = $1 AND sid IS NULL AND by_email IS NULL")
            .bind(id)
            .execute(pool)
            .await?;
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

/// Written text `id` was taken by the provider as `sid`.
pub async fn taken(db: &Db, id: i64, sid: &str, status: TextStatus) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE texts SET sid = $1, status = $2, updated_at = $3 WHERE id = $4")
            .bind(sid)
            .bind(status.as_str())
            .bind(now)
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}
