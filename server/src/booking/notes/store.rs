//! The admin's notes on a booking, stored: added (with the request's history, as a response to
//! it), and changed or deleted by their author.

use crate::audit::{AuditWrites as _, Line};
use crate::booking::{
    events::{Event, EventWrites as _},
    views::NoteRecord,
};
use crate::{
    db::Db,
    domain::{BookingId, NoteId},
    with_db,
};

/// Adds a note by the admin `line` names to booking `id`, which answers the request (its first
/// response, if it is the first), with `line` in the audit log, in one transaction; None when
/// there is no such booking.
pub async fn add(
    db: &Db,
    BookingId(id): BookingId,
    body: &str,
    line: &Line<'_>,
) -> anyhow::Result<Option<NoteRecord>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let note: Option<NoteRecord> = sqlx::query_as(
            "INSERT INTO booking_notes (booking_id, body, written_by, written_at)
             SELECT id, $2, $3, $4 FROM bookings WHERE id = $1
             RETURNING id, body, written_by, written_at, edited_at",
        )
        .bind(id)
        .bind(body)
        .bind(line.actor.email)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        if note.is_none() {
            return Ok(None);
        }
        tx.record_event(id, Event::Note, line.actor.email, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(note)
    })
}

/// Who wrote note `note` of booking `id`, if it is there.
pub async fn author(db: &Db, id: BookingId, note: NoteId) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT written_by FROM booking_notes WHERE id = $1 AND booking_id = $2")
            .bind(note)
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// Replaces the text of note `note` of booking `id`, when the admin `line` names wrote it, with
/// `line` in the audit log, in one transaction; the note as it is now.
pub async fn change(
    db: &Db,
    id: BookingId,
    note: NoteId,
    body: &str,
    line: &Line<'_>,
) -> anyhow::Result<Option<NoteRecord>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let changed: Option<NoteRecord> = sqlx::query_as(
            "UPDATE booking_notes SET body = $1, edited_at = $2 WHERE id = $3 AND booking_id = $4 AND written_by = $5
             RETURNING id, body, written_by, written_at, edited_at",
        )
        .bind(body)
        .bind(now)
        .bind(note)
        .bind(id)
        .bind(line.actor.email)
        .fetch_optional(&mut *tx)
        .await?;
        if changed.is_some() {
            tx.audit(line, &now).await?;
            tx.commit().await?;
        }
        Ok(changed)
    })
}

/// Deletes note `note` of booking `id`, when the admin `line` names wrote it, with `line` in the
/// audit log, in one transaction; whether it did.
pub async fn delete(db: &Db, id: BookingId, note: NoteId, line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let deleted =
            sqlx::query("DELETE FROM booking_notes WHERE id = $1 AND booking_id = $2 AND written_by = $3")
                .bind(note)
                .bind(id)
                .bind(line.actor.email)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if deleted == 0 {
            return Ok(false);
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}
