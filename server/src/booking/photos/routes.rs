//! Photos a visitor sends with a booking: each uploaded on its own while the visitor fills in the
//! form (the same checks as the admin's images), kept unattached until the booking names it,
//! and deleted when no booking named it within a day. The team sees them, and so does the
//! customer on their request's page (`manage`).

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    body::Body,
    extract::{Multipart, Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;

use super::store;
use crate::booking::{model::MAX_PHOTOS, routes::BookingDesk};
use crate::{
    api_doc::ErrorBody,
    auth::guard::Admin,
    client_address::ClientAddress,
    error::{ApiError, Checked},
    media::{Folder, routes::processed_upload},
};

const RATE_WINDOW: Duration = Duration::from_secs(60 * 60);

/// The upload form.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "a schema only: the form `upload` reads field by field")]
pub struct PhotoForm {
    /// A PNG, JPEG, GIF, WebP or HEIC/HEIF image of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

/// A stored photo: its token goes into the booking's `photos`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct UploadedPhoto {
    token: String,
    width: u32,
    height: u32,
}

/// `POST /api/booking-photos`: one photo, checked, re-encoded (metadata dropped) and kept for
/// the booking that names its token.
#[utoipa::path(
    post,
    path = "/api/booking-photos",
    tag = "public",
    request_body(content = PhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The photo, re-encoded and stored until its booking names it.", body = UploadedPhoto),
        (status = 400, description = "The body is not a multipart form.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 413, description = "The photo or the body is too large.", body = ErrorBody),
        (status = 422, description = "No photo was sent, or it is not an image we take.", body = ErrorBody),
        (status = 429, description = "Too many photos from this network in the last hour.", body = ErrorBody),
        (status = 503, description = "The photo could not be stored; nothing was kept.", body = ErrorBody)
    )
)]
pub async fn upload(
    State(desk): State<Arc<BookingDesk>>,
    ClientAddress(client): ClientAddress,
    Checked(form): Checked<Multipart>,
) -> Result<(StatusCode, Json<UploadedPhoto>), ApiError> {
    let client_ip = client.to_string();
    if desk.per_hour > 0 {
        let limit = i64::from(desk.per_hour) * MAX_PHOTOS as i64;
        if store::recent_uploads(&desk.db, &client_ip, RATE_WINDOW).await? >= limit {
            return Err(desk.rate_limited());
        }
    }
    let image = processed_upload(form, "photo", "Choose a photo to upload").await?;
    let (width, height) = (image.width, image.height);
    let (name, _) = desk.media.write(Folder::BookingPhotos, image).await?;
    store::record(&desk.db, &name, width, height, &client_ip).await?;
    if let Err(error) = store::forget_unattached(&desk.db, &desk.media).await {
        tracing::warn!("Failed to delete booking photos no booking named: {error:#}");
    }
    Ok((StatusCode::CREATED, Json(UploadedPhoto { token: name, width, height })))
}

/// `GET /media/booking-photos/{file}`: a booking photo, for the signed-in admin only.
pub async fn serve(
    State(desk): State<Arc<BookingDesk>>,
    _admin: Admin,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    Ok(photo_file(&desk, &name).await?.unwrap_or_else(|| StatusCode::NOT_FOUND.into_response()))
}

/// The stored photo `name` as a response, kept by the browser alone for a day; none when there
/// is no such file.
pub(in crate::booking) async fn photo_file(
    desk: &BookingDesk,
    name: &str,
) -> anyhow::Result<Option<Response>> {
    let Some(bytes) = desk.media.read(Folder::BookingPhotos, name).await? else {
        return Ok(None);
    };
    let content_type = if name.ends_with(".jpg") { "image/jpeg" } else { "image/png" };
    Ok(Some(
        (
            [(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "private, max-age=86400")],
            Body::from(bytes),
        )
            .into_response(),
    ))
}
