//! The API's contract: an OpenAPI 3.1 document made from the handlers' own `#[utoipa::path]`
//! annotations and the routes they are registered on (`routes.rs`), served at
//! `/api/openapi.json`. What every route may answer besides its result is named here once.

use std::{borrow::Cow, collections::BTreeMap};

use axum::{
    Extension,
    body::Bytes,
    http::header,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::{
    IntoResponses, OpenApi, ToSchema,
    openapi::{
        OpenApi as Document,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};

/// The security scheme of the session cookie (every admin route).
const SESSION: &str = "session";
/// The security scheme of the CSRF token header (every admin write).
const CSRF: &str = "csrf";
/// The header in which the admin app sends the session's CSRF token with every write.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// Every error but a field check: `{"error": "..."}`, a message to show as it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
}

/// A form that did not pass its checks: the messages per field, all at once.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldErrorsBody {
    #[schema(value_type = BTreeMap<String, Vec<String>>)]
    pub errors: BTreeMap<Cow<'static, str>, Vec<String>>,
}

/// A 422: the fields' messages, or why the JSON did not fit the form (a wrong type, an unknown
/// or missing field).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, reason = "a schema only: the two bodies a 422 may have")]
pub enum Unprocessable {
    Fields(FieldErrorsBody),
    Message(ErrorBody),
}

/// What a route that reads a JSON body may answer when the body is not right.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum BodyRefusals {
    #[response(
        status = 400,
        description = "The body is not JSON, or a path or query parameter is malformed."
    )]
    Malformed(ErrorBody),
    #[response(status = 408, description = "The body did not arrive in time.")]
    TooSlow(ErrorBody),
    #[response(status = 413, description = "The body is larger than this route takes.")]
    TooLarge(ErrorBody),
    #[response(status = 415, description = "The body is not sent as `application/json`.")]
    NotJson(ErrorBody),
    #[response(
        status = 422,
        description = "A field is missing, unknown, of the wrong type or fails its check."
    )]
    Invalid(Unprocessable),
}

/// What every admin route may answer to a request it cannot serve.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum AdminRefusals {
    #[response(status = 401, description = "Not signed in, or the session has ended.")]
    NotSignedIn(ErrorBody),
    #[response(
        status = 403,
        description = "The account may not use the admin area, or a write came cross-site or without the session's CSRF token."
    )]
    Forbidden(ErrorBody),
    #[response(status = 503, description = "The database cannot be reached or written; nothing was saved.")]
    Unavailable(ErrorBody),
}

/// What a public route that reads or writes the database answers while it cannot.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum Unavailable {
    #[response(status = 503, description = "The database cannot be reached or written; nothing was saved.")]
    Unavailable(ErrorBody),
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Trailerworks API",
        description = "The public site's page data, blog search and booking desk, and the admin area's API. \
            Admin routes need the session cookie that sign-in sets; writes also need the session's CSRF \
            token in the X-CSRF-Token header. Every error is JSON."
    ),
    components(schemas(ErrorBody, FieldErrorsBody, Unprocessable)),
    tags(
        (name = "public", description = "What the public site's pages and booking dialog call."),
        (name = "admin", description = "The admin area: sign-in, posts, images, bookings, audit log.")
    )
)]
struct Base;

/// The served document, made once when the router is built.
#[derive(Clone)]
pub struct ApiDocument(Bytes);

impl ApiDocument {
    /// `paths` (what the routes registered) on the base document, with the session cookie's
    /// name as this server sets it.
    pub fn new(paths: Document, cookie_name: &str) -> anyhow::Result<Self> {
        let mut document = Base::openapi().merge_from(paths);
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                cookie_name,
                "The session cookie that POST /api/admin/login sets.",
            ))),
        );
        components.add_security_scheme(
            CSRF,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                CSRF_HEADER,
                "The csrfToken of the session (from sign-in or GET /api/admin/session).",
            ))),
        );
        Ok(Self(Bytes::from(serde_json::to_vec(&document)?)))
    }
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "public",
    responses((status = 200, description = "The OpenAPI 3.1 document of every /api route.", body = Object))
)]
pub async fn openapi_json(Extension(ApiDocument(bytes)): Extension<ApiDocument>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}
