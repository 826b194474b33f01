//! The rota, the cover ('I'm on call until ...') and the escalation's steps, stored; and who is on
//! call at an hour, read inside the caller's transaction (an escalation step reads it as it fires).

use std::future::Future;

use serde::Serialize;

use super::rota::RotaHour;
use crate::audit::{AuditWrites as _, Line};
use crate::{clock::At, db::Db, domain::Role, for_both_connections, with_db};

/// A member, as the on-call pages name them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Person {
    pub id: i64,
    /// Their name, else their address.
    pub name: String,
}

/// Who is on call at one hour.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnCall {
    /// Who is told first (every owner while there is no rota).
    pub first: Vec<Person>,
    /// Who is told next.
    pub second: Vec<Person>,
    /// The member who said 'I'm on call until ...', and until when.
    pub cover: Option<Cover>,
    /// The rota has nobody for this hour (and nobody covers it).
    pub gap: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cover {
    pub person: Person,
    pub until: At,
}

const PERSON: &str = "id, CASE WHEN name = '' THEN email ELSE name END AS name";

#[derive(sqlx::FromRow)]
struct CoverRow {
    id: i64,
    name: String,
    until_at: At,
}

/// What a member's leaving changes on call, written inside the transaction that removes them.
pub trait OnCallWrites {
    /// Takes member `id` out of the cover and the rota: where they were first, the second moves
    /// up; an hour with nobody left becomes a gap.
    fn forget_member(&mut self, id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl OnCallWrites {
    async fn forget_member(&mut self, id: i64) -> sqlx::Result<()> {
        for statement in [
            "DELETE FROM on_call_cover WHERE user_id = $1",
            "UPDATE rota_hours SET first_id = second_id, second_id = NULL WHERE first_id = $1 AND second_id IS NOT NULL",
            "DELETE FROM rota_hours WHERE first_id = $1",
            "UPDATE rota_hours SET second_id = NULL WHERE second_id = $1",
        ] {
            sqlx::query(statement).bind(id).execute(&mut *self).await?;
        }
        Ok(())
    }
});

/// Who is on call, read inside the caller's transaction.
pub trait OnCallReads {
    /// Who is on call at `now`, in the hour of the week `slot` (day, hour) on the shop's clock.
    fn on_call(&mut self, now: &At, slot: (u8, u8)) -> impl Future<Output = sqlx::Result<OnCall>> + Send;
    /// The members who were not removed, owners first when `owners_only` is false.
    fn people(&mut self, owners_only: bool) -> impl Future<Output = sqlx::Result<Vec<Person>>> + Send;
    /// The members of `ids` who were not removed.
    fn named(&mut self, ids: &[i64]) -> impl Future<Output = sqlx::Result<Vec<Person>>> + Send;
}

for_both_connections!(impl OnCallReads {
    async fn on_call(&mut self, now: &At, (weekday, hour): (u8, u8)) -> sqlx::Result<OnCall> {
        let cover: Option<CoverRow> = sqlx::query_as(
            "SELECT u.id, CASE WHEN u.name = '' THEN u.email ELSE u.name END AS name, c.until_at
             FROM on_call_cover c JOIN users u ON u.id = c.user_id
             WHERE c.until_at > $1 AND u.removed_at IS NULL ORDER BY c.id DESC LIMIT 1",
        )
        .bind(now)
        .fetch_optional(&mut *self)
        .await?;
        let any_rota: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM rota_hours)")
            .fetch_one(&mut *self)
            .await?;
        let (mut first, mut second, gap) = if any_rota {
            let set: Option<(i64, Option<i64>)> =
                sqlx::query_as("SELECT first_id, second_id FROM rota_hours WHERE weekday = $1 AND hour = $2")
                    .bind(i64::from(weekday))
                    .bind(i64::from(hour))
                    .fetch_optional(&mut *self)
                    .await?;
            let ids: Vec<i64> = set.iter().flat_map(|(first, second)| [Some(*first), *second]).flatten().collect();
            let named = self.named(&ids).await?;
            let pick = |id: Option<i64>| named.iter().filter(|person| Some(person.id) == id).cloned().collect::<Vec<_>>();
            (pick(set.map(|s| s.0)), pick(set.and_then(|s| s.1)), set.is_none())
        } else {
            (self.people(true).await?, Vec::new(), false)
        };
        let cover = cover.map(|row| Cover { person: Person { id: row.id, name: row.name }, until: row.until_at });
        if let Some(cover) = &cover {
            // The member covering is first; whoever the rota has first follows them.
            let before: Vec<Person> = first.drain(..).chain(second.drain(..)).collect();
            first = vec![cover.person.clone()];
            second = before.into_iter().filter(|person| person.id != cover.person.id).collect();
            second.truncate(if any_rota { 1 } else { second.len() });
        }
        Ok(OnCall { first, second, gap: gap && cover.is_none(), cover })
    }

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
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks = (1..=ids.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
        let sql = format!("SELECT {PERSON} FROM users WHERE removed_at IS NULL AND id IN ({marks})");
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(&mut *self).await
    }
});

/// Who is on call at `now`, in `slot`.
pub async fn now(db: &Db, now: &At, slot: (u8, u8)) -> anyhow::Result<OnCall> {
    Ok(with_db!(db, |pool| { pool.acquire().await?.on_call(now, slot).await? }))
}

/// Every member who was not removed.
pub async fn everyone(db: &Db) -> anyhow::Result<Vec<Person>> {
    Ok(with_db!(db, |pool| { pool.acquire().await?.people(false).await? }))
}

/// The rota's hours.
pub async fn rota(db: &Db) -> anyhow::Result<Vec<RotaHour>> {
    let rows: Vec<(i64, i64, i64, Option<i64>)> = with_db!(db, |pool| {
        sqlx::query_as("SELECT weekday, hour, first_id, second_id FROM rota_hours ORDER BY weekday, hour")
            .fetch_all(pool)
            .await?
    });
    Ok(rows
        .into_iter()
        .map(|(weekday, hour, first, second)| RotaHour {
            weekday: u8::try_from(weekday).unwrap_or(0),
            hour: u8::try_from(hour).unwrap_or(0),
            first,
            second,
        })
        .collect())
}

/// Replaces the rota with `hours`, with `line` in the audit log, in one transaction. Whether
/// every member it names is on the team (else nothing changes).
pub async fn replace_rota(db: &Db, hours: &[RotaHour], line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let mut ids: Vec<i64> = hours.iter().flat_map(|hour| [Some(hour.first), hour.second]).flatten().collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if tx.named(&ids).await?.len() != ids.len() {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("DELETE FROM rota_hours").execute(&mut *tx).await?;
        for hour in hours {
            sqlx::query(
                "INSERT INTO rota_hours (weekday, hour, first_id, second_id) VALUES ($1, $2, $3, $4)",
            )
            .bind(i64::from(hour.weekday))
            .bind(i64::from(hour.hour))
            .bind(hour.first)
            .bind(hour.second)
            .execute(&mut *tx)
            .await?;
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        true
    }))
}

/// Member `user_id` is on call first until `until` (replacing any cover), with `line` in the
/// audit log; or, with no `until`, the cover now in force ends.
pub async fn set_cover(db: &Db, user_id: i64, until: Option<At>, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE on_call_cover SET until_at = $1 WHERE until_at > $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if let Some(until) = until {
            sqlx::query("INSERT INTO on_call_cover (user_id, until_at, created_at) VALUES ($1, $2, $3)")
                .bind(user_id)
                .bind(until)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
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
