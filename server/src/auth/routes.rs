//! Sign-in, sign-out, the current session and the audit log, under /api/admin.

use std::{
    sync::{Arc, LazyLock},
    time::Duration,
};

use axum::{
    Json,
    extract::{
        Query, State,
        rejection::{JsonRejection, QueryRejection},
    },
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

use super::{
    audit::{self, Action, Actor},
    guard::{Admin, AuthDesk, same_origin},
    password::{self, Password},
    session::{self, SessionUser, random_token},
    throttle::{self, Keys},
    users,
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    client::ClientAddress,
    error::{ApiError, FieldErrors},
};

pub const INVALID_CREDENTIALS: &str = "Invalid credentials or insufficient permissions";
const THROTTLED: &str = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
const BUSY: &str = "Sign-in is busy right now. Please try again in a moment.";
/// How long a sign-in waits for a turn at hashing before it gets 429.
const HASHING_WAIT: Duration = Duration::from_secs(3);
const AUDIT_PAGE: i64 = 100;
/// Longer input cannot be an account's address (RFC 5321), and is not worth a hash or a log line.
const MAX_EMAIL_BYTES: usize = 254;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// `POST /api/admin/login`.
#[utoipa::path(
    post,
    path = "/login",
    tag = "admin",
    request_body = LoginForm,
    responses(
        (status = 200, description = "Signed in: the session cookie is set.", body = SessionInfo,
            headers(("Set-Cookie" = String, description = "The session cookie (HttpOnly, SameSite=Lax)"))),
        (status = 401, description = "Invalid credentials or insufficient permissions.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 429, description = "Too many failed sign-ins (see Retry-After), or sign-in is busy.", body = ErrorBody,
            headers(("Retry-After" = String, description = "Seconds to wait, after failed sign-ins"))),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody),
        BodyRefusals
    )
)]
pub async fn login(
    State(desk): State<Arc<AuthDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
    body: Result<Json<LoginForm>, JsonRejection>,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    let Json(form) = body?;
    let email = form.email.trim();
    let mut errors = FieldErrors::default();
    if email.is_empty() {
        errors.add("email", "Email is required");
    } else if email.len() > MAX_EMAIL_BYTES {
        errors.add("email", "Invalid email format");
    }
    if form.password.is_empty() {
        errors.add("password", "Password is required");
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let client_ip = client.to_string();
    let actor = Actor { user_id: None, email, client_ip: &client_ip };
    let keys = Keys::new(email, &client_ip);
    if let Some(wait) = throttle::wait_left(&desk.db, &keys).await? {
        audit::record(&desk.db, &actor, Action::SignInThrottled, "").await?;
        let mut response = ApiError::TooManyRequests(THROTTLED.into()).into_response();
        if let Ok(seconds) = HeaderValue::from_str(&wait.as_secs().max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, seconds);
        }
        return Ok(response);
    }
    let _turn = tokio::time::timeout(HASHING_WAIT, desk.hashing.acquire())
        .await
        .map_err(|_| ApiError::TooManyRequests(BUSY.into()))?
        .map_err(|_| ApiError::TooManyRequests(BUSY.into()))?;
    let account = users::find_by_email(&desk.db, email).await?;
    let stored_hash = account.as_ref().map(|account| account.password_hash.clone());
    let given = form.password.clone();
    // An unknown e-mail is checked against a dummy hash, so it takes as long as a wrong password.
    let verified = tokio::task::spawn_blocking(move || {
        password::verify(stored_hash.as_deref().unwrap_or_else(|| dummy_hash()), &given)
    })
    .await
    .map_err(anyhow::Error::from)?;
    let account = match account {
        Some(account) if verified && account.role == "admin" => account,
        _ => {
            throttle::record_failure(&desk.db, &keys).await?;
            audit::record(&desk.db, &actor, Action::SignInFailed, "").await?;
            return Err(ApiError::Rejected(StatusCode::UNAUTHORIZED, INVALID_CREDENTIALS.to_owned()));
        }
    };
    if password::needs_rehash(&account.password_hash)
        && let Ok(password) = Password::parse(&form.password)
    {
        let hash =
            tokio::task::spawn_blocking(move || password.hash()).await.map_err(anyhow::Error::from)??;
        users::update_hash(&desk.db, account.id, &hash).await?;
    }
    throttle::clear(&desk.db, &keys).await?;
    let session = session::create(&desk.db, account.id, desk.token(&jar)).await?;
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
    audit::record(&desk.db, &actor, Action::SignIn, "").await?;
    let user = SessionUser {
        user_id: account.id,
        email: account.email,
        role: account.role,
        csrf_token: session.csrf_token,
    };
    Ok((jar.add(desk.cookies.session(session.token)), Json(SessionInfo::of(&user))).into_response())
}

/// A hash of a random password with today's parameters, made once.
fn dummy_hash() -> &'static str {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        Password::parse(&random_token()).and_then(|p| p.hash().map_err(|_| "hash failed")).unwrap_or_default()
    });
    &DUMMY
}

/// What the admin app knows about its session: the user and the CSRF token for writes.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    user: Account,
    csrf_token: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Account {
    id: i64,
    email: String,
    role: String,
}

impl SessionInfo {
    fn of(user: &SessionUser) -> Self {
        Self {
            user: Account { id: user.user_id, email: user.email.clone(), role: user.role.clone() },
            csrf_token: user.csrf_token.clone(),
        }
    }
}

/// `GET /api/admin/session`: the signed-in admin, or 401.
#[utoipa::path(
    get,
    path = "/session",
    tag = "admin",
    security(("session" = [])),
    responses((status = 200, description = "The signed-in admin.", body = SessionInfo), AdminRefusals)
)]
pub async fn current(admin: Admin) -> Json<SessionInfo> {
    Json(SessionInfo::of(&admin.user))
}

/// `POST /api/admin/logout`: ends the session and removes the cookie.
#[utoipa::path(
    post,
    path = "/logout",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Signed out: the session is ended and the cookie removed.",
            headers(("Set-Cookie" = String, description = "The session cookie, expired"))),
        AdminRefusals
    )
)]
pub async fn logout(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    jar: CookieJar,
) -> Result<(CookieJar, StatusCode), ApiError> {
    if let Some(token) = desk.token(&jar) {
        session::delete(&desk.db, token).await?;
    }
    audit::record(&desk.db, &admin.actor(), Action::SignOut, "").await?;
    Ok((jar.add(desk.cookies.removal()), StatusCode::NO_CONTENT))
}

#[derive(Deserialize)]
pub struct AuditQuery {
    before: Option<i64>,
}

/// One page of the audit log.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditPage {
    /// Newest first.
    entries: Vec<audit::Entry>,
    /// Whether there are older entries (ask again with `before` = the last entry's id).
    more: bool,
}

/// `GET /api/admin/audit?before=ID`: the newest entries (older than entry ID), 100 at a time.
#[utoipa::path(
    get,
    path = "/audit",
    tag = "admin",
    security(("session" = [])),
    params(("before" = Option<i64>, Query, description = "Only entries older than the entry with this id.")),
    responses(
        (status = 200, description = "The newest entries, 100 at most.", body = AuditPage),
        (status = 400, description = "`before` is not a whole number.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn audit_log(
    State(desk): State<Arc<AuthDesk>>,
    _admin: Admin,
    query: Result<Query<AuditQuery>, QueryRejection>,
) -> Result<Json<AuditPage>, ApiError> {
    let Query(query) = query?;
    let entries = audit::recent(&desk.db, query.before, AUDIT_PAGE).await?;
    let more = i64::try_from(entries.len()).unwrap_or(i64::MAX) == AUDIT_PAGE;
    Ok(Json(AuditPage { entries, more }))
}
