//! The one error type at the HTTP boundary of the JSON API, and what a panic becomes (the
//! message of a 500, or the failure of one piece of background work).

use std::{borrow::Cow, collections::BTreeMap};

use futures_util::FutureExt as _;

use crate::api_doc::{ErrorBody, FieldErrorsBody};
use axum::{
    Json,
    extract::multipart::{MultipartError, MultipartRejection},
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    extract::{FromRequest, FromRequestParts, Request},
    http::{StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};

/// What a request hears while the database cannot be reached or written (nothing was stored).
pub const UNAVAILABLE: &str = "We can't take requests for a moment. Nothing was saved; please try again in a few minutes, or give us a call.";

/// What a throttled sign-in (or code, or password check) hears.
const THROTTLED: &str = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

/// Messages per field, answered as 422 `{"errors": {"field": ["message"]}}`.
#[derive(Debug, Default)]
pub struct FieldErrors(BTreeMap<Cow<'static, str>, Vec<String>>);

impl FieldErrors {
    pub fn add(&mut self, field: impl Into<Cow<'static, str>>, message: impl Into<String>) {
        self.0.entry(field.into()).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first message recorded against `field`, if any.
    pub fn first(&self, field: &str) -> Option<String> {
        self.0.get(field).and_then(|messages| messages.first()).cloned()
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
    TooManyRequests(Cow<'static, str>),
    /// Too many wrong passwords or codes: how long to wait (sent as Retry-After).
    #[error("throttled")]
    Throttled(std::time::Duration),
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

impl ApiError {
    /// A 409: the request clashes with how things stand (a full time, a change already made).
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::Rejected(StatusCode::CONFLICT, message.into())
    }

    /// A 422 naming one field and what is wrong with it.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        Self::Invalid(errors)
    }
}

/// An extractor (`Json`, `Path`, `Query`) whose refusal is answered as an `ApiError`, the JSON
/// API's one shape of error: `Checked(Json(form)): Checked<Json<Form>>`.
pub struct Checked<E>(pub E);

impl<S, E> FromRequestParts<S> for Checked<E>
where
    S: Send + Sync,
    E: FromRequestParts<S>,
    ApiError: From<E::Rejection>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Ok(Self(E::from_request_parts(parts, state).await?))
    }
}

impl<S, E> FromRequest<S> for Checked<E>
where
    S: Send + Sync,
    E: FromRequest<S>,
    ApiError: From<E::Rejection>,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        Ok(Self(E::from_request(request, state).await?))
    }
}

/// A JSON body that could not be read (malformed, wrong type, too large, too slow): its status
/// and why.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        too_slow(&rejection).unwrap_or_else(|| Self::Rejected(rejection.status(), rejection.body_text()))
    }
}

/// A body read whole (a beacon) that is too long or too slow.
impl From<axum::extract::rejection::BytesRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::BytesRejection) -> Self {
        too_slow(&rejection).unwrap_or_else(|| Self::Rejected(rejection.status(), rejection.body_text()))
    }
}

/// A path parameter of the wrong form (an id that is not a number).
impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        Self::Rejected(rejection.status(), rejection.body_text())
    }
}

/// A query parameter missing or of the wrong form.
impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::Rejected(rejection.status(), rejection.body_text())
    }
}

/// A request that is not a multipart form (no boundary in its Content-Type).
impl From<MultipartRejection> for ApiError {
    fn from(rejection: MultipartRejection) -> Self {
        Self::Rejected(rejection.status(), rejection.body_text())
    }
}

/// A multipart body that could not be read (malformed, over the route's size limit, too slow).
impl From<MultipartError> for ApiError {
    fn from(error: MultipartError) -> Self {
        too_slow(&error).unwrap_or_else(|| Self::Rejected(error.status(), error.body_text()))
    }
}

/// The error a handler's body extractor sees when the server's body deadline passes (`serve`).
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive within {} s", .0.as_secs())]
pub struct BodyTooSlow(pub std::time::Duration);

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
        let (status, message) = match self {
            Self::Invalid(errors) => {
                return (StatusCode::UNPROCESSABLE_ENTITY, Json(FieldErrorsBody { errors: errors.0 }))
                    .into_response();
            }
            Self::Rejected(status, message) => (status, message),
            Self::TooManyRequests(message) => (StatusCode::TOO_MANY_REQUESTS, message.into_owned()),
            Self::Throttled(wait) => {
                let retry_after = [(header::RETRY_AFTER, wait.as_secs().max(1).to_string())];
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    retry_after,
                    Json(ErrorBody { error: THROTTLED.to_owned() }),
                )
                    .into_response();
            }
            Self::Unauthorized => (StatusCode::UNAUTHORIZED, "Please sign in.".to_owned()),
            Self::Forbidden(message) => (StatusCode::FORBIDDEN, message.to_owned()),
            Self::NotFound(message) => (StatusCode::NOT_FOUND, message.to_owned()),
            Self::Internal(error) if crate::db::is_unavailable(&error) => {
                tracing::error!("The database is unavailable: {error:#}");
                (StatusCode::SERVICE_UNAVAILABLE, UNAVAILABLE.to_owned())
            }
            Self::Internal(error) => {
                tracing::error!("{error:#}");
                (StatusCode::INTERNAL_SERVER_ERROR, something_went_wrong(""))
            }
        };
        (status, Json(ErrorBody { error: message })).into_response()
    }
}

/// The answer to a request whose handler panicked with `panic`: a 500 naming the request; the
/// panic's message is logged and counted.
pub fn panicked(panic: &(dyn std::any::Any + Send)) -> Response {
    tracing::error!("A handler panicked: {}", panic_message(panic));
    crate::metrics::panicked("request");
    (StatusCode::INTERNAL_SERVER_ERROR, Json(ErrorBody { error: something_went_wrong("") })).into_response()
}

/// What a panic said (its payload, when it is text).
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

/// Runs `work`, turning a panic in it into an error that says so (logged and counted in the
/// metrics as `panics{at}`), so the one piece of work fails and its caller goes on.
pub async fn caught<T>(
    at: &'static str,
    work: impl std::future::Future<Output = anyhow::Result<T>>,
) -> anyhow::Result<T> {
    match std::panic::AssertUnwindSafe(work).catch_unwind().await {
        Ok(result) => result,
        Err(panic) => {
            let message = panic_message(panic.as_ref());
            tracing::error!(at, "A panic in one piece of work ({message}); it counts as a failure");
            crate::metrics::panicked(at);
            Err(anyhow::anyhow!("it panicked: {message}"))
        }
    }
}

/// The message of a 500 answer, with `then` (what to do) and the request's id, by which the
/// error can be found in the log.
pub fn something_went_wrong(then: &str) -> String {
    let then = if then.is_empty() { String::new() } else { format!(" {then}") };
    match crate::request_id::current() {
        Some(id) => format!(
            "Something went wrong on our side.{then} If it keeps happening, tell us this reference: {id}."
        ),
        None => format!("Something went wrong on our side.{then}"),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;
    use crate::request_id::RequestId;

    #[tokio::test]
    async fn a_500_names_the_request_it_answers() {
        let id = RequestId::for_request(&HeaderMap::new(), false);
        let shown = id.as_str().to_owned();
        let answer =
            id.scope(async { ApiError::Internal(anyhow::anyhow!("disk on fire")).into_response() }).await;
        assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(answer.into_body(), 4096).await.unwrap_or_default();
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains(&format!("tell us this reference: {shown}")), "{text}");
        assert!(!text.contains("disk on fire"), "the cause stays in the log");
        assert_eq!(
            something_went_wrong("Please try again."),
            "Something went wrong on our side. Please try again."
        );
    }

    #[tokio::test]
    async fn a_panic_in_caught_work_is_its_error_and_a_result_passes_through() {
        let failed = caught("planted", async {
            if runs_out() {
                panic!("the lift gave way");
            }
            Ok(1)
        })
        .await;
        assert_eq!(
            failed.map_err(|error| error.to_string()),
            Err("it panicked: the lift gave way".to_owned())
        );
        assert_eq!(caught("fine", async { Ok(2) }).await.ok(), Some(2));
    }

    /// True, in a way the compiler does not see through (so the code after a panic is not dead).
    fn runs_out() -> bool {
        std::hint::black_box(true)
    }
}
