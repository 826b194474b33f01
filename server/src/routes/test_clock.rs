//! `/test-clock`, in the binary built for tests only (the `test-clock` feature): what time the
//! process's pinned clock reads, and moving it ahead, so a browser test makes an escalation step,
//! a reminder or a scheduled post due without rewriting rows or waiting.

use std::time::Duration;

use axum::{Json, http::StatusCode};
use serde::{Deserialize, Serialize};

use crate::clock::{At, Clock, pinned};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Advance {
    /// How far to move the clock ahead, in milliseconds.
    advance_ms: u64,
}

#[derive(Serialize)]
pub(super) struct Now {
    now: At,
}

/// The time the server reads.
pub(super) async fn now() -> Json<Now> {
    Json(Now { now: Clock::system().stamp() })
}

/// Moves the pinned clock ahead; 409 when the process runs on the wall clock (no `--clock-start`).
pub(super) async fn advance(Json(advance): Json<Advance>) -> Result<Json<Now>, StatusCode> {
    if pinned::advance(Duration::from_millis(advance.advance_ms)) {
        Ok(now().await)
    } else {
        Err(StatusCode::CONFLICT)
    }
}
