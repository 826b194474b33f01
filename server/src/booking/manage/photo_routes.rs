//! The photos a customer sent with their request and those the team shared, on their own page:
//! listed at addresses under the request's link, and served only to that link
//! (`GET /api/manage/{token}/photos/{file}`).

use std::sync::Arc;

use axum::{
    extract::{Path, Query, State},
    response::Response,
};

use super::routes::{Found, Which, find};
use crate::booking::{photos::routes::photo_file, records, routes::BookingDesk, views::PhotoRecord};
use crate::{
    api_doc::{ErrorBody, Unavailable},
    error::{ApiError, Checked},
};

impl BookingDesk {
    /// The photos `found` came with and those the team shared, at addresses under its link
    /// (`photo`), without the names of who took them.
    pub(super) async fn photos_of(&self, found: &Found) -> anyhow::Result<Vec<PhotoRecord>> {
        let photos =
            records::photos(&self.db, &[found.row.id]).await?.remove(&found.row.id).unwrap_or_default();
        Ok(photos
            .into_iter()
            .filter(|photo| photo.shared)
            .map(|photo| PhotoRecord {
                url: format!("/api/manage/{}/photos/{}{}", found.token, photo.name, found.query()),
                taken_by: None,
                ..photo
            })
            .collect())
    }
}

/// `GET /api/manage/{token}/photos/{file}`: a photo the customer sent with the request.
#[utoipa::path(
    get,
    path = "/api/manage/{token}/photos/{file}",
    tag = "public",
    params(
        ("token" = String, Path, description = "The link's token."),
        ("file" = String, Path, description = "The photo's file name, as the request's `photos` give it."),
        Which,
    ),
    responses(
        (status = 200, description = "The photo: a JPEG, or a PNG for a picture sent as one.", content_type = "image/jpeg"),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such photo of its request.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn photo(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path((token, file))): Checked<Path<(String, String)>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Response, ApiError> {
    let found = find(&desk, &token, which).await?;
    let missing = || ApiError::NotFound("This request has no such photo.");
    if !desk.photos_of(&found).await?.iter().any(|photo| photo.name == file) {
        return Err(missing());
    }
    photo_file(&desk, &file).await?.ok_or_else(missing)
}
