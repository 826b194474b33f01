//! "Which trailer is this about?" on the customer's page: `PUT /api/manage/{token}/trailer` names
//! one of the trailers their other requests name on a request that names none yet (the same
//! trailer as last time), with a note the owner sees in the request's history.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::Deserialize;

use super::{
    routes::{Which, find},
    store,
    views::RequestView,
};
use crate::booking::routes::BookingDesk;
use crate::{
    api_doc::{BodyRefusals, ErrorBody, Unavailable},
    error::{ApiError, Checked},
};

/// The trailer the customer picks.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PickedTrailer {
    /// The id of one of the trailers their page lists.
    trailer: i64,
}

/// `PUT /api/manage/{token}/trailer`.
#[utoipa::path(
    put,
    path = "/api/manage/{token}/trailer",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), Which),
    request_body = PickedTrailer,
    responses(
        (status = 200, description = "The request, about that trailer.", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        (status = 409, description = "The request names a trailer already.", body = ErrorBody),
        (status = 410, description = "The request's time has passed, or its job is done.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn pick(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(PickedTrailer { trailer })): Checked<Json<PickedTrailer>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token, which).await?;
    found.open()?;
    if found.row.trailer_id.is_some() {
        return Err(ApiError::conflict("This request names its trailer already. Call us to change it."));
    }
    if !store::name_trailer(&desk.db, found.row.id, trailer, &found.scope).await? {
        return Err(ApiError::invalid("trailer", "Pick one of the trailers on your page"));
    }
    let found = find(&desk, &token, which).await?;
    Ok(Json(desk.view(&found).await?))
}
