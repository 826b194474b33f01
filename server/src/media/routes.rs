//! `POST /api/admin/images` (upload) and `GET /media/blog-images/{file}` (serve).

use std::sync::Arc;

use axum::{
    Json,
    body::Body,
    extract::{Multipart, Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};

use super::{
    Folder, MediaStore, StoredImage,
    process::{self, Processed, RejectedImage},
};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    auth::guard::Owner,
    error::{ApiError, Checked},
};

/// The route's body limit: one image at the limit plus the multipart framing.
pub const BODY_LIMIT: usize = process::MAX_BYTES + 64 * 1024;
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The upload form.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "a schema only: the form `upload` reads field by field")]
pub struct ImageForm {
    /// A PNG, JPEG, GIF, WebP or HEIC/HEIF image of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
}

/// The field `field` of a multipart form, checked and re-encoded; `missing` when there is none.
pub async fn processed_upload(
    mut form: Multipart,
    field: &str,
    missing: &str,
) -> Result<Processed, ApiError> {
    let bytes = loop {
        let Some(next) = form.next_field().await? else {
            return Err(ApiError::Rejected(StatusCode::UNPROCESSABLE_ENTITY, missing.to_owned()));
        };
        if next.name() == Some(field) {
            break next.bytes().await?;
        }
    };
    tokio::task::spawn_blocking(move || process::process(&bytes)).await.map_err(anyhow::Error::from)?.map_err(
        |rejected| {
            let status = match rejected {
                RejectedImage::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            ApiError::Rejected(status, rejected.to_string())
        },
    )
}

/// Takes the `image` field of a multipart form, checks and re-encodes it, and answers its URL.
#[utoipa::path(
    post,
    path = "/images",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body(content = ImageForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The image, re-encoded and stored.", body = StoredImage),
        (status = 400, description = "The body is not a multipart form.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 413, description = "The image or the body is too large.", body = ErrorBody),
        (status = 422, description = "No image was sent, or it is not an image we take.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn upload(
    State(media): State<Arc<MediaStore>>,
    Owner(admin): Owner,
    Checked(form): Checked<Multipart>,
) -> Result<(StatusCode, Json<StoredImage>), ApiError> {
    let processed = processed_upload(form, "image", "Choose an image to upload").await?;
    let stored = media.store(processed, &admin.actor()).await?;
    Ok((StatusCode::CREATED, Json(stored)))
}

/// A stored image with its exact type, cached for good (names are never reused).
pub async fn serve(
    State(media): State<Arc<MediaStore>>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let Some(bytes) = media.read(Folder::BlogImages, &name).await? else {
        return Ok(StatusCode::NOT_FOUND.into_response());
    };
    let content_type = if name.ends_with(".jpg") { "image/jpeg" } else { "image/png" };
    Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, IMMUTABLE)], Body::from(bytes))
        .into_response())
}
