//! The password reset links and requests, stored: only each link's SHA-256, its account and when
//! it stops working; the requests counted per key (an address, a network) for the throttle.

use std::time::Duration;

use crate::audit::{AuditWrites as _, Line};
use crate::{clock::At, db::Db, with_db};

/// Counts a request against each key (with its limit within `window`); false (and nothing counted) when a key is at its limit.
pub async fn count_request(db: &Db, keys: &[(String, i64)], window: Duration) -> anyhow::Result<bool> {
    let since = db.clock.stamp_before(window);
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM reset_requests WHERE at < $1").bind(since).execute(&mut *tx).await?;
        for (key, limit) in keys {
            let made: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM reset_requests WHERE key = $1 AND at >= $2")
                    .bind(key)
                    .bind(since)
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
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    });
    Ok(true)
}

/// Keeps a new link (its token's hash) for the account `line` names, working for `valid_for`,
/// with `line` in the audit log, in one transaction; the expired links are forgotten on the way.
pub async fn keep_link(db: &Db, hash: &str, valid_for: Duration, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM password_resets WHERE expires_at < $1").bind(now).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(hash)
        .bind(line.actor.user_id)
        .bind(now)
        .bind(db.clock.stamp_after(valid_for))
        .execute(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// The e-mail address of the account link `hash` is for and when the link stops working, while
/// it works.
pub async fn working_link(db: &Db, hash: &str) -> anyhow::Result<Option<(String, At)>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT u.email, r.expires_at FROM password_resets r JOIN users u ON u.id = r.user_id
             WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2",
        )
        .bind(hash)
        .bind(db.clock.stamp())
        .fetch_optional(pool)
        .await?
    }))
}

/// The account link `hash` is for, while it works.
pub async fn link_owner(db: &Db, hash: &str) -> anyhow::Result<Option<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(hash)
        .bind(db.clock.stamp())
        .fetch_optional(pool)
        .await?
    }))
}

/// Whether a link `hash` was ever made (used or expired since): only such a refusal is audited,
/// so made-up tokens cannot fill the audit log.
pub async fn link_exists(db: &Db, hash: &str) -> anyhow::Result<bool> {
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
/// `line` goes in the audit log in the same transaction. False when the link was used or expired
/// meanwhile.
pub async fn take_link(
    db: &Db,
    hash: &str,
    user_id: i64,
    password_hash: &str,
    line: &Line<'_>,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let taken: Option<i64> = sqlx::query_scalar(
            "UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
             RETURNING user_id",
        )
        .bind(hash)
        .bind(now)
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
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}
