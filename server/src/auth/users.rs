//! The users table: admin accounts. E-mail addresses are compared ignoring case.

use std::{collections::HashMap, future::Future};

use serde::Serialize;

use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{
    db::{self, Db},
    domain::{EmailAddress, PersonName, Role},
    for_both_connections, with_db,
};

/// A member, as the team's pages name them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Person {
    pub id: i64,
    /// Their name, else their address.
    pub name: String,
}

/// A member's columns as `Person` has them.
const PERSON: &str = "id, CASE WHEN name = '' THEN email ELSE name END AS name";
/// A member's columns as `Reach` has them.
const REACH: &str = "id, CASE WHEN name = '' THEN email ELSE name END AS name, phone, email, removed_at IS NOT NULL AS removed";

/// The team, read inside the caller's transaction (who is on call, an escalation's step as it
/// fires). Removed members are left out.
pub trait MemberReads {
    /// The members, owners first; only the owners when `owners_only`.
    fn people(&mut self, owners_only: bool) -> impl Future<Output = sqlx::Result<Vec<Person>>> + Send;
    /// The members of `ids`.
    fn named(&mut self, ids: &[i64]) -> impl Future<Output = sqlx::Result<Vec<Person>>> + Send;
    /// The members of `ids` with how they are reached, by id.
    fn reached(&mut self, ids: &[i64]) -> impl Future<Output = sqlx::Result<Vec<Reach>>> + Send;
    /// The member whose address is `email` (any case).
    fn member_id(&mut self, email: &str) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;
}

for_both_connections!(impl MemberReads {
    async fn people(&mut self, owners_only: bool) -> sqlx::Result<Vec<Person>> {
        let sql = format!(
            "SELECT {PERSON} FROM users WHERE removed_at IS NULL AND (role = $2 OR NOT $1)
             ORDER BY role = $3, id"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(owners_only)
            .bind(Role::Owner)
            .bind(Role::Staff)
            .fetch_all(&mut *self)
            .await
    }

    async fn named(&mut self, ids: &[i64]) -> sqlx::Result<Vec<Person>> {
        Ok(self.reached(ids).await?.into_iter().map(|member| Person { id: member.id, name: member.name }).collect())
    }

    async fn reached(&mut self, ids: &[i64]) -> sqlx::Result<Vec<Reach>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT {REACH} FROM users WHERE removed_at IS NULL AND id IN ({}) ORDER BY id",
            db::placeholders(ids.len())
        );
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(&mut *self).await
    }

    async fn member_id(&mut self, email: &str) -> sqlx::Result<Option<i64>> {
        sqlx::query_scalar("SELECT id FROM users WHERE lower(email) = lower($1) AND removed_at IS NULL")
            .bind(email)
            .fetch_optional(&mut *self)
            .await
    }
});

/// SQL for who the address in `column` is, as the team's pages name people: the member's name,
/// else the address (a member removed since, or one without a name). For the other folders' SQL
/// that shows who acted, so that only this folder's SQL names the users table.
pub fn name_or_address(column: &str) -> String {
    format!(
        "COALESCE(NULLIF((SELECT u.name FROM users u WHERE lower(u.email) = lower({column})), ''), {column})"
    )
}

/// SQL for the address of the member whose id is `id` ('' for none), for the same use.
pub fn address_of(id: &str) -> String {
    format!("COALESCE((SELECT u.email FROM users u WHERE u.id = {id}), '')")
}

/// How a member is reached: their name (else their address), mobile number and e-mail address.
#[derive(sqlx::FromRow)]
pub struct Reach {
    pub id: i64,
    pub name: String,
    pub phone: Option<String>,
    pub email: String,
    pub removed: bool,
}

impl Reach {
    /// "Ana Ruiz at (720) 555-0134" (by text), or "Ana Ruiz at ana@example.com".
    pub fn at(&self, by_text: bool) -> String {
        let shown = self.phone.as_deref().and_then(|phone| crate::domain::Phone::parse(phone).ok());
        match shown.filter(|_| by_text) {
            Some(phone) => format!("{} at {}", self.name, phone.display()),
            None => format!("{} at {}", self.name, self.email),
        }
    }
}

/// The members `ids` (removed ones too: a page went to them), by id.
pub async fn reach(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Reach>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!("SELECT {REACH} FROM users WHERE id IN ({})", db::placeholders(ids.len()));
    let found: Vec<Reach> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await?
    });
    Ok(found.into_iter().map(|member| (member.id, member)).collect())
}

/// Member `id` as `reach` gives them, while on the team; none once removed.
pub async fn reachable(db: &Db, id: i64) -> anyhow::Result<Option<Reach>> {
    Ok(reach(db, &[id]).await?.remove(&id).filter(|member| !member.removed))
}

/// Adds an owner (the command line's `admin create`), named `name` ('' for none); false when the
/// e-mail address is taken.
pub async fn create_owner(
    db: &Db,
    email: &EmailAddress,
    name: &str,
    password_hash: &str,
) -> anyhow::Result<bool> {
    let added = with_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO users (email, name, password_hash, role, created_at)
             SELECT $1, $2, $3, $5, $4 WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))",
        )
        .bind(email.as_ref())
        .bind(name)
        .bind(password_hash)
        .bind(db.clock.stamp())
        .bind(Role::Owner)
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(added == 1)
}

/// Sets the name a user goes by; false when there is no such user.
pub async fn set_name(db: &Db, email: &str, name: &PersonName) -> anyhow::Result<bool> {
    let changed = with_db!(db, |pool| {
        sqlx::query("UPDATE users SET name = $1 WHERE lower(email) = lower($2)")
            .bind(name.as_ref())
            .bind(email)
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(changed == 1)
}

/// Replaces a user's password hash; false when there is no such user.
pub async fn set_password(db: &Db, email: &EmailAddress, password_hash: &str) -> anyhow::Result<bool> {
    let changed = with_db!(db, |pool| {
        sqlx::query("UPDATE users SET password_hash = $1 WHERE lower(email) = lower($2)")
            .bind(password_hash)
            .bind(email.as_ref())
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(changed == 1)
}

/// A user as sign-in needs them.
#[derive(sqlx::FromRow)]
pub struct Account {
    pub id: i64,
    pub email: String,
    /// Empty for a member without one (an owner made on the command line).
    pub name: String,
    pub password_hash: String,
    pub role: Role,
    /// Set when two-factor sign-in is on.
    pub totp_secret: Option<String>,
}

/// The member with `email` (compared ignoring case), if any; a removed member is none.
pub async fn find_by_email(db: &Db, email: &str) -> anyhow::Result<Option<Account>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, email, name, password_hash, role, totp_secret FROM users
             WHERE lower(email) = lower($1) AND removed_at IS NULL",
        )
        .bind(email)
        .fetch_optional(pool)
        .await?
    }))
}

/// The member with `id`, if any; a removed member is none.
pub async fn find_by_id(db: &Db, id: i64) -> anyhow::Result<Option<Account>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, email, name, password_hash, role, totp_secret FROM users WHERE id = $1 AND removed_at IS NULL",
        )
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// Replaces the hash of user `id` (a re-hash with today's parameters at sign-in).
pub async fn update_hash(db: &Db, id: i64, password_hash: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(id)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// The token of user `id`'s calendar feed, if it is on.
pub async fn calendar_token(db: &Db, id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT calendar_token FROM users WHERE id = $1").bind(id).fetch_one(pool).await?
    }))
}

/// Sets (or, with None, turns off) the calendar feed token of the user `actor` names, with the
/// change in the audit log, in one transaction.
pub async fn set_calendar_token(db: &Db, token: Option<&str>, actor: &Actor<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    let detail = if token.is_some() { "a new address" } else { "turned off" };
    let line = Line { actor, action: Action::CalendarFeedChanged, detail: detail.to_owned() };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE users SET calendar_token = $1 WHERE id = $2")
            .bind(token)
            .bind(actor.user_id)
            .execute(&mut *tx)
            .await?;
        tx.audit(&line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// Whether `token` is a member's calendar feed token.
pub async fn is_member_calendar(db: &Db, token: &str) -> anyhow::Result<bool> {
    let owner: Option<i64> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT id FROM users WHERE calendar_token = $1 AND removed_at IS NULL")
            .bind(token)
            .fetch_optional(pool)
            .await?
    });
    Ok(owner.is_some())
}

/// Sets member `user_id`'s mobile number (E.164; None removes it), with `line` in the audit log.
pub async fn set_phone(db: &Db, user_id: i64, phone: Option<&str>, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE users SET phone = $2 WHERE id = $1")
            .bind(user_id)
            .bind(phone)
            .execute(&mut *tx)
            .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// Member `user_id`'s mobile number, if they gave one.
pub async fn phone(db: &Db, user_id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT phone FROM users WHERE id = $1").bind(user_id).fetch_one(pool).await?
    }))
}
