//! `POST /api/bookings`: the booking dialog's submit.

use std::{
    net::{IpAddr, SocketAddr},
    num::NonZeroU32,
    sync::Arc,
    time::Duration,
};

use axum::{
    Json,
    extract::{ConnectInfo, State, rejection::JsonRejection},
    http::{HeaderMap, StatusCode, header},
};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde_json::{Value, json};

use super::{
    model::BookingForm,
    store::{self, Origin},
};
use crate::{delivery::Outbox, error::ApiError};

const TOO_MANY: &str =
    "Too many requests from your network. Please wait a few minutes and try again, or give us a call.";

/// What the booking endpoint needs.
pub struct BookingDesk {
    pub db: sqlx::SqlitePool,
    pub outbox: Arc<Outbox>,
    /// Bookings per client address and hour; None when unlimited.
    pub limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// Faster submits than this are flagged as spam.
    pub min_fill: Duration,
}

impl BookingDesk {
    pub fn new(db: sqlx::SqlitePool, outbox: Arc<Outbox>, per_hour: u32, min_fill: Duration) -> Self {
        let limiter = NonZeroU32::new(per_hour).map(|n| RateLimiter::keyed(Quota::per_hour(n)));
        Self { db, outbox, limiter, min_fill }
    }

    /// Forgets addresses whose allowance is full again, so the limiter's memory stays small.
    pub fn forget_idle_addresses(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
        }
    }
}

pub async fn create(
    State(desk): State<Arc<BookingDesk>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<BookingForm>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    if let Some(limiter) = &desk.limiter
        && limiter.check_key(&peer.ip()).is_err()
    {
        return Err(ApiError::TooManyRequests(TOO_MANY));
    }
    let Json(form) = body?;
    let booking = form.parse(desk.min_fill).map_err(ApiError::Invalid)?;
    let client_ip = peer.ip().to_string();
    let origin = Origin {
        client_ip: &client_ip,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
    };
    let stored = store::insert(&desk.db, &booking, &origin, &desk.outbox.channels()).await?;
    if stored.created {
        desk.outbox.wake();
        tracing::info!(booking = stored.id, spam = booking.spam_reason.is_some(), "booking stored");
    }
    let status = if stored.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(json!({ "id": stored.id }))))
}
