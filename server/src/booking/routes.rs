//! `POST /api/bookings`: the booking dialog's submit.

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    extract::{State, rejection::JsonRejection},
    http::{HeaderMap, StatusCode, header},
};
use serde::Serialize;

use super::{
    model::BookingForm,
    store::{self, InsertError, Origin},
};
use crate::{
    api_doc::{BodyRefusals, ErrorBody, Unavailable},
    client::ClientAddress,
    db::Db,
    delivery::Outbox,
    error::ApiError,
};

/// What a visitor over the booking rate limit reads, with the number to call instead.
pub fn rate_limited(phone: &str) -> String {
    format!(
        "Too many requests from your network. Please wait a few minutes and try again, or call us at {phone}."
    )
}

/// What the booking endpoint needs.
pub struct BookingDesk {
    pub db: Db,
    pub outbox: Arc<Outbox>,
    /// Bookings per client address and hour; 0 for no limit.
    pub per_hour: u32,
    /// The answer past that limit (`rate_limited`).
    pub rate_limited: String,
    /// Faster submits than this are flagged as spam.
    pub min_fill: Duration,
}

/// The stored booking.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Booked {
    id: i64,
}

#[utoipa::path(
    post,
    path = "/api/bookings",
    tag = "public",
    request_body = BookingForm,
    responses(
        (status = 201, description = "The booking is stored; the shop will be told.", body = Booked),
        (status = 200, description = "This submission was stored before (a repeated submit).", body = Booked),
        (status = 429, description = "Too many bookings from this network in the last hour.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn create(
    State(desk): State<Arc<BookingDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    body: Result<Json<BookingForm>, JsonRejection>,
) -> Result<(StatusCode, Json<Booked>), ApiError> {
    let Json(form) = body?;
    let booking = form.parse(desk.min_fill).map_err(ApiError::Invalid)?;
    let client_ip = client.to_string();
    let origin = Origin {
        client_ip: &client_ip,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
    };
    let stored =
        match store::insert(&desk.db, &booking, &origin, &desk.outbox.channels(), desk.per_hour).await {
            Ok(stored) => stored,
            Err(InsertError::RateLimited) => {
                return Err(ApiError::TooManyRequests(desk.rate_limited.clone().into()));
            }
            Err(InsertError::Other(error)) => return Err(error.into()),
        };
    if stored.created {
        desk.outbox.wake();
        tracing::info!(booking = stored.id, spam = booking.spam_reason.is_some(), "booking stored");
    }
    let status = if stored.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Booked { id: stored.id })))
}
