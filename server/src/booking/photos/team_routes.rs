//! The photos the team takes of a job from a request's page (a phone's camera): each labelled
//! before, after, damage or data plate, re-encoded without its metadata (the place it was taken
//! goes), kept with the customer's in the same store, and shown on the customer's own page once
//! the team shares it. A photo the team took may be deleted; one the customer sent stays. A
//! share and a deletion are in the audit log.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Multipart, Path, Query, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::store::{self, NotDeleted, Taken};
use crate::audit::{Action, Line};
use crate::booking::{
    routes::BookingDesk,
    views::{NO_SUCH_BOOKING, PhotoLabel, PhotoRecord},
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Admin,
    delivery::Outbox,
    domain::BookingId,
    error::{ApiError, Checked},
    media::{Folder, routes::processed_upload},
};

/// What the photo shows, when the team says.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TakenQuery {
    label: Option<PhotoLabel>,
}

/// The photo, as a form.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "a schema only: the form `take` reads field by field")]
pub struct TeamPhotoForm {
    /// A PNG, JPEG, GIF, WebP or HEIC/HEIF image of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

const NO_SUCH_PHOTO: &str = "This request has no such photo.";

/// `POST /api/admin/bookings/{id}/photos?label=before`: a photo the team took of the job.
#[utoipa::path(
    post,
    path = "/bookings/{id}/photos",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id."), TakenQuery),
    request_body(content = TeamPhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The photo, re-encoded without its metadata and kept on the request (not shared yet).", body = PhotoRecord),
        (status = 400, description = "The id or the label is not understood, or the body is not a multipart form.", body = ErrorBody),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 413, description = "The photo or the body is too large.", body = ErrorBody),
        (status = 422, description = "No photo was sent, or it is not an image we take.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn take(
    State(desk): State<Arc<BookingDesk>>,
    admin: Admin,
    Checked(Path(BookingId(booking))): Checked<Path<BookingId>>,
    Checked(Query(TakenQuery { label })): Checked<Query<TakenQuery>>,
    Checked(form): Checked<Multipart>,
) -> Result<(StatusCode, Json<PhotoRecord>), ApiError> {
    let image = processed_upload(form, "photo", "Choose a photo to upload").await?;
    let (width, height) = (image.width, image.height);
    let (name, _) = desk.media.write(Folder::BookingPhotos, image).await?;
    let taken = Taken {
        booking,
        name: &name,
        width,
        height,
        label,
        by: &admin.user.email,
        client_ip: &admin.client_ip,
    };
    match store::take(&desk.db, &taken).await? {
        Some(photo) => Ok((StatusCode::CREATED, Json(photo))),
        None => {
            desk.media.delete(Folder::BookingPhotos, &name).await?;
            Err(ApiError::NotFound(NO_SUCH_BOOKING))
        }
    }
}

/// A photo's label, and whether the customer's page shows it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoChange {
    label: Option<PhotoLabel>,
    /// The customer's own page shows it (a photo they sent shows whatever this says).
    shared: bool,
}

/// `PUT /api/admin/bookings/{id}/photos/{name}`: a photo's label, and whether it is shared.
#[utoipa::path(
    put,
    path = "/bookings/{id}/photos/{name}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id."), ("name" = String, Path, description = "The photo's `name`.")),
    request_body = PhotoChange,
    responses(
        (status = 200, description = "The photo as it is now.", body = PhotoRecord),
        (status = 404, description = "The request has no such photo.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change(
    State(desk): State<Arc<BookingDesk>>,
    admin: Admin,
    Checked(Path((BookingId(booking), name))): Checked<Path<(BookingId, String)>>,
    Checked(Json(PhotoChange { label, shared })): Checked<Json<PhotoChange>>,
) -> Result<Json<PhotoRecord>, ApiError> {
    let actor = admin.actor();
    let line =
        Line { actor: &actor, action: Action::PhotoShared, detail: format!("booking {booking}: {name}") };
    let photo = store::change(&desk.db, (booking, &name), label, shared, &line).await?;
    photo.map(Json).ok_or(ApiError::NotFound(NO_SUCH_PHOTO))
}

/// `DELETE /api/admin/bookings/{id}/photos/{name}`: a photo the team took, deleted.
#[utoipa::path(
    delete,
    path = "/bookings/{id}/photos/{name}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id."), ("name" = String, Path, description = "The photo's `name`.")),
    responses(
        (status = 204, description = "Deleted, with its files."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "The request has no such photo.", body = ErrorBody),
        (status = 409, description = "The customer sent it: it stays with their request.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(desk): State<Arc<BookingDesk>>,
    State(outbox): State<Arc<Outbox>>,
    admin: Admin,
    Checked(Path((BookingId(booking), name))): Checked<Path<(BookingId, String)>>,
) -> Result<StatusCode, ApiError> {
    let actor = admin.actor();
    let line =
        Line { actor: &actor, action: Action::PhotoDeleted, detail: format!("booking {booking}: {name}") };
    match store::delete(&desk.db, booking, &name, &line).await? {
        Ok(()) => {
            outbox.wake();
            Ok(StatusCode::NO_CONTENT)
        }
        Err(NotDeleted::NoSuchPhoto) => Err(ApiError::NotFound(NO_SUCH_PHOTO)),
        Err(NotDeleted::Customers) => {
            Err(ApiError::conflict("The customer sent this photo: it stays with their request."))
        }
    }
}
