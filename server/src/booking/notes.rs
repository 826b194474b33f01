//! The admin's notes on a booking: `POST /api/admin/bookings/{id}/notes`, and the notes the
//! inbox shows with each booking.

use std::{collections::HashMap, future::Future};

use axum::{
    Json,
    extract::{
        Path, State,
        rejection::{JsonRejection, PathRejection},
    },
    http::StatusCode,
};
use serde::{Deserialize, Serialize};

use super::records::for_each_booking;

use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    clock,
    db::Db,
    error::ApiError,
    for_both_connections, with_db,
};

/// The longest note, in characters.
const MAX_CHARS: usize = 2000;

/// A note as the inbox shows it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteRecord {
    pub id: i64,
    pub body: String,
    /// The e-mail of the admin who wrote it, or the customer when they changed the request.
    pub written_by: String,
    pub written_at: String,
}

/// Writes a note inside the caller's transaction (a change the visitor made with their link).
pub trait NoteWrites {
    fn add_note(
        &mut self,
        booking_id: i64,
        body: &str,
        by: &str,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl NoteWrites {
    async fn add_note(&mut self, booking_id: i64, body: &str, by: &str) -> sqlx::Result<()> {
        sqlx::query("INSERT INTO booking_notes (booking_id, body, written_by, written_at) VALUES ($1, $2, $3, $4)")
            .bind(booking_id)
            .bind(body)
            .bind(by)
            .bind(clock::now())
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});

#[derive(sqlx::FromRow)]
struct NoteRow {
    booking_id: i64,
    id: i64,
    body: String,
    written_by: String,
    written_at: String,
}

/// The notes on each of the bookings `ids`, oldest first.
pub async fn for_bookings(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<NoteRecord>>> {
    let grouped =
        for_each_booking!(db, ids, NoteRow, "id, body, written_by, written_at", "booking_notes", "id");
    Ok(grouped
        .into_iter()
        .map(|(id, rows)| {
            let notes = rows.into_iter().map(|row| NoteRecord {
                id: row.id,
                body: row.body,
                written_by: row.written_by,
                written_at: row.written_at,
            });
            (id, notes.collect())
        })
        .collect())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewNote {
    /// What to note, 1 to 2000 characters.
    body: String,
}

/// `POST /api/admin/bookings/{id}/notes`.
#[utoipa::path(
    post,
    path = "/bookings/{id}/notes",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = NewNote,
    responses(
        (status = 201, description = "The note as stored.", body = NoteRecord),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn add(
    State(db): State<Db>,
    admin: Admin,
    id: Result<Path<i64>, PathRejection>,
    body: Result<Json<NewNote>, JsonRejection>,
) -> Result<(StatusCode, Json<NoteRecord>), ApiError> {
    let Path(id) = id?;
    let Json(NewNote { body }) = body?;
    let body = body.trim();
    if body.is_empty() {
        return Err(ApiError::invalid("body", "Write the note first"));
    }
    if body.chars().count() > MAX_CHARS {
        return Err(ApiError::invalid("body", format!("A note can be at most {MAX_CHARS} characters")));
    }
    let note: Option<NoteRecord> = with_db!(&db, |pool| {
        sqlx::query_as(
            "INSERT INTO booking_notes (booking_id, body, written_by, written_at)
             SELECT id, $2, $3, $4 FROM bookings WHERE id = $1
             RETURNING id, body, written_by, written_at",
        )
        .bind(id)
        .bind(body)
        .bind(&admin.user.email)
        .bind(clock::now())
        .fetch_optional(pool)
        .await
        .map_err(anyhow::Error::from)?
    });
    let note = note.ok_or(ApiError::NotFound("There is no such booking."))?;
    audit::record(&db, &admin.actor(), Action::BookingNoteAdded, &format!("booking {id}")).await?;
    Ok((StatusCode::CREATED, Json(note)))
}
