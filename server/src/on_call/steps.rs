//! The minutes after an emergency of each escalation step, and whether urgent requests in shop
//! hours escalate too, as the owner sets them.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::audit::{AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// Reads the steps (the one row), here and inside a step's own transaction.
pub(super) const READ: &str = "SELECT first_after, second_after, everyone_after, urgent_in_shop_hours FROM escalation_steps WHERE id = 1";

/// The longest a step may wait: the site promises an answer within 30 minutes.
pub const LONGEST: i64 = 30;

/// The minutes after an emergency of each step, and what escalates besides emergencies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Steps {
    /// The first on call is told again, and texted.
    #[schema(minimum = 1, maximum = 30)]
    pub first_after: i64,
    /// The second on call.
    #[schema(minimum = 1, maximum = 30)]
    pub second_after: i64,
    /// Every member.
    #[schema(minimum = 1, maximum = 30)]
    pub everyone_after: i64,
    /// Urgent requests that arrive while the shop is open (its business hours) escalate the
    /// same way; off by default.
    pub urgent_in_shop_hours: bool,
}

impl Steps {
    /// A sentence when the steps do not come one after another within the promise.
    pub fn check(&self) -> Result<(), String> {
        let in_order = 0 < self.first_after
            && self.first_after < self.second_after
            && self.second_after < self.everyone_after
            && self.everyone_after <= LONGEST;
        if in_order {
            Ok(())
        } else {
            Err(format!("Each step must come after the one before it, from 1 to {LONGEST} minutes."))
        }
    }

    /// The minutes after the emergency of `step` (1 to 3).
    pub fn after(&self, step: i64) -> Option<Duration> {
        let minutes = match step {
            1 => self.first_after,
            2 => self.second_after,
            3 => self.everyone_after,
            _ => return None,
        };
        Some(Duration::from_secs(u64::try_from(minutes).unwrap_or(0) * 60))
    }
}

/// The escalation's steps.
pub async fn get(db: &Db) -> anyhow::Result<Steps> {
    Ok(with_db!(db, |pool| { sqlx::query_as(READ).fetch_one(pool).await? }))
}

/// Sets the escalation's steps, with `line` in the audit log.
pub async fn set(db: &Db, steps: &Steps, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE escalation_steps SET first_after = $1, second_after = $2, everyone_after = $3,
                                         urgent_in_shop_hours = $4
             WHERE id = 1",
        )
        .bind(steps.first_after)
        .bind(steps.second_after)
        .bind(steps.everyone_after)
        .bind(steps.urgent_in_shop_hours)
        .execute(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
