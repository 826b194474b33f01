//! Two-factor sign-in: codes from an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s,
//! one step of clock drift either way, no code accepted twice), ten one-time recovery codes,
//! browsers trusted for 30 days, and the sign-ins whose password was right waiting for a code.
//! Recovery codes and tokens are stored only as their SHA-256; the owner is never locked out for
//! good: `trailerworks admin reset-2fa` turns it all off.

use std::time::Duration;

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use totp_rs::{Builder, Secret, Totp};

use super::session::{random_token, token_hash};
use crate::audit::{AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// How long "Trust this device" lets a browser skip the code.
pub const TRUST_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// How long a sign-in waits for its code, and how many codes it may try.
const CHALLENGE_LIFETIME: Duration = Duration::from_secs(5 * 60);
const CHALLENGE_ATTEMPTS: i64 = 5;
const RECOVERY_CODES: usize = 10;
/// Letters and digits that cannot be mistaken for each other when copied from paper.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new authenticator secret: 160 random bits, as base32 (what apps take when typed in).
pub fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    OsRng.fill_bytes(&mut bytes);
    Secret::new_stack(bytes).to_base32()
}

fn totp(secret: &str, account: &str, issuer: &str) -> anyhow::Result<Totp> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|e| anyhow::anyhow!("A stored TOTP secret is invalid: {e}"))?;
    // Apps show "issuer (account)"; neither may hold a colon.
    Builder::new()
        .with_secret(secret)
        .with_account_name(account.replace(':', " "))
        .with_issuer(Some(issuer.replace(':', " ")))
        .build()
        .map_err(|e| anyhow::anyhow!("Cannot make a TOTP: {e}"))
}

/// What the account page shows to set up an authenticator app.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrolment {
    /// The secret to type in when the QR code cannot be scanned (base32, in groups of four).
    pub secret: String,
    /// The `otpauth://` address the QR code holds.
    pub otpauth_url: String,
    /// The QR code as an SVG document.
    pub qr_svg: String,
}

pub fn enrolment(secret: &str, account: &str, issuer: &str) -> anyhow::Result<Enrolment> {
    let url = totp(secret, account, issuer)?.to_url().map_err(|e| anyhow::anyhow!("{e}"))?;
    let qr_svg = qrcode::QrCode::new(url.as_bytes())?
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    let grouped =
        secret.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>();
    Ok(Enrolment { secret: grouped.join(" "), otpauth_url: url, qr_svg })
}

/// The time step of `code` when it is the authenticator's code at `now` (give or take a step).
pub fn code_step(secret: &str, code: &str, now: jiff::Timestamp) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret, "", "x").ok()?;
    totp.check(&code, u64::try_from(now.as_second()).ok()?).and_then(|step| i64::try_from(step).ok())
}

/// Ten new recovery codes, as shown once: four groups of four, e.g. `k7pq-xm3a-...`.
pub fn new_recovery_codes() -> Vec<String> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; 16];
            OsRng.fill_bytes(&mut bytes);
            let chars: Vec<char> = bytes
                .iter()
                .map(|b| char::from(RECOVERY_ALPHABET[usize::from(*b) % RECOVERY_ALPHABET.len()]))
                .collect();
            chars.chunks(4).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("-")
        })
        .collect()
}

/// A recovery code as compared: lowercase, without spaces or dashes.
fn recovery_hash(code: &str) -> String {
    let plain: String =
        code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    token_hash(&plain)
}

/// Replaces the recovery codes of `$user_id` with `$codes`, inside the transaction `$tx`.
macro_rules! replace_codes {
    ($tx:expr, $user_id:expr, $codes:expr) => {
        sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
            .bind($user_id)
            .execute(&mut *$tx)
            .await?;
        for code in $codes {
            sqlx::query("INSERT INTO recovery_codes (code_hash, user_id) VALUES ($1, $2)")
                .bind(recovery_hash(code))
                .bind($user_id)
                .execute(&mut *$tx)
                .await?;
        }
    };
}

/// An account's two-factor settings.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct Settings {
    pub totp_secret: Option<String>,
    pub totp_pending_secret: Option<String>,
}

pub async fn settings(db: &Db, user_id: i64) -> anyhow::Result<Settings> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT totp_secret, totp_pending_secret FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?
            .unwrap_or_default()
    }))
}

/// Keeps `secret` as the one being set up, until a code from it confirms it.
pub async fn set_pending(db: &Db, user_id: i64, secret: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE users SET totp_pending_secret = $1 WHERE id = $2")
            .bind(secret)
            .bind(user_id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Turns two-factor sign-in on with the pending secret, whose code of time step `step` was just
/// given, and replaces the recovery codes with `codes`, with `line` in the audit log, in one
/// transaction.
pub async fn enable(
    db: &Db,
    user_id: i64,
    step: i64,
    codes: &[String],
    line: &Line<'_>,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $1
             WHERE id = $2",
        )
        .bind(step)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        replace_codes!(tx, user_id, codes);
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// Replaces the recovery codes (the old ones stop working), with `line` in the audit log, in one
/// transaction.
pub async fn replace_recovery_codes(
    db: &Db,
    user_id: i64,
    codes: &[String],
    line: &Line<'_>,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        replace_codes!(tx, user_id, codes);
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// Turns two-factor sign-in off for `user_id`: secrets, recovery codes and trusted browsers go,
/// with `line` in the audit log, in one transaction.
pub async fn disable(db: &Db, user_id: i64, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        for delete in [
            "DELETE FROM recovery_codes WHERE user_id = $1",
            "DELETE FROM trusted_devices WHERE user_id = $1",
            "DELETE FROM sign_in_challenges WHERE user_id = $1",
        ] {
            sqlx::query(delete).bind(user_id).execute(&mut *tx).await?;
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// How many unused recovery codes `user_id` has.
pub async fn recovery_codes_left(db: &Db, user_id: i64) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL")
            .bind(user_id)
            .fetch_one(pool)
            .await?
    }))
}

/// How a code was accepted.
#[derive(Debug, PartialEq, Eq)]
pub enum Accepted {
    Authenticator,
    /// A recovery code, now used up; how many are left.
    RecoveryCode {
        left: i64,
    },
}

/// Why a code was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Wrong,
    /// One of the account's recovery codes, used before.
    RecoveryCodeUsed,
}

impl Refused {
    /// What the person signing in reads.
    pub fn message(self) -> &'static str {
        match self {
            Self::Wrong => "That code is not right. Check the code in your authenticator app and try again.",
            Self::RecoveryCodeUsed => {
                "This recovery code was already used. Use another one, or the code from your authenticator app."
            }
        }
    }
}

/// Checks `code` against `secret` and the account's recovery codes, using it up: an
/// authenticator code is accepted once (its step must be newer than the last accepted one), a
/// recovery code once ever. Safe against two instances taking the same code at once.
pub async fn accept_code(
    db: &Db,
    user_id: i64,
    secret: &str,
    code: &str,
) -> anyhow::Result<Result<Accepted, Refused>> {
    if let Some(step) = code_step(secret, code, db.clock.now()) {
        let fresh = with_db!(db, |pool| {
            sqlx::query(
                "UPDATE users SET totp_last_step = $1 WHERE id = $2 AND (totp_last_step IS NULL OR totp_last_step < $1)",
            )
            .bind(step)
            .bind(user_id)
            .execute(pool)
            .await?
            .rows_affected()
        });
        return Ok(if fresh == 1 { Ok(Accepted::Authenticator) } else { Err(Refused::Wrong) });
    }
    let used = with_db!(db, |pool| {
        sqlx::query("UPDATE recovery_codes SET used_at = $1 WHERE code_hash = $2 AND user_id = $3 AND used_at IS NULL")
            .bind(db.clock.stamp())
            .bind(recovery_hash(code))
            .bind(user_id)
            .execute(pool)
            .await?
            .rows_affected()
    });
    if used == 1 {
        return Ok(Ok(Accepted::RecoveryCode { left: recovery_codes_left(db, user_id).await? }));
    }
    let used_before: i64 = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM recovery_codes WHERE code_hash = $1 AND user_id = $2")
            .bind(recovery_hash(code))
            .bind(user_id)
            .fetch_one(pool)
            .await?
    });
    Ok(Err(if used_before > 0 { Refused::RecoveryCodeUsed } else { Refused::Wrong }))
}

/// Trusts this browser for 30 days: the token for its cookie.
pub async fn trust_device(db: &Db, user_id: i64) -> anyhow::Result<String> {
    let token = random_token();
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM trusted_devices WHERE expires_at < $1")
            .bind(db.clock.stamp())
            .execute(pool)
            .await?;
        sqlx::query("INSERT INTO trusted_devices (token_hash, user_id, expires_at) VALUES ($1, $2, $3)")
            .bind(token_hash(&token))
            .bind(user_id)
            .bind(db.clock.stamp_after(TRUST_FOR))
            .execute(pool)
            .await?;
    });
    Ok(token)
}

/// Whether the browser with the trust cookie `token` may skip the code for `user_id`.
pub async fn is_trusted(db: &Db, user_id: i64, token: &str) -> anyhow::Result<bool> {
    let found: Option<i64> = with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT user_id FROM trusted_devices WHERE token_hash = $1 AND user_id = $2 AND expires_at >= $3",
        )
        .bind(token_hash(token))
        .bind(user_id)
        .bind(db.clock.stamp())
        .fetch_optional(pool)
        .await?
    });
    Ok(found.is_some())
}

/// A sign-in of `user_id` whose password was right, waiting for its code: its token.
pub async fn start_challenge(db: &Db, user_id: i64) -> anyhow::Result<String> {
    let token = random_token();
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM sign_in_challenges WHERE created_at < $1")
            .bind(db.clock.stamp_before(CHALLENGE_LIFETIME))
            .execute(pool)
            .await?;
        sqlx::query("INSERT INTO sign_in_challenges (token_hash, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(token_hash(&token))
            .bind(user_id)
            .bind(db.clock.stamp())
            .execute(pool)
            .await?;
    });
    Ok(token)
}

/// Counts one try at the challenge `token`: its user, while it is young and has tries left.
pub async fn challenge_try(db: &Db, token: &str) -> anyhow::Result<Option<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "UPDATE sign_in_challenges SET attempts = attempts + 1
             WHERE token_hash = $1 AND created_at >= $2 AND attempts < $3 RETURNING user_id",
        )
        .bind(token_hash(token))
        .bind(db.clock.stamp_before(CHALLENGE_LIFETIME))
        .bind(CHALLENGE_ATTEMPTS)
        .fetch_optional(pool)
        .await?
    }))
}

/// Ends the challenge `token` (its sign-in is done).
pub async fn end_challenge(db: &Db, token: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM sign_in_challenges WHERE token_hash = $1")
            .bind(token_hash(token))
            .execute(pool)
            .await?;
    });
    Ok(())
}

#[cfg(test)]
mod tests;
