//! The one error type at the HTTP boundary of the JSON API.

use std::collections::BTreeMap;

use axum::{
    Json,
    extract::multipart::MultipartError,
    extract::rejection::JsonRejection,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::json;

use crate::serve::BodyTooSlow;

/// What a request hears while the database cannot be reached or written (nothing was stored).
pub const UNAVAILABLE: &str = "We can't take requests for a moment. Nothing was saved; please try again in a few minutes, or give us a call.";

/// Messages per field, answered as 422 `{"errors": {"field": ["message"]}}`.
#[derive(Debug, Default)]
pub struct FieldErrors(BTreeMap<&'static str, Vec<String>>);

impl FieldErrors {
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Keeps the value of `result`, or records its error against `field`.
    pub fn check<T>(&mut self, field: &'static str, result: Result<T, &'static str>) -> Option<T> {
        result.map_err(|message| self.add(field, message)).ok()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("invalid input")]
    Invalid(FieldErrors),
    /// The body could not be read as the expected JSON (or was too large): its status and why.
    #[error("rejected request: {1}")]
    Rejected(StatusCode, String),
    #[error("too many requests")]
    TooManyRequests(&'static str),
    /// No valid session.
    #[error("not signed in")]
    Unauthorized,
    /// Signed in, but not allowed (role, CSRF token or a cross-site request).
    #[error("forbidden: {0}")]
    Forbidden(&'static str),
    #[error("not found: {0}")]
    NotFound(&'static str),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A JSON body that could not be read (malformed, wrong type, too large, too slow): its status
/// and why.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        too_slow(&rejection).unwrap_or_else(|| Self::Rejected(rejection.status(), rejection.body_text()))
    }
}

/// A multipart body that could not be read (malformed, over the route's size limit, too slow).
impl From<MultipartError> for ApiError {
    fn from(error: MultipartError) -> Self {
        too_slow(&error).unwrap_or_else(|| Self::Rejected(error.status(), error.body_text()))
    }
}

/// 408 when the body failed because it did not arrive in time (`serve`'s body deadline).
fn too_slow(error: &(dyn std::error::Error + 'static)) -> Option<ApiError> {
    std::iter::successors(Some(error), |error| error.source())
        .find_map(|cause| cause.downcast_ref::<BodyTooSlow>())
        .map(|slow| {
            ApiError::Rejected(StatusCode::REQUEST_TIMEOUT, format!("The request took too long: {slow}"))
        })
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::Invalid(errors) => {
                (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({ "errors": errors.0 }))).into_response()
            }
            Self::Rejected(status, message) => (status, Json(json!({ "error": message }))).into_response(),
            Self::TooManyRequests(message) => {
                (StatusCode::TOO_MANY_REQUESTS, Json(json!({ "error": message }))).into_response()
            }
            Self::Unauthorized => {
                (StatusCode::UNAUTHORIZED, Json(json!({ "error": "Please sign in." }))).into_response()
            }
            Self::Forbidden(message) => {
                (StatusCode::FORBIDDEN, Json(json!({ "error": message }))).into_response()
            }
            Self::NotFound(message) => {
                (StatusCode::NOT_FOUND, Json(json!({ "error": message }))).into_response()
            }
            Self::Internal(error) if crate::db::is_unavailable(&error) => {
                tracing::error!("The database is unavailable: {error:#}");
                (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "error": UNAVAILABLE }))).into_response()
            }
            Self::Internal(error) => {
                tracing::error!("{error:#}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Json(json!({ "error": "Something went wrong on our side." })),
                )
                    .into_response()
            }
        }
    }
}
