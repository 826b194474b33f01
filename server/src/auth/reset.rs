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
    audit::{self, Action, Actor},
    guard::{AuthDesk, same_origin},
    password::Password,
    session::{random_token, token_hash},
    throttle, users,
};
use crate::{
    api_doc::{BodyRefusals, ErrorBody},
    client::ClientAddress,
    clock,
    db::Db,
    delivery::Outbox,
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
    with_db,
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
    let email = form.email.trim().to_lowercase();
    if email.is_empty() {
        return Err(ApiError::invalid("email", "Email is required"));
    }
    if email.len() > 254 {
        return Err(ApiError::invalid("email", "Invalid email format"));
    }
    let (email_configured, _) = outbox.configured();
    if !email_configured {
        return Ok((StatusCode::ACCEPTED, Json(ResetAsked { email_configured, message: NO_EMAIL })));
    }
    let client_ip = client.to_string();
    let keys = [(format!("account:{email}"), PER_ADDRESS), (format!("address:{client_ip}"), PER_NETWORK)];
    if !count_request(&desk.db, &keys).await? {
        return Err(ApiError::TooManyRequests(TOO_MANY.into()));
    }
    if let Some(account) = users::find_by_email(&desk.db, &email).await?.filter(|a| a.role == "admin") {
        // The link is made, kept and sent after the answer, so an address with an account is
        // answered as soon as one without. It is sent now, not through the outbox: the link must
        // not be stored, and a lost one is asked for again.
        let (db, link_base) = (desk.db.clone(), format!("{}/dbadmin/reset/", desk.public_url));
        let when = clock::on_shop_clock(&clock::now(), &site.content().business.zone());
        tokio::spawn(async move {
            let token = random_token();
            let sent = async {
                store(&db, account.id, &token).await?;
                let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
                audit::record(&db, &actor, Action::PasswordResetAsked, "").await?;
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

/// Counts a request against each key; false (and nothing counted) when a key is at its limit.
async fn count_request(db: &Db, keys: &[(String, i64)]) -> anyhow::Result<bool> {
    let since = clock::before(WINDOW);
    let now = clock::now();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM reset_requests WHERE at < $1").bind(&since).execute(&mut *tx).await?;
        for (key, limit) in keys {
            let made: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM reset_requests WHERE key = $1 AND at >= $2")
                    .bind(key)
                    .bind(&since)
                    .fetch_one(&mut *tx)
                    .await?;
            if made >= *limit {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        for (key, _) in keys {
            sqlx::query("INSERT INTO reset_requests (key, at) VALUES ($1, $2)")
                .bind(key)
                .bind(&now)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    });
    Ok(true)
}

async fn store(db: &Db, user_id: i64, token: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM password_resets WHERE expires_at < $1")
            .bind(clock::now())
            .execute(pool)
            .await?;
        sqlx::query(
            "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash(token))
        .bind(user_id)
        .bind(clock::now())
        .bind(clock::after(VALID_FOR))
        .execute(pool)
        .await?;
    });
    Ok(())
}

/// Whom a link is for, while it works.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    /// The account's e-mail address.
    email: String,
    /// When the link stops working (UTC).
    expires_at: String,
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
    let found: Option<(String, String)> = with_db!(&desk.db, |pool| {
        sqlx::query_as(
            "SELECT u.email, r.expires_at FROM password_resets r JOIN users u ON u.id = r.user_id
             WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2",
        )
        .bind(token_hash(&token))
        .bind(clock::now())
        .fetch_optional(pool)
        .await
        .map_err(anyhow::Error::from)?
    });
    let (email, expires_at) = found.ok_or_else(gone)?;
    Ok(Json(ResetLink { email, expires_at }))
}

/// The account link `hash` is for, while it works.
async fn link_owner(db: &Db, hash: &str) -> anyhow::Result<Option<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(hash)
        .bind(clock::now())
        .fetch_optional(pool)
        .await?
    }))
}

/// Whether a link `hash` was ever made (used or expired since): only such a refusal is audited,
/// so made-up tokens cannot fill the audit log.
async fn link_exists(db: &Db, hash: &str) -> anyhow::Result<bool> {
    let found: Option<String> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT token_hash FROM password_resets WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(pool)
            .await?
    });
    Ok(found.is_some())
}

/// Uses link `hash` for account `user_id`, in one transaction: the link taken (once, even when
/// used twice at once), the new password, every session ended and every other link forgotten.
/// False when the link was used or expired meanwhile.
async fn take_link(db: &Db, hash: &str, user_id: i64, password_hash: &str) -> anyhow::Result<bool> {
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let taken: Option<i64> = sqlx::query_scalar(
            "UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
             RETURNING user_id",
        )
        .bind(hash)
        .bind(clock::now())
        .fetch_optional(&mut *tx)
        .await?;
        if taken != Some(user_id) {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1 AND token_hash <> $2")
            .bind(user_id)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Forgets every reset link of `user_id` (the password was changed another way).
pub async fn forget_links(db: &Db, user_id: i64) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1").bind(user_id).execute(pool).await?;
    });
    Ok(())
}

fn gone() -> ApiError {
    ApiError::Rejected(StatusCode::GONE, LINK_GONE.to_owned())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewPassword {
    /// 12 to 256 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 12, max_length = 256)]
    new_password: String,
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
    let mut errors = FieldErrors::default();
    let password = errors.check("newPassword", Password::parse(&form.new_password));
    let Some(password) = password.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Invalid(errors));
    };
    let client_ip = client.to_string();
    let hash = token_hash(&token);
    let Some(account) = (match link_owner(&desk.db, &hash).await? {
        Some(id) => users::find_by_id(&desk.db, id).await?,
        None => None,
    }) else {
        if link_exists(&desk.db, &hash).await? {
            let actor = Actor { user_id: None, email: "", client_ip: &client_ip };
            audit::record(&desk.db, &actor, Action::PasswordResetRefused, "").await?;
        }
        return Err(gone());
    };
    let _turn = desk.hashing_turn().await?;
    let password_hash =
        tokio::task::spawn_blocking(move || password.hash()).await.map_err(anyhow::Error::from)??;
    if !take_link(&desk.db, &hash, account.id, &password_hash).await? {
        return Err(gone());
    }
    throttle::clear_account(&desk.db, &account.email).await?;
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: &client_ip };
    audit::record(&desk.db, &actor, Action::PasswordReset, "every session signed out").await?;
    Ok(StatusCode::NO_CONTENT)
}
