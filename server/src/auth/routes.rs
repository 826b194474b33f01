//! Sign-in, sign-out and the current session, under /api/admin.

use std::sync::{Arc, LazyLock};

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

use super::{
    guard::{Admin, AuthDesk, same_origin},
    password::{self, Password},
    session::{self, SessionUser, random_token},
    team_store,
    throttle::{self, Keys},
    two_factor, users,
};
use crate::audit::{self, Action, Actor, Line};
use crate::{
    api_doc::{BodyRefusals, ErrorBody},
    client_address::ClientAddress,
    domain::Role,
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
};

pub const INVALID_CREDENTIALS: &str = "Invalid credentials or insufficient permissions";
pub(super) const SIGN_IN_EXPIRED: &str =
    "This sign-in has expired. Please enter your email and password again.";
/// Longer input cannot be an account's address (RFC 5321), and is not worth a hash or a log line.
const MAX_EMAIL_BYTES: usize = 254;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoginForm {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    password: String,
    /// 'Keep me signed in on this device': the session lasts 30 days instead of ending after two
    /// idle hours.
    #[serde(default)]
    keep_signed_in: bool,
}

/// `POST /api/admin/login`.
#[utoipa::path(
    post,
    path = "/login",
    tag = "admin",
    request_body = LoginForm,
    responses(
        (status = 200, description = "Signed in (the session cookie is set), or, with two-factor sign-in on, the challenge to send a code with (and, where the shop requires it of an account without it, the app to set up first).",
            body = LoginAnswer,
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
    State(site): State<Arc<SiteDetails>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
    Checked(Json(form)): Checked<Json<LoginForm>>,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
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
    if let Err(throttled) = throttle::ensure_open(&desk.db, &keys).await {
        audit::record(&desk.db, &actor, Action::SignInThrottled, "").await?;
        return Err(throttled);
    }
    let _turn = desk.hashing_turn().await?;
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
        Some(account) if verified => account,
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
    // With two-factor sign-in on, a right password only earns the question for a code (unless
    // this browser is trusted). Failures are not cleared yet, so codes cannot be guessed by
    // signing in again and again.
    let trusted = match jar.get(desk.cookies.trusted_name()) {
        Some(cookie) if account.totp_secret.is_some() => {
            two_factor::is_trusted(&desk.db, account.id, cookie.value()).await?
        }
        _ => false,
    };
    if account.totp_secret.is_some() && !trusted {
        let challenge = two_factor::start_challenge(&desk.db, account.id).await?;
        return Ok(Json(LoginAnswer::CodeNeeded(CodeNeeded { code_needed: true, challenge })).into_response());
    }
    // The shop requires two steps of everyone: an account without an app sets one up first.
    if account.totp_secret.is_none() && team_store::two_step_required(&desk.db).await? {
        let secret = two_factor::new_secret();
        two_factor::set_pending(&desk.db, account.id, &secret).await?;
        let setup = two_factor::enrolment(&secret, &account.email, &site.content().business.name)?;
        let challenge = two_factor::start_challenge(&desk.db, account.id).await?;
        let answer = SetupNeeded { setup_needed: true, challenge, setup };
        return Ok(Json(LoginAnswer::SetupNeeded(answer)).into_response());
    }
    throttle::clear(&desk.db, &keys).await?;
    let detail = if trusted { "on a trusted device" } else { "" };
    let kept = form.keep_signed_in;
    let (jar, info) =
        start_session(&desk, jar, &account, SessionStart { client_ip: &client_ip, kept, detail }, &headers)
            .await?;
    Ok((jar, Json(LoginAnswer::SignedIn(info))).into_response())
}

/// How a sign-in ends: from where, whether the session is kept on the device, and what the audit
/// log says of it.
pub(super) struct SessionStart<'a> {
    pub client_ip: &'a str,
    pub kept: bool,
    pub detail: &'a str,
}

/// Signs `account` in: a new session (ending the one the browser came with), its cookie, and the
/// audit entry.
pub(super) async fn start_session(
    desk: &AuthDesk,
    jar: CookieJar,
    account: &users::Account,
    start: SessionStart<'_>,
    headers: &HeaderMap,
) -> Result<(CookieJar, SessionInfo), ApiError> {
    let SessionStart { client_ip, kept, detail } = start;
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("");
    let origin = session::Origin { client_ip, user_agent, kept };
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip };
    let detail = match (kept, detail) {
        (true, "") => "kept signed in for 30 days".to_owned(),
        (true, detail) => format!("{detail}, kept signed in for 30 days"),
        (false, detail) => detail.to_owned(),
    };
    let line = Line { actor: &actor, action: Action::SignIn, detail };
    let session = session::create(&desk.db, account.id, desk.token(&jar), &origin, &line).await?;
    let user = SessionUser {
        user_id: account.id,
        email: account.email.clone(),
        name: account.name.clone(),
        role: account.role,
        csrf_token: session.csrf_token,
    };
    Ok((jar.add(desk.cookies.session(session.token, kept)), SessionInfo::of(&user)))
}

/// What a right password gets: a session, or the question for a code.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    SignedIn(SessionInfo),
    CodeNeeded(CodeNeeded),
    SetupNeeded(SetupNeeded),
}

/// Two-factor sign-in is on: send a code with this challenge to `POST /api/admin/login/code`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeNeeded {
    /// Always true.
    code_needed: bool,
    /// Names this sign-in for five minutes and five codes.
    challenge: String,
}

/// The shop requires two-step sign-in and this account has no authenticator app yet: add one
/// with `setup`, then send its code to `POST /api/admin/login/code` with the challenge.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupNeeded {
    /// Always true.
    setup_needed: bool,
    /// Names this sign-in for five minutes and five codes.
    challenge: String,
    setup: two_factor::Enrolment,
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
    /// The recovery codes of the two-step sign-in set up with this sign-in (the shop requires
    /// it), shown only now; null otherwise.
    recovery_codes: Option<Vec<String>>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Account {
    id: i64,
    email: String,
    /// Empty for a member without one.
    name: String,
    role: Role,
}

impl SessionInfo {
    fn of(user: &SessionUser) -> Self {
        Self {
            user: Account {
                id: user.user_id,
                email: user.email.clone(),
                name: user.name.clone(),
                role: user.role,
            },
            csrf_token: user.csrf_token.clone(),
            recovery_codes: None,
        }
    }

    pub(super) fn with_recovery_codes(self, codes: Vec<String>) -> Self {
        Self { recovery_codes: Some(codes), ..self }
    }
}

/// Who is signed in: the admin and the CSRF token, or neither.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentSession {
    user: Option<Account>,
    csrf_token: Option<String>,
}

/// `GET /api/admin/session`: the signed-in admin, or `user: null` when nobody is signed in
/// (not an error: the admin app asks this before anyone signs in).
#[utoipa::path(
    get,
    path = "/session",
    tag = "admin",
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The signed-in admin, or nobody.", body = CurrentSession),
        (status = 403, description = "The session's account may not use the admin area.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached.", body = ErrorBody)
    )
)]
pub async fn current(admin: Result<Admin, ApiError>) -> Result<Json<CurrentSession>, ApiError> {
    match admin {
        Ok(admin) => {
            let SessionInfo { user, csrf_token, .. } = SessionInfo::of(&admin.user);
            Ok(Json(CurrentSession { user: Some(user), csrf_token: Some(csrf_token) }))
        }
        Err(ApiError::Unauthorized) => Ok(Json(CurrentSession { user: None, csrf_token: None })),
        Err(error) => Err(error),
    }
}

/// `POST /api/admin/logout`: ends the session the cookie names and removes the cookie. Only a
/// same-origin request is needed, not the CSRF token: a tab that holds an older session's token
/// (the owner signed in again in another tab) must still be able to sign out, and ending one's
/// own session is nothing a forged request could gain from. The browser is told to drop its HTTP
/// cache (`Clear-Site-Data: "cache"`); the admin app deletes its service worker's offline copies
/// itself, and the worker does too when the server says nobody is signed in.
#[utoipa::path(
    post,
    path = "/logout",
    tag = "admin",
    security((), ("session" = [])),
    responses(
        (status = 204, description = "Signed out: the session (if any) is ended, the cookie removed and the browser's caches cleared.",
            headers(
                ("Set-Cookie" = String, description = "The session cookie, expired"),
                ("Clear-Site-Data" = String, description = "`\"cache\"`")
            )),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody)
    )
)]
pub async fn logout(
    State(desk): State<Arc<AuthDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    if let Some(token) = desk.token(&jar)
        && let Some(user) = session::find(&desk.db, token).await?
    {
        let client_ip = client.to_string();
        let actor = Actor { user_id: Some(user.user_id), email: &user.email, client_ip: &client_ip };
        let line = Line { actor: &actor, action: Action::SignOut, detail: String::new() };
        session::delete(&desk.db, token, &line).await?;
    }
    let clear = [(header::HeaderName::from_static("clear-site-data"), "\"cache\"")];
    Ok((jar.add(desk.cookies.removal()), clear, StatusCode::NO_CONTENT).into_response())
}
