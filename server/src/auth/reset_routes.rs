//! 'Forgot password?': a one-time link e-mailed to the account, valid for 30 minutes, of which
//! the database keeps only the SHA-256. The answer to a request is the same whether or not the
//! address has an account; requests are throttled per address and per network whichever it is.
//! Using the link sets a new password, ends every session of the account and is audited; the
//! owner then signs in as usual, two-factor code included.

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
};
use serde::{Deserialize, Serialize};

use super::{
    guard::{AuthDesk, same_origin},
    password::Password,
    reset_store,
    session::{random_token, token_hash},
    throttle, users,
};
use crate::audit::{self, Action, Actor, Line};
use crate::{
    api_doc::{BodyRefusals, ErrorBody},
    client_address::ClientAddress,
    clock::At,
    delivery::Outbox,
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
};

/// How long a link works.
pub const VALID_FOR: Duration = Duration::from_secs(30 * 60);
/// Requests counted per address and per network, and in how long.
const PER_ADDRESS: i64 = 3;
const PER_NETWORK: i64 = 10;
const WINDOW: Duration = Duration::from_secs(60 * 60);
const SENT: &str = "If that address belongs to an admin account, a link to set a new password is on its way. It works once, for 30 minutes.";
const NO_EMAIL: &str = "This server cannot send e-mail, so no link can be sent. On the server, run: trailerworks admin set-password --email YOUR-ADDRESS";
const TOO_MANY: &str =
    "Too many reset links were asked for. Please wait an hour, or check the e-mail already sent.";
const LINK_GONE: &str = "This link has been used or has expired. Ask for a new one from the sign-in page.";

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetRequest {
    /// The account's e-mail address.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 254)]
    email: String,
}

/// What the sign-in page says after a request, the same for any address.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetAsked {
    /// Whether the server can send e-mail at all (no link can come otherwise).
    email_configured: bool,
    message: &'static str,
}

/// `POST /api/admin/password-reset`: e-mails a one-time link to set a new password, when the
/// address has an admin account.
#[utoipa::path(
    post,
    path = "/password-reset",
    tag = "admin",
    request_body = ResetRequest,
    responses(
        (status = 202, description = "The same answer for any address: a link is on its way if it has an account.", body = ResetAsked),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 429, description = "Too many links asked for from this address or network in the last hour.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody),
        BodyRefusals
    )
)]
pub async fn ask(
    State(desk): State<Arc<AuthDesk>>,
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    Checked(Json(form)): Checked<Json<ResetRequest>>,
) -> Result<(StatusCode, Json<ResetAsked>), ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    // At most 254 characters as sent (what the API document says), spaces around it included.
    if form.email.chars().count() > 254 {
        return Err(ApiError::invalid("email", "Invalid email format"));
    }
    let email = form.email.trim().to_lowercase();
    if email.is_empty() {
        return Err(ApiError::invalid("email", "Email is required"));
    }
    let (email_configured, _) = outbox.configured();
    if !email_configured {
        return Ok((StatusCode::ACCEPTED, Json(ResetAsked { email_configured, message: NO_EMAIL })));
    }
    let client_ip = client.to_string();
    let keys = [(format!("account:{email}"), PER_ADDRESS), (format!("address:{client_ip}"), PER_NETWORK)];
    if !reset_store::count_request(&desk.db, &keys, WINDOW).await? {
        return Err(ApiError::TooManyRequests(TOO_MANY.into()));
    }
    if let Some(account) = users::find_by_email(&desk.db, &email).await? {
        // The link is made, kept and sent after the answer, so an address with an account is
        // answered as soon as one without. It is sent now, not through the outbox: the link must
        // not be stored, and a lost one is asked for again.
        let (db, link_base) = (desk.db.clone(), format!("{}/dbadmin/reset/", desk.public_url));
        let when = db.clock.stamp().on_shop_clock(&site.content().business.zone());
        tokio::spawn(async move {
            let token = random_token();
            let sent = async {
                let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
                let line = Line { actor: &actor, action: Action::PasswordResetAsked, detail: String::new() };
                reset_store::keep_link(&db, &token_hash(&token), VALID_FOR, &line).await?;
                let body = format!(
                    "Someone (hopefully you) asked for a new password for the admin account {to}.\n\n\
                     Set a new password here (the link works once, for 30 minutes):\n{link_base}{token}\n\n\
                     Asked from the network address {client_ip} on {when}. If it was not you, ignore this \
                     e-mail: your password stays as it is.\n",
                    to = account.email,
                );
                outbox.send_now(&account.email, "Set a new admin password", body).await
            };
            if let Err(error) = sent.await {
                tracing::warn!("The password reset link could not be sent: {error:#}");
            }
        });
    }
    Ok((StatusCode::ACCEPTED, Json(ResetAsked { email_configured, message: SENT })))
}

/// Whom a link is for, while it works.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    /// The account's e-mail address.
    email: String,
    /// When the link stops working (UTC).
    expires_at: At,
}

/// `GET /api/admin/password-reset/{token}`: whether the link still works, and for whom.
#[utoipa::path(
    get,
    path = "/password-reset/{token}",
    tag = "admin",
    params(("token" = String, Path, description = "The token from the e-mailed link.")),
    responses(
        (status = 200, description = "The link works.", body = ResetLink),
        (status = 410, description = "The link was used, has expired, or never existed.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached.", body = ErrorBody)
    )
)]
pub async fn check(
    State(desk): State<Arc<AuthDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
) -> Result<Json<ResetLink>, ApiError> {
    let (email, expires_at) =
        reset_store::working_link(&desk.db, &token_hash(&token)).await?.ok_or_else(gone)?;
    Ok(Json(ResetLink { email, expires_at }))
}

fn gone() -> ApiError {
    ApiError::Rejected(StatusCode::GONE, LINK_GONE.to_owned())
}

/// The password a one-time link sets (a reset, an invitation to the team).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewPassword {
    /// 12 to 256 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 12, max_length = 256)]
    new_password: String,
}

impl NewPassword {
    /// The password, when it meets the rules; else 422 saying why.
    pub fn checked(&self) -> Result<Password, ApiError> {
        let mut errors = FieldErrors::default();
        errors.check("newPassword", Password::parse(&self.new_password)).ok_or(ApiError::Invalid(errors))
    }
}

/// `POST /api/admin/password-reset/{token}`: sets the new password with the link (once), and
/// signs the account out everywhere.
#[utoipa::path(
    post,
    path = "/password-reset/{token}",
    tag = "admin",
    params(("token" = String, Path, description = "The token from the e-mailed link.")),
    request_body = NewPassword,
    responses(
        (status = 204, description = "The password is set; every session of the account ended. Sign in with it."),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 410, description = "The link was used, has expired, or never existed.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody),
        BodyRefusals
    )
)]
pub async fn complete(
    State(desk): State<Arc<AuthDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Json(form)): Checked<Json<NewPassword>>,
) -> Result<StatusCode, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    let password = form.checked()?;
    let client_ip = client.to_string();
    let hash = token_hash(&token);
    let Some(account) = (match reset_store::link_owner(&desk.db, &hash).await? {
        Some(id) => users::find_by_id(&desk.db, id).await?,
        None => None,
    }) else {
        if reset_store::link_exists(&desk.db, &hash).await? {
            let actor = Actor { user_id: None, email: "", client_ip: &client_ip };
            audit::record(&desk.db, &actor, Action::PasswordResetRefused, "").await?;
        }
        return Err(gone());
    };
    let password_hash = desk.hash(password).await?;
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
    let line =
        Line { actor: &actor, action: Action::PasswordReset, detail: "every session signed out".to_owned() };
    if !reset_store::take_link(&desk.db, &hash, account.id, &password_hash, &line).await? {
        return Err(gone());
    }
    throttle::clear_account(&desk.db, &account.email).await?;
    Ok(StatusCode::NO_CONTENT)
}
