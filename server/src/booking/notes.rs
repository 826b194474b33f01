//! The admin's notes on a booking: `POST /api/admin/bookings/{id}/notes` (the inbox reads them
//! with each booking in `records`).

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::{
    events::{Event, EventWrites as _},
    store::NoteRecord,
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    clock,
    db::Db,
    error::{ApiError, Checked},
    with_db,
};

/// The longest note, in characters.
const MAX_CHARS: usize = 2000;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewNote {
    /// What to note, 1 to 2000 characters.
    #[schema(min_length = 1, max_length = 2000, pattern = r"\S")]
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
    Checked(Path(id)): Checked<Path<i64>>,
    Checked(Json(NewNote { body })): Checked<Json<NewNote>>,
) -> Result<(StatusCode, Json<NoteRecord>), ApiError> {
    let body = body.trim();
    if body.is_empty() {
        return Err(ApiError::invalid("body", "Write the note first"));
    }
    if body.chars().count() > MAX_CHARS {
        return Err(ApiError::invalid("body", format!("A note can be at most {MAX_CHARS} characters")));
    }
    // The note answers the request (its first response, if it is the first), in one transaction.
    let note: Option<NoteRecord> = with_db!(&db, |pool| {
        let mut tx = pool.begin().await.map_err(anyhow::Error::from)?;
        let note = sqlx::query_as(
            "INSERT INTO booking_notes (booking_id, body, written_by, written_at)
             SELECT id, $2, $3, $4 FROM bookings WHERE id = $1
             RETURNING id, body, written_by, written_at",
        )
        .bind(id)
        .bind(body)
        .bind(&admin.user.email)
        .bind(clock::now())
        .fetch_optional(&mut *tx)
        .await
        .map_err(anyhow::Error::from)?;
        tx.record_event(id, Event::Note, &admin.user.email).await.map_err(anyhow::Error::from)?;
        tx.commit().await.map_err(anyhow::Error::from)?;
        note
    });
    let note = note.ok_or(ApiError::NotFound("There is no such booking."))?;
    audit::record(&db, &admin.actor(), Action::BookingNoteAdded, &format!("booking {id}")).await?;
    Ok((StatusCode::CREATED, Json(note)))
}
