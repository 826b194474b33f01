//! The admin's notes on a booking, stored: added (with the request's history, as a response to
//! it), and changed or deleted by their author.

use super::{
    events::{Event, EventWrites as _},
    views::NoteRecord,
};
use crate::{
    db::Db,
    domain::{BookingId, NoteId},
    with_db,
};

/// Adds a note by `by` to booking `id`, which answers the request (its first response, if it is
/// the first), in one transaction; None when there is no such booking.
pub async fn add(
    db: &Db,
    BookingId(id): BookingId,
    body: &str,
    by: &str,
) -> anyhow::Result<Option<NoteRecord>> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let note = sqlx::query_as(
            "INSERT INTO booking_notes (booking_id, body, written_by, written_at)
             SELECT id, $2, $3, $4 FROM bookings WHERE id = $1
             RETURNING id, body, written_by, written_at, edited_at",
        )
        .bind(id)
        .bind(body)
        .bind(by)
        .bind(db.clock.stamp())
        .fetch_optional(&mut *tx)
        .await?;
        tx.record_event(id, Event::Note, by, &now).await?;
        tx.commit().await?;
        note
    }))
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

/// Replaces the text of note `note` of booking `id`, when `by` wrote it; the note as it is now.
pub async fn change(
    db: &Db,
    id: BookingId,
    note: NoteId,
    body: &str,
    by: &str,
) -> anyhow::Result<Option<NoteRecord>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "UPDATE booking_notes SET body = $1, edited_at = $2 WHERE id = $3 AND booking_id = $4 AND written_by = $5
             RETURNING id, body, written_by, written_at, edited_at",
        )
        .bind(body)
        .bind(db.clock.stamp())
        .bind(note)
        .bind(id)
        .bind(by)
        .fetch_optional(pool)
        .await?
    }))
}

/// Deletes note `note` of booking `id`, when `by` wrote it; whether it did.
pub async fn delete(db: &Db, id: BookingId, note: NoteId, by: &str) -> anyhow::Result<bool> {
    let deleted = with_db!(db, |pool| {
        sqlx::query("DELETE FROM booking_notes WHERE id = $1 AND booking_id = $2 AND written_by = $3")
            .bind(note)
            .bind(id)
            .bind(by)
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(deleted > 0)
}
