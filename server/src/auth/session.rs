//! Server-side sessions: a random token in an HttpOnly cookie, stored only as its SHA-256.
//! Sessions end at sign-out, after two idle hours, and seven days after sign-in at the latest;
//! a session kept on its device ('Keep me signed in') lasts 30 days, idle or not.

use std::time::Duration;

use crate::audit::{AuditWrites as _, Line};
use crate::{clock::At, db::Db, domain::Role, with_db};
use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use axum_extra::extract::cookie::{Cookie, SameSite};
use sha2::{Digest as _, Sha256};

pub const IDLE_TIMEOUT: Duration = Duration::from_secs(2 * 60 * 60);
pub const ABSOLUTE_LIFETIME: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// How long a session kept on its device lasts.
pub const KEPT_LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// `last_seen_at` is written at most this often, so reading pages does not write each time.
const TOUCH_EVERY: Duration = Duration::from_secs(60);

/// The session cookie's name and attributes, fixed by whether the site is served over HTTPS.
#[derive(Debug, Clone, Copy)]
pub struct CookiePolicy {
    pub https: bool,
}

impl CookiePolicy {
    /// Over HTTPS the `__Host-` prefix makes browsers insist on Secure, Path=/ and no Domain.
    pub fn name(self) -> &'static str {
        if self.https { "__Host-trailerworks_session" } else { "trailerworks_session" }
    }

    /// The cookie that carries `token` until the browser closes, or for 30 days when the session
    /// is `kept` (the server enforces the lifetime either way).
    pub fn session(self, token: String, kept: bool) -> Cookie<'static> {
        let cookie = Cookie::build((self.name(), token))
            .http_only(true)
            .secure(self.https)
            .same_site(SameSite::Lax)
            .path("/");
        if kept { cookie.max_age(max_age(KEPT_LIFETIME)).build() } else { cookie.build() }
    }

    /// A cookie that makes the browser forget the session cookie.
    pub fn removal(self) -> Cookie<'static> {
        let mut cookie = self.session(String::new(), false);
        cookie.make_removal();
        cookie
    }

    /// The name of the cookie of a browser trusted to skip the sign-in code.
    pub fn trusted_name(self) -> &'static str {
        if self.https { "__Host-trailerworks_trusted" } else { "trailerworks_trusted" }
    }

    /// The cookie that lets this browser skip the sign-in code for `lifetime`.
    pub fn trusted(self, token: String, lifetime: Duration) -> Cookie<'static> {
        Cookie::build((self.trusted_name(), token))
            .http_only(true)
            .secure(self.https)
            .same_site(SameSite::Lax)
            .path("/")
            .max_age(max_age(lifetime))
            .build()
    }
}

fn max_age(lifetime: Duration) -> time::Duration {
    time::Duration::seconds(i64::try_from(lifetime.as_secs()).unwrap_or(i64::MAX))
}

/// 256 random bits as 64 hex digits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// 64 random bits as 16 hex digits: a name for a row that is safe to show, not a secret.
fn public_id() -> String {
    let mut bytes = [0u8; 8];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// How a secret token is stored: its SHA-256, as hex.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A signed-in user, as a valid session shows them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionUser {
    pub user_id: i64,
    pub email: String,
    /// Empty for a member without one.
    pub name: String,
    pub role: Role,
    pub csrf_token: String,
}

impl SessionUser {
    /// How the team and the customers' messages name them: their name, else their e-mail.
    pub fn shown_name(&self) -> &str {
        if self.name.trim().is_empty() { &self.email } else { &self.name }
    }
}

/// A new session of `user_id`: the token for the cookie and the CSRF token for the app.
pub struct NewSession {
    pub token: String,
    pub csrf_token: String,
}

/// Where a session is started from, for the account page's list of sessions, and whether it is
/// kept on that device for 30 days.
pub struct Origin<'a> {
    pub client_ip: &'a str,
    pub user_agent: &'a str,
    pub kept: bool,
}

/// The condition a live session `s` meets, with its bounds (`live_bounds`) bound from `$first`
/// on: a kept session's earliest start, another's earliest start and its latest last use.
fn live(first: usize) -> String {
    let (kept_since, since, seen_since) = (first, first + 1, first + 2);
    format!(
        "((s.kept AND s.created_at >= ${kept_since}) OR (NOT s.kept AND s.created_at >= ${since} AND s.last_seen_at >= ${seen_since}))"
    )
}

/// The bounds `LIVE` is read with, now.
fn live_bounds(db: &Db) -> [At; 3] {
    [
        db.clock.stamp_before(KEPT_LIFETIME),
        db.clock.stamp_before(ABSOLUTE_LIFETIME),
        db.clock.stamp_before(IDLE_TIMEOUT),
    ]
}

/// Starts a session for `user_id`, ending `previous` (the cookie the browser came with) so a
/// sign-in always rotates the token, with `line` in the audit log, in one transaction. Expired
/// sessions of anyone are cleared on the way.
pub async fn create(
    db: &Db,
    user_id: i64,
    previous: Option<&str>,
    origin: &Origin<'_>,
    line: &Line<'_>,
) -> anyhow::Result<NewSession> {
    let session = NewSession { token: random_token(), csrf_token: random_token() };
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Some(previous) = previous {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(token_hash(previous))
                .execute(&mut *tx)
                .await?;
        }
        let [kept_since, since, seen_since] = live_bounds(db);
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM sessions AS s WHERE NOT {}", live(1))))
            .bind(kept_since)
            .bind(since)
            .bind(seen_since)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, client_ip, user_agent, id, kept)
             VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)",
        )
        .bind(token_hash(&session.token))
        .bind(user_id)
        .bind(&session.csrf_token)
        .bind(now)
        .bind(origin.client_ip)
        .bind(origin.user_agent.chars().take(300).collect::<String>())
        .bind(public_id())
        .bind(origin.kept)
        .execute(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(session)
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    user: SessionUser,
    last_seen_at: At,
}

/// The user of a live session, and a fresh `last_seen_at`; None for an unknown or expired token.
/// Sessions live in the database, so every instance knows every session.
pub async fn find(db: &Db, token: &str) -> anyhow::Result<Option<SessionUser>> {
    let hash = token_hash(token);
    let [kept_since, since, seen_since] = live_bounds(db);
    let row: Option<SessionRow> = with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT s.user_id, s.csrf_token, s.last_seen_at, u.email, u.name, u.role FROM sessions s
             JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND u.removed_at IS NULL AND {}",
            live(2)
        )))
        .bind(&hash)
        .bind(kept_since)
        .bind(since)
        .bind(seen_since)
        .fetch_optional(pool)
        .await?
    });
    let Some(row) = row else { return Ok(None) };
    if row.last_seen_at < db.clock.stamp_before(TOUCH_EVERY) {
        with_db!(db, |pool| {
            sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2")
                .bind(db.clock.stamp())
                .bind(&hash)
                .execute(pool)
                .await?;
        });
    }
    Ok(Some(row.user))
}

/// Ends the session with `token` (sign-out), on every instance, with `line` in the audit log, in
/// one transaction (nothing is written when it had ended already).
pub async fn delete(db: &Db, token: &str, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let ended = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash(token))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if ended == 1 {
            tx.audit(line, &now).await?;
            tx.commit().await?;
        }
    });
    Ok(())
}

/// Ends every session of the user with `email` (after a password is set or reset).
pub async fn delete_all_of(db: &Db, email: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query(
            "DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE lower(email) = lower($1))",
        )
        .bind(email)
        .execute(pool)
        .await?;
    });
    Ok(())
}

/// A live session as the account page lists it.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionListing {
    /// Names the session for `DELETE /api/admin/account/sessions/{id}`.
    pub id: String,
    /// Kept signed in on its device ('Keep me signed in'): it lasts 30 days from `startedAt`.
    pub kept: bool,
    /// When a kept session ends (UTC).
    #[sqlx(skip)]
    pub ends_at: Option<At>,
    pub started_at: At,
    pub last_seen_at: At,
    pub client_ip: String,
    /// The browser's User-Agent header as it was sent.
    pub user_agent: String,
    /// The session of the request that asked.
    pub current: bool,
}

/// The live sessions of `user_id`, the newest first; `token` marks the asking one.
pub async fn list(db: &Db, user_id: i64, token: &str) -> anyhow::Result<Vec<SessionListing>> {
    let [kept_since, since, seen_since] = live_bounds(db);
    let mut sessions: Vec<SessionListing> = with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT s.id, s.kept, s.created_at AS started_at, s.last_seen_at, s.client_ip, s.user_agent,
                    s.token_hash = $5 AS current
             FROM sessions s WHERE s.user_id = $1 AND {}
             ORDER BY s.last_seen_at DESC",
            live(2)
        )))
        .bind(user_id)
        .bind(kept_since)
        .bind(since)
        .bind(seen_since)
        .bind(token_hash(token))
        .fetch_all(pool)
        .await?
    });
    for session in sessions.iter_mut().filter(|session| session.kept) {
        session.ends_at = Some(At::from(session.started_at.timestamp() + KEPT_LIFETIME));
    }
    Ok(sessions)
}

/// Whether two secrets are equal, in time that does not depend on where they differ.
pub fn secrets_match(given: &str, expected: &str) -> bool {
    given.len() == expected.len()
        && given.bytes().zip(expected.bytes()).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_random_bits_and_stored_as_a_different_hash() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_host_prefixed_over_https() {
        let cookie = CookiePolicy { https: true }.session("t".into(), false).to_string();
        assert_eq!(cookie, "__Host-trailerworks_session=t; HttpOnly; SameSite=Lax; Secure; Path=/");
        let plain = CookiePolicy { https: false }.session("t".into(), false).to_string();
        assert_eq!(plain, "trailerworks_session=t; HttpOnly; SameSite=Lax; Path=/");
        let kept = CookiePolicy { https: false }.session("t".into(), true).to_string();
        assert!(kept.contains("Max-Age=2592000"), "{kept}");
    }

    #[test]
    fn secrets_are_compared_whole() {
        assert!(secrets_match("abc", "abc"));
        assert!(!secrets_match("abd", "abc"));
        assert!(!secrets_match("ab", "abc"));
    }
}
