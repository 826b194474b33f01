//! The signed-in admin's changes to their own sessions and password, stored: each in one
//! transaction with its line of the audit log.

use super::session::token_hash;
use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// The audit detail of sessions ended on the way.
fn signed_out(sessions: u64) -> String {
    match sessions {
        0 => String::new(),
        1 => "1 other session signed out".to_owned(),
        n => format!("{n} other sessions signed out"),
    }
}

/// Sets `password_hash` as user `user_id`'s password, forgets their reset links and ends every
/// session but the one with `token`, in one transaction with its audit line; how many ended.
pub async fn change_password(
    db: &Db,
    user_id: i64,
    token: &str,
    password_hash: &str,
    actor: &Actor<'_>,
) -> anyhow::Result<u64> {
    end_others(db, (user_id, token), Along::NewPassword(password_hash), actor).await
}

/// Ends every session of `user_id` but the one with `token` and forgets the browsers it trusted,
/// in one transaction with its audit line; how many sessions ended.
pub async fn sign_out_others(db: &Db, user_id: i64, token: &str, actor: &Actor<'_>) -> anyhow::Result<u64> {
    end_others(db, (user_id, token), Along::TrustedBrowsers, actor).await
}

/// What changes with the other sessions' end.
enum Along<'a> {
    /// A new password (its hash); the reset links go too.
    NewPassword(&'a str),
    /// The browsers that skip the second factor are forgotten.
    TrustedBrowsers,
}

/// Ends every session of `user_id` but the one with `token`, with `along`, in one transaction
/// with its audit line; how many ended.
async fn end_others(
    db: &Db,
    (user_id, token): (i64, &str),
    along: Along<'_>,
    actor: &Actor<'_>,
) -> anyhow::Result<u64> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let action = match along {
            Along::NewPassword(password_hash) => {
                sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                    .bind(password_hash)
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
                Action::PasswordChanged
            }
            Along::TrustedBrowsers => {
                sqlx::query("DELETE FROM trusted_devices WHERE user_id = $1")
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
                Action::SignedOutElsewhere
            }
        };
        let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash != $2")
            .bind(user_id)
            .bind(token_hash(token))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.audit(&Line { actor, action, detail: signed_out(ended) }, &now).await?;
        tx.commit().await?;
        Ok(ended)
    })
}

/// Ends the session `id` of `user_id` (the account page's 'Sign out' on a device), with its audit
/// line, in one transaction; whether it was there (nothing is written when it was not).
pub async fn end_session(db: &Db, user_id: i64, id: &str, actor: &Actor<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id = $2")
            .bind(user_id)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if ended != 1 {
            return Ok(false);
        }
        let line = Line { actor, action: Action::SessionEnded, detail: String::new() };
        tx.audit(&line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}
