//! The admin's notes on a booking: `POST /api/admin/bookings/{id}/notes`, and a note's author
//! changing or deleting it (stored by `store`; the inbox reads them with each booking in
//! `records`).

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::store;
use crate::audit::{Action, Line};
use crate::booking::views::{NO_SUCH_BOOKING, NoteRecord};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Admin,
    db::Db,
    domain::{BookingId, NoteId},
    error::{ApiError, Checked},
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
    security(("session" = ["owner", "staff"], "csrf" = [])),
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
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(NewNote { body })): Checked<Json<NewNote>>,
) -> Result<(StatusCode, Json<NoteRecord>), ApiError> {
    let body = checked_body(&body)?;
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::BookingNoteAdded, detail: format!("booking {id}") };
    let note = store::add(&db, id, body, &line).await?.ok_or(ApiError::NotFound(NO_SUCH_BOOKING))?;
    Ok((StatusCode::CREATED, Json(note)))
}

/// A note's text, trimmed, or the field's message.
fn checked_body(body: &str) -> Result<&str, ApiError> {
    let body = body.trim();
    if body.is_empty() {
        return Err(ApiError::invalid("body", "Write the note first"));
    }
    if body.chars().count() > MAX_CHARS {
        return Err(ApiError::invalid("body", format!("A note can be at most {MAX_CHARS} characters")));
    }
    Ok(body)
}

const NO_SUCH_NOTE: &str = "There is no such note on this booking.";
const NOT_YOURS: &str = "Only the one who wrote a note can change or delete it.";

/// The note `note` of booking `id`, if the signed-in admin wrote it; else a 404 or 403.
async fn own_note(db: &Db, admin: &Admin, id: BookingId, note: NoteId) -> Result<(), ApiError> {
    let author = store::author(db, id, note).await?.ok_or(ApiError::NotFound(NO_SUCH_NOTE))?;
    if author != admin.user.email {
        return Err(ApiError::Forbidden(NOT_YOURS));
    }
    Ok(())
}

/// `PUT /api/admin/bookings/{id}/notes/{note}`: its author changes a note.
#[utoipa::path(
    put,
    path = "/bookings/{id}/notes/{note}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(
        ("id" = i64, Path, description = "The booking's id."),
        ("note" = i64, Path, description = "The note's id."),
    ),
    request_body = NewNote,
    responses(
        (status = 200, description = "The note as changed.", body = NoteRecord),
        (status = 403, description = "Someone else wrote the note.", body = ErrorBody),
        (status = 404, description = "There is no such note on the booking.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path((id, note))): Checked<Path<(BookingId, NoteId)>>,
    Checked(Json(NewNote { body })): Checked<Json<NewNote>>,
) -> Result<Json<NoteRecord>, ApiError> {
    let body = checked_body(&body)?;
    own_note(&db, &admin, id, note).await?;
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::BookingNoteChanged,
        detail: format!("booking {id}, note {note}"),
    };
    let changed = store::change(&db, id, note, body, &line).await?;
    let changed = changed.ok_or(ApiError::NotFound(NO_SUCH_NOTE))?;
    Ok(Json(changed))
}

/// `DELETE /api/admin/bookings/{id}/notes/{note}`: its author deletes a note.
#[utoipa::path(
    delete,
    path = "/bookings/{id}/notes/{note}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(
        ("id" = i64, Path, description = "The booking's id."),
        ("note" = i64, Path, description = "The note's id."),
    ),
    responses(
        (status = 204, description = "Deleted."),
        (status = 400, description = "An id is not a whole number.", body = ErrorBody),
        (status = 403, description = "Someone else wrote the note.", body = ErrorBody),
        (status = 404, description = "There is no such note on the booking.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path((id, note))): Checked<Path<(BookingId, NoteId)>>,
) -> Result<StatusCode, ApiError> {
    own_note(&db, &admin, id, note).await?;
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::BookingNoteDeleted,
        detail: format!("booking {id}, note {note}"),
    };
    if !store::delete(&db, id, note, &line).await? {
        return Err(ApiError::NotFound(NO_SUCH_NOTE));
    }
    Ok(StatusCode::NO_CONTENT)
}
