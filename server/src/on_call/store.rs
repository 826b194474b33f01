//! The rota, the cover ('I'm on call until ...') and the escalation's steps, stored; and who is on
//! call at an hour, read inside the caller's transaction (an escalation step reads it as it fires).

use std::future::Future;

use serde::Serialize;

use super::rota::RotaHour;
use crate::audit::{AuditWrites as _, Line};
use crate::{
    auth::users::{MemberReads as _, Person},
    clock::At,
    db::Db,
    for_both_connections, with_db,
};

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
}

for_both_connections!(impl OnCallReads {
    async fn on_call(&mut self, now: &At, (weekday, hour): (u8, u8)) -> sqlx::Result<OnCall> {
        // The newest cover of a member still on the team.
        let covers: Vec<(i64, At)> =
            sqlx::query_as("SELECT user_id, until_at FROM on_call_cover WHERE until_at > $1 ORDER BY id DESC")
                .bind(now)
                .fetch_all(&mut *self)
                .await?;
        let covering = self.named(&covers.iter().map(|(id, _)| *id).collect::<Vec<_>>()).await?;
        let cover = covers.into_iter().find_map(|(id, until)| {
            covering.iter().find(|person| person.id == id).map(|person| Cover { person: person.clone(), until })
        });
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
        if let Some(cover) = &cover {
            // The member covering is first; whoever the rota has first follows them.
            let before: Vec<Person> = first.drain(..).chain(second.drain(..)).collect();
            first = vec![cover.person.clone()];
            second = before.into_iter().filter(|person| person.id != cover.person.id).collect();
            second.truncate(if any_rota { 1 } else { second.len() });
        }
        Ok(OnCall { first, second, gap: gap && cover.is_none(), cover })
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
