//! The signed-in admin's own account, under /api/admin/account: the password, the sessions, and
//! two-factor sign-in (turning it on and off, new recovery codes). Every code or password tried
//! here counts against the account's sign-in throttle, and every change is in the audit log.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};

use super::{
    account_store,
    guard::{Admin, AuthDesk},
    password::{self, Password},
    session, team_store,
    throttle::{self, Keys},
    two_factor::{self, Accepted, Enrolment, Refused},
    users,
};
use crate::audit::{self, Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
};

const WRONG_PASSWORD: &str = "The current password is not right";
const ALREADY_ON: &str = "Two-factor sign-in is on already. Turn it off first to use another app.";
const REQUIRED: &str =
    "The shop requires two-step sign-in of everyone, so it stays on. An owner can change that under Team.";
const NOT_ON: &str = "Two-factor sign-in is not on.";
const NOT_SET_UP: &str = "Start again: the setup expired.";

/// The account page.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountInfo {
    email: String,
    /// Whether sign-in asks for a code from an authenticator app.
    two_factor: bool,
    /// Unused recovery codes (0 when two-factor sign-in is off).
    recovery_codes_left: i64,
    /// Live sessions, the most recently used first.
    sessions: Vec<session::SessionListing>,
}

/// `GET /api/admin/account`.
#[utoipa::path(
    get,
    path = "/account",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "The signed-in admin's account.", body = AccountInfo), AdminRefusals)
)]
pub async fn show(State(desk): State<Arc<AuthDesk>>, admin: Admin) -> Result<Json<AccountInfo>, ApiError> {
    let settings = two_factor::settings(&desk.db, admin.user.user_id).await?;
    Ok(Json(AccountInfo {
        email: admin.user.email.clone(),
        two_factor: settings.totp_secret.is_some(),
        recovery_codes_left: two_factor::recovery_codes_left(&desk.db, admin.user.user_id).await?,
        sessions: session::list(&desk.db, admin.user.user_id, &admin.token).await?,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordChange {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    current_password: String,
    /// 12 to 256 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 12, max_length = 256)]
    new_password: String,
}

/// `PUT /api/admin/account/password`: a new password (the rules of `trailerworks admin
/// set-password`); every other session of the account ends.
#[utoipa::path(
    put,
    path = "/account/password",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "The password is changed; other sessions are signed out."),
        (status = 429, description = "Too many wrong passwords or codes (see Retry-After).", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change_password(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    Checked(Json(form)): Checked<Json<PasswordChange>>,
) -> Result<StatusCode, ApiError> {
    let mut errors = FieldErrors::default();
    if form.current_password.is_empty() {
        errors.add("currentPassword", "Enter your current password");
    }
    let new_password = errors.check("newPassword", Password::parse(&form.new_password));
    let Some(new_password) = new_password.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Invalid(errors));
    };
    let keys = Keys::new(&admin.user.email, &admin.client_ip);
    throttle::ensure_open(&desk.db, &keys).await?;
    let account = users::find_by_id(&desk.db, admin.user.user_id).await?.ok_or(ApiError::Unauthorized)?;
    let _turn = desk.hashing_turn().await?;
    let (stored, given) = (account.password_hash, form.current_password);
    let right = tokio::task::spawn_blocking(move || password::verify(&stored, &given))
        .await
        .map_err(anyhow::Error::from)?;
    if !right {
        throttle::record_failure(&desk.db, &keys).await?;
        audit::record(&desk.db, &admin.actor(), Action::PasswordChangeFailed, "").await?;
        return Err(ApiError::invalid("currentPassword", WRONG_PASSWORD));
    }
    let hash =
        tokio::task::spawn_blocking(move || new_password.hash()).await.map_err(anyhow::Error::from)??;
    account_store::change_password(&desk.db, account.id, &admin.token, &hash, &admin.actor()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How many sessions ended.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Ended {
    ended: u64,
}

/// `POST /api/admin/account/sign-out-others`: ends every other session of the account and
/// forgets the browsers it trusted.
#[utoipa::path(
    post,
    path = "/account/sign-out-others",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    responses((status = 200, description = "The other sessions are ended.", body = Ended), AdminRefusals)
)]
pub async fn sign_out_others(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
) -> Result<Json<Ended>, ApiError> {
    let ended =
        account_store::sign_out_others(&desk.db, admin.user.user_id, &admin.token, &admin.actor()).await?;
    Ok(Json(Ended { ended }))
}

/// `DELETE /api/admin/account/sessions/{id}`: signs out one device (one of the sessions the
/// account page lists; the current one too, which is then signed out).
#[utoipa::path(
    delete,
    path = "/account/sessions/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = String, Path, description = "The session's id, as the account page lists it.")),
    responses(
        (status = 204, description = "The session is ended."),
        (status = 404, description = "The account has no such session (it ended already).", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn end_session(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<String>>,
) -> Result<StatusCode, ApiError> {
    if !account_store::end_session(&desk.db, admin.user.user_id, &id, &admin.actor()).await? {
        return Err(ApiError::NotFound("That device is signed out already."));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/account/two-factor/setup`: a new secret to add to an authenticator app; it
/// takes effect once a code from it is confirmed.
#[utoipa::path(
    post,
    path = "/account/two-factor/setup",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    responses(
        (status = 200, description = "The secret, its QR code and address.", body = Enrolment),
        (status = 409, description = "Two-factor sign-in is on already.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn setup(
    State(desk): State<Arc<AuthDesk>>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
) -> Result<Json<Enrolment>, ApiError> {
    if two_factor::settings(&desk.db, admin.user.user_id).await?.totp_secret.is_some() {
        return Err(ApiError::conflict(ALREADY_ON));
    }
    let secret = two_factor::new_secret();
    two_factor::set_pending(&desk.db, admin.user.user_id, &secret).await?;
    Ok(Json(two_factor::enrolment(&secret, &admin.user.email, &site.content().business.name)?))
}

/// A code from the authenticator app, or (where it says so) a recovery code.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TwoFactorCodeForm {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    code: String,
}

/// Recovery codes, shown once.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    recovery_codes: Vec<String>,
}

/// The throttle's keys for `admin`, or 429 while they must wait.
async fn unthrottled(desk: &AuthDesk, admin: &Admin) -> Result<Keys, ApiError> {
    let keys = Keys::new(&admin.user.email, &admin.client_ip);
    throttle::ensure_open(&desk.db, &keys).await?;
    Ok(keys)
}

/// A wrong code: counted, logged, and answered under the code field.
async fn wrong_code(desk: &AuthDesk, admin: &Admin, keys: &Keys, refused: Refused) -> ApiError {
    let recorded = async {
        throttle::record_failure(&desk.db, keys).await?;
        audit::record(&desk.db, &admin.actor(), Action::SignInCodeFailed, "").await
    };
    match recorded.await {
        Ok(()) => ApiError::invalid("code", refused.message()),
        Err(error) => ApiError::Internal(error),
    }
}

/// `POST /api/admin/account/two-factor/enable`: confirms the app with one of its codes and turns
/// two-factor sign-in on; answers the ten recovery codes, which are shown only now.
#[utoipa::path(
    post,
    path = "/account/two-factor/enable",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = TwoFactorCodeForm,
    responses(
        (status = 200, description = "On: the recovery codes.", body = RecoveryCodes),
        (status = 409, description = "On already, or the setup expired.", body = ErrorBody),
        (status = 429, description = "Too many wrong codes (see Retry-After).", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn enable(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    Checked(Json(TwoFactorCodeForm { code })): Checked<Json<TwoFactorCodeForm>>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    let settings = two_factor::settings(&desk.db, admin.user.user_id).await?;
    if settings.totp_secret.is_some() {
        return Err(ApiError::conflict(ALREADY_ON));
    }
    let pending = settings.totp_pending_secret.ok_or(ApiError::conflict(NOT_SET_UP))?;
    let keys = unthrottled(&desk, &admin).await?;
    let Some(step) = two_factor::code_step(&pending, &code, desk.db.clock.now()) else {
        return Err(wrong_code(&desk, &admin, &keys, Refused::Wrong).await);
    };
    let codes = two_factor::new_recovery_codes();
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::TwoFactorEnabled, detail: String::new() };
    two_factor::enable(&desk.db, admin.user.user_id, step, &codes, &line).await?;
    throttle::clear(&desk.db, &keys).await?;
    Ok(Json(RecoveryCodes { recovery_codes: codes }))
}

/// Uses up `code` (an app code or a recovery code) of the signed-in admin, or refuses it.
async fn accept_code(desk: &AuthDesk, admin: &Admin, code: &str) -> Result<Accepted, ApiError> {
    let secret = two_factor::settings(&desk.db, admin.user.user_id)
        .await?
        .totp_secret
        .ok_or(ApiError::conflict(NOT_ON))?;
    let keys = unthrottled(desk, admin).await?;
    match two_factor::accept_code(&desk.db, admin.user.user_id, &secret, code).await? {
        Ok(accepted) => {
            throttle::clear(&desk.db, &keys).await?;
            Ok(accepted)
        }
        Err(refused) => Err(wrong_code(desk, admin, &keys, refused).await),
    }
}

/// `POST /api/admin/account/two-factor/disable`: turns two-factor sign-in off, given a code from
/// the app or a recovery code; trusted browsers are forgotten.
#[utoipa::path(
    post,
    path = "/account/two-factor/disable",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = TwoFactorCodeForm,
    responses(
        (status = 204, description = "Off."),
        (status = 409, description = "It was not on, or the shop requires it of everyone.", body = ErrorBody),
        (status = 429, description = "Too many wrong codes (see Retry-After).", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn disable(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    Checked(Json(TwoFactorCodeForm { code })): Checked<Json<TwoFactorCodeForm>>,
) -> Result<StatusCode, ApiError> {
    if team_store::two_step_required(&desk.db).await? {
        return Err(ApiError::conflict(REQUIRED));
    }
    accept_code(&desk, &admin, &code).await?;
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::TwoFactorDisabled, detail: String::new() };
    two_factor::disable(&desk.db, admin.user.user_id, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/account/two-factor/recovery-codes`: ten new recovery codes (the old ones
/// stop working), given a code from the app or a recovery code.
#[utoipa::path(
    post,
    path = "/account/two-factor/recovery-codes",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = TwoFactorCodeForm,
    responses(
        (status = 200, description = "The new recovery codes.", body = RecoveryCodes),
        (status = 409, description = "Two-factor sign-in is not on.", body = ErrorBody),
        (status = 429, description = "Too many wrong codes (see Retry-After).", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn new_recovery_codes(
    State(desk): State<Arc<AuthDesk>>,
    admin: Admin,
    Checked(Json(TwoFactorCodeForm { code })): Checked<Json<TwoFactorCodeForm>>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    accept_code(&desk, &admin, &code).await?;
    let codes = two_factor::new_recovery_codes();
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::RecoveryCodesReplaced, detail: String::new() };
    two_factor::replace_recovery_codes(&desk.db, admin.user.user_id, &codes, &line).await?;
    Ok(Json(RecoveryCodes { recovery_codes: codes }))
}
