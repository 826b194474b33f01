//! The audit log: who signed in (or tried), signed out, and changed posts or bookings.

use serde::Serialize;
use sqlx::{Row as _, SqlitePool};

use crate::clock;

/// What happened, as the audit page names it.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    SignIn,
    SignInFailed,
    SignInThrottled,
    SignOut,
    PostCreated,
    PostUpdated,
    PostPublished,
    PostUnpublished,
    PostDeleted,
    ImageUploaded,
    BookingStatusChanged,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInFailed => "sign-in failed",
            Self::SignInThrottled => "sign-in refused (too many failures)",
            Self::SignOut => "sign-out",
            Self::PostCreated => "post created",
            Self::PostUpdated => "post updated",
            Self::PostPublished => "post published",
            Self::PostUnpublished => "post unpublished",
            Self::PostDeleted => "post deleted",
            Self::ImageUploaded => "image uploaded",
            Self::BookingStatusChanged => "booking status changed",
        }
    }
}

/// Who acted: the signed-in user, or the e-mail someone tried to sign in with.
pub struct Actor<'a> {
    pub user_id: Option<i64>,
    pub email: &'a str,
    pub client_ip: &'a str,
}

pub async fn record(
    pool: &SqlitePool,
    actor: &Actor<'_>,
    action: Action,
    detail: &str,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (at, user_id, email, action, detail, client_ip) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(clock::now())
    .bind(actor.user_id)
    .bind(actor.email)
    .bind(action.name())
    .bind(detail)
    .bind(actor.client_ip)
    .execute(pool)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub id: i64,
    pub at: String,
    pub email: Option<String>,
    pub action: String,
    pub detail: String,
    pub client_ip: String,
}

/// The newest `limit` entries older than entry `before` (all when None), newest first.
pub async fn recent(pool: &SqlitePool, before: Option<i64>, limit: i64) -> anyhow::Result<Vec<Entry>> {
    let rows = sqlx::query(
        "SELECT id, at, email, action, detail, client_ip FROM audit_log
         WHERE (?1 IS NULL OR id < ?1) ORDER BY id DESC LIMIT ?2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| Entry {
            id: row.get("id"),
            at: row.get("at"),
            email: row.get("email"),
            action: row.get("action"),
            detail: row.get("detail"),
            client_ip: row.get("client_ip"),
        })
        .collect())
}
