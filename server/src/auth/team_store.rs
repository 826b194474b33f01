//! The team, stored: its members (`users`) and the invitations to it, of which only each link's
//! SHA-256 is kept. Every change writes its line of the audit log in its own transaction.

use std::time::Duration;

use serde::Serialize;

use crate::audit::{AuditWrites as _, Line};
use crate::{
    clock::At, db::Db, delivery::devices::PushWrites as _, domain::Role, on_call::store::OnCallWrites as _,
    with_db,
};

/// A member of the team, as the team page lists them.
#[derive(Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    /// Two-step sign-in is on.
    pub two_factor: bool,
    pub created_at: At,
}

/// An invitation not yet accepted, while it works.
#[derive(Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    /// Who invited them (their e-mail address).
    pub invited_by: Option<String>,
    pub created_at: At,
    /// When the link stops working (UTC).
    pub expires_at: At,
}

/// The members who were not removed, owners first.
pub async fn members(db: &Db) -> anyhow::Result<Vec<Member>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, name, email, role, totp_secret IS NOT NULL AS two_factor, created_at FROM users
             WHERE removed_at IS NULL ORDER BY role = $1, lower(name), lower(email)",
        )
        .bind(Role::Staff)
        .fetch_all(pool)
        .await?
    }))
}

/// The invitations that still work, newest first.
pub async fn invitations(db: &Db) -> anyhow::Result<Vec<Invitation>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT i.id, i.name, i.email, i.role, u.email AS invited_by, i.created_at, i.expires_at
             FROM invitations i LEFT JOIN users u ON u.id = i.invited_by
             WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $1
             ORDER BY i.id DESC",
        )
        .bind(db.clock.stamp())
        .fetch_all(pool)
        .await?
    }))
}

/// Who is invited, and as what.
pub struct Invitee<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub role: Role,
}

/// Keeps an invitation of `invitee` (its token's `hash`), working for `valid_for`, with `line`
/// (whose actor invites) in the audit log, in one transaction. An earlier open invitation of the
/// same address stops working: the newest link is the one that counts. Its id.
pub async fn invite(
    db: &Db,
    invitee: &Invitee<'_>,
    hash: &str,
    valid_for: Duration,
    line: &Line<'_>,
) -> anyhow::Result<i64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE invitations SET revoked_at = $2
             WHERE lower(email) = lower($1) AND accepted_at IS NULL AND revoked_at IS NULL",
        )
        .bind(invitee.email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO invitations (token_hash, email, name, role, invited_by, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(hash)
        .bind(invitee.email)
        .bind(invitee.name)
        .bind(invitee.role)
        .bind(line.actor.user_id)
        .bind(now)
        .bind(db.clock.stamp_after(valid_for))
        .fetch_one(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        id
    }))
}

/// Stops invitation `id` from working, with `line` in the audit log; false when it was not open.
pub async fn revoke(db: &Db, id: i64, line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let revoked = sqlx::query(
            "UPDATE invitations SET revoked_at = $2 WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if revoked {
            tx.audit(line, &now).await?;
        }
        tx.commit().await?;
        revoked
    }))
}

/// The invitation with the token whose hash is `hash`, while it works: its name, address and role.
pub async fn working(db: &Db, hash: &str) -> anyhow::Result<Option<(String, String, Role, At)>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT name, email, role, expires_at FROM invitations
             WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2",
        )
        .bind(hash)
        .bind(db.clock.stamp())
        .fetch_optional(pool)
        .await?
    }))
}

/// Accepts the invitation whose token's hash is `hash`, once, while it works: the member's account
/// is made with `password_hash` (or, for a removed member's address, made again with it), with
/// `line` in the audit log, all in one transaction. The new member's id; None when the link does
/// not work any more or the address already belongs to a member.
pub async fn accept(
    db: &Db,
    hash: &str,
    password_hash: &str,
    line: &Line<'_>,
) -> anyhow::Result<Option<i64>> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let taken: Option<(String, String, Role)> = sqlx::query_as(
            "UPDATE invitations SET accepted_at = $2
             WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2
             RETURNING name, email, role",
        )
        .bind(hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((name, email, role)) = taken else {
            tx.rollback().await?;
            return Ok(None);
        };
        // A removed member's row keeps the history's names: coming back takes it up again.
        let back: Option<i64> = sqlx::query_scalar(
            "UPDATE users SET name = $2, password_hash = $3, role = $4, removed_at = NULL, totp_secret = NULL,
                 totp_pending_secret = NULL, totp_last_step = NULL
             WHERE lower(email) = lower($1) AND removed_at IS NOT NULL
             RETURNING id",
        )
        .bind(&email)
        .bind(&name)
        .bind(password_hash)
        .bind(role)
        .fetch_optional(&mut *tx)
        .await?;
        let id = match back {
            Some(id) => Some(id),
            None => {
                sqlx::query_scalar(
                    "INSERT INTO users (email, name, password_hash, role, created_at)
                     SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))
                     RETURNING id",
                )
                .bind(&email)
                .bind(&name)
                .bind(password_hash)
                .bind(role)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?
            }
        };
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(None);
        };
        let actor = crate::audit::Actor { user_id: Some(id), email: &email, client_ip: line.actor.client_ip };
        tx.audit(&Line { actor: &actor, action: line.action, detail: line.detail.clone() }, &now).await?;
        tx.commit().await?;
        Some(id)
    }))
}

/// Removes member `id` (not the actor of `line`): their row stays, so the history keeps their
/// name, but their sessions, devices for notifications, trusted browsers, calendar feed and
/// places on call end at once (where they were first the second moves up, else the hour
/// becomes a gap), with `line` in the audit log, in one transaction. False when there is no such member.
pub async fn remove(db: &Db, id: i64, line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let removed = sqlx::query(
            "UPDATE users SET removed_at = $2, calendar_token = NULL WHERE id = $1 AND removed_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if removed {
            for statement in
                ["DELETE FROM sessions WHERE user_id = $1", "DELETE FROM trusted_devices WHERE user_id = $1"]
            {
                sqlx::query(statement).bind(id).execute(&mut *tx).await?;
            }
            tx.forget_devices_of(id).await?;
            tx.forget_member(id).await?;
            tx.audit(line, &now).await?;
        }
        tx.commit().await?;
        removed
    }))
}

/// Whether every member must sign in with two steps (the owner's choice).
pub async fn two_step_required(db: &Db) -> anyhow::Result<bool> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT two_step_required FROM team_settings WHERE id = 1").fetch_one(pool).await?
    }))
}

/// Sets whether every member must sign in with two steps, with `line` in the audit log, in one
/// transaction. Turned on, it ends the sessions of every member without it at once (they set it
/// up at their next sign-in); how many sessions ended.
pub async fn require_two_step(db: &Db, required: bool, line: &Line<'_>) -> anyhow::Result<u64> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE team_settings SET two_step_required = $1 WHERE id = 1")
            .bind(required)
            .execute(&mut *tx)
            .await?;
        let ended = if required {
            sqlx::query(
                "DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE totp_secret IS NULL)",
            )
            .execute(&mut *tx)
            .await?
            .rows_affected()
        } else {
            0
        };
        tx.audit(line, &now).await?;
        tx.commit().await?;
        ended
    }))
}
