//! The second step of a sign-in: a code from the authenticator app or a recovery code; or, where
//! the shop requires two-step sign-in of an account that has no app yet, the first code of the
//! app it has just added, which turns two-step sign-in on.

use std::sync::Arc;

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};
use axum_extra::extract::CookieJar;
use serde::Deserialize;

use super::{
    guard::{AuthDesk, same_origin},
    routes::{SIGN_IN_EXPIRED, SessionInfo, SessionStart, start_session},
    throttle::{self, Keys},
    two_factor::{self, Accepted},
    users::{self, Account},
};
use crate::audit::{self, Action, Actor, Line};
use crate::{
    api_doc::{BodyRefusals, ErrorBody},
    client_address::ClientAddress,
    error::{ApiError, Checked},
};

const CODE_REQUIRED: &str = "Enter the 6-digit code from your authenticator app, or a recovery code";

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignInCodeForm {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    challenge: String,
    /// Six digits from the authenticator app, or one of the recovery codes.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    code: String,
    /// Let this browser skip the code for 30 days.
    #[serde(default)]
    trust_device: bool,
    /// 'Keep me signed in on this device', as chosen with the password.
    #[serde(default)]
    keep_signed_in: bool,
}

/// `POST /api/admin/login/code`: the second step of a two-factor sign-in, or the first code of
/// the app an account sets up at sign-in because the shop requires it.
#[utoipa::path(
    post,
    path = "/login/code",
    tag = "admin",
    request_body = SignInCodeForm,
    responses(
        (status = 200, description = "Signed in: the session cookie (and, if asked, the trusted-device cookie) is set; with the recovery codes when two-step sign-in was set up just now.",
            body = SessionInfo,
            headers(("Set-Cookie" = String, description = "The session cookie; the trusted-device cookie"))),
        (status = 401, description = "The code is not right, or the sign-in expired.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 429, description = "Too many failed sign-ins (see Retry-After).", body = ErrorBody,
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody),
        BodyRefusals
    )
)]
pub async fn login_code(
    State(desk): State<Arc<AuthDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
    Checked(Json(form)): Checked<Json<SignInCodeForm>>,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    if form.code.trim().is_empty() {
        return Err(ApiError::invalid("code", CODE_REQUIRED));
    }
    let expired = || ApiError::Rejected(StatusCode::UNAUTHORIZED, SIGN_IN_EXPIRED.to_owned());
    let user_id = two_factor::challenge_try(&desk.db, &form.challenge).await?.ok_or_else(expired)?;
    let account = users::find_by_id(&desk.db, user_id).await?.ok_or_else(expired)?;
    let client_ip = client.to_string();
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
    let keys = Keys::new(&account.email, &client_ip);
    if let Err(throttled) = throttle::ensure_open(&desk.db, &keys).await {
        audit::record(&desk.db, &actor, Action::SignInThrottled, "").await?;
        return Err(throttled);
    }
    let checked = match account.totp_secret.as_deref() {
        Some(secret) => {
            two_factor::accept_code(&desk.db, account.id, secret, &form.code).await?.map(|accepted| {
                let detail = match accepted {
                    Accepted::Authenticator => "with an authenticator code".to_owned(),
                    Accepted::RecoveryCode { left } => format!("with a recovery code ({left} left)"),
                };
                (detail, None)
            })
        }
        None => set_up(&desk, &account, &actor, &form.code).await?,
    };
    let (detail, recovery_codes) = match checked {
        Ok(checked) => checked,
        Err(refused) => {
            throttle::record_failure(&desk.db, &keys).await?;
            audit::record(&desk.db, &actor, Action::SignInCodeFailed, "").await?;
            return Err(ApiError::Rejected(StatusCode::UNAUTHORIZED, refused.message().to_owned()));
        }
    };
    two_factor::end_challenge(&desk.db, &form.challenge).await?;
    throttle::clear(&desk.db, &keys).await?;
    let mut jar = jar;
    if form.trust_device {
        let token = two_factor::trust_device(&desk.db, account.id).await?;
        jar = jar.add(desk.cookies.trusted(token, two_factor::TRUST_FOR));
    }
    let start = SessionStart { client_ip: &client_ip, kept: form.keep_signed_in, detail: &detail };
    let (jar, info) = start_session(&desk, jar, &account, start, &headers).await?;
    let info = match recovery_codes {
        Some(codes) => info.with_recovery_codes(codes),
        None => info,
    };
    Ok((jar, Json(info)).into_response())
}

/// The account has no app yet (the shop requires one, and the password step set one up): a right
/// code of that app turns two-step sign-in on. The sign-in's words for the audit log and the
/// recovery codes, or why the code is refused.
async fn set_up(
    desk: &AuthDesk,
    account: &Account,
    actor: &Actor<'_>,
    code: &str,
) -> Result<Result<(String, Option<Vec<String>>), two_factor::Refused>, ApiError> {
    let expired = || ApiError::Rejected(StatusCode::UNAUTHORIZED, SIGN_IN_EXPIRED.to_owned());
    let pending =
        two_factor::settings(&desk.db, account.id).await?.totp_pending_secret.ok_or_else(expired)?;
    let Some(step) = two_factor::code_step(&pending, code, desk.db.clock.now()) else {
        return Ok(Err(two_factor::Refused::Wrong));
    };
    let codes = two_factor::new_recovery_codes();
    let line = Line {
        actor,
        action: Action::TwoFactorEnabled,
        detail: "at sign-in, as the shop requires".to_owned(),
    };
    two_factor::enable(&desk.db, account.id, step, &codes, &line).await?;
    Ok(Ok(("setting up two-step sign-in".to_owned(), Some(codes))))
}
