//! The minutes after an emergency of each escalation step, the last alert before the promise
//! runs out, and whether urgent requests in shop hours escalate too, as the owner sets them; and
//! the beats an unanswered emergency goes through: the three steps, the last alert, then a
//! reminder to everyone every 15 minutes past the promise until someone answers.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::audit::{AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// Reads the steps (the one row), here and inside a step's own transaction.
pub(super) const READ: &str =
    "SELECT first_after, second_after, everyone_after, last_alert_before, urgent_in_shop_hours
                               FROM escalation_steps WHERE id = 1";

/// The promise, in minutes: the site promises an emergency an answer within 30 minutes. No step
/// waits longer.
pub const LONGEST: i64 = 30;
/// How often everyone is reminded of an emergency past the promise that nobody answered.
const REMIND_EVERY: i64 = 15;

/// What a beat of the escalation of an unanswered emergency does, by its number: 1 to 3 are the
/// owner's steps, 4 the last alert, 5 and on the reminders past the promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beat {
    /// The first on call is told again (step 1).
    First,
    /// The second on call (step 2).
    Second,
    /// Every member (step 3).
    Everyone,
    /// The people on call and whoever took it, before the promise runs out (step 4).
    LastAlert,
    /// Every member, while the emergency is past the promise: the minutes since it arrived.
    PastPromise { minutes: i64 },
}

impl Beat {
    /// The beat numbered `step` (from 1).
    pub fn of(step: i64) -> Self {
        match step {
            ..=1 => Self::First,
            2 => Self::Second,
            3 => Self::Everyone,
            4 => Self::LastAlert,
            _ => Self::PastPromise { minutes: LONGEST + (step - 5) * REMIND_EVERY },
        }
    }
}

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
    /// The last alert, to the people on call and whoever took it: this many minutes before the
    /// promise runs out (5 by default). It is left out when everyone is told as late.
    #[schema(minimum = 1, maximum = 29)]
    pub last_alert_before: i64,
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
        if !in_order {
            return Err(format!("Each step must come after the one before it, from 1 to {LONGEST} minutes."));
        }
        if !(1..LONGEST).contains(&self.last_alert_before) {
            return Err(format!(
                "The last alert comes 1 to {} minutes before the promise runs out.",
                LONGEST - 1
            ));
        }
        Ok(())
    }

    /// When beat `step` comes, after the emergency.
    fn beat_at(&self, step: i64) -> Duration {
        let minutes = match Beat::of(step) {
            Beat::First => self.first_after,
            Beat::Second => self.second_after,
            Beat::Everyone => self.everyone_after,
            Beat::LastAlert => LONGEST - self.last_alert_before,
            Beat::PastPromise { minutes } => minutes,
        };
        Duration::from_secs(u64::try_from(minutes).unwrap_or(0) * 60)
    }

    /// The beat after `step` (0: the first), and when it comes after the emergency: the next one
    /// that comes later than `step`'s (the last alert is left out when everyone is told as late,
    /// the first reminder when everyone is told as the promise runs out).
    pub fn next(&self, step: i64) -> (i64, Duration) {
        let after = if step < 1 { Duration::ZERO } else { self.beat_at(step) };
        let mut next = step.max(0) + 1;
        while self.beat_at(next) <= after {
            next += 1;
        }
        (next, self.beat_at(next))
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
                                         last_alert_before = $4, urgent_in_shop_hours = $5
             WHERE id = 1",
        )
        .bind(steps.first_after)
        .bind(steps.second_after)
        .bind(steps.everyone_after)
        .bind(steps.last_alert_before)
        .bind(steps.urgent_in_shop_hours)
        .execute(&mut *tx)
        .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(first_after: i64, second_after: i64, everyone_after: i64, last_alert_before: i64) -> Steps {
        Steps { first_after, second_after, everyone_after, last_alert_before, urgent_in_shop_hours: false }
    }

    /// The beats from the first, with their minutes, up to `until` minutes.
    fn beats(steps: &Steps, until: u64) -> Vec<(Beat, u64)> {
        let mut step = 0;
        let mut seen = Vec::new();
        loop {
            let (next, at) = steps.next(step);
            if at.as_secs() / 60 > until {
                return seen;
            }
            seen.push((Beat::of(next), at.as_secs() / 60));
            step = next;
        }
    }

    #[test]
    fn the_steps_then_the_last_alert_then_everyone_every_15_minutes_past_the_promise() {
        assert_eq!(
            beats(&steps(5, 10, 15, 5), 60),
            vec![
                (Beat::First, 5),
                (Beat::Second, 10),
                (Beat::Everyone, 15),
                (Beat::LastAlert, 25),
                (Beat::PastPromise { minutes: 30 }, 30),
                (Beat::PastPromise { minutes: 45 }, 45),
                (Beat::PastPromise { minutes: 60 }, 60),
            ]
        );
    }

    #[test]
    fn a_beat_no_later_than_the_one_before_is_left_out() {
        // Everyone is told at 27: that is the last alert; at 30, everyone is told as the promise
        // runs out, so the first reminder is at 45.
        assert_eq!(
            beats(&steps(2, 4, 27, 5), 45),
            vec![
                (Beat::First, 2),
                (Beat::Second, 4),
                (Beat::Everyone, 27),
                (Beat::PastPromise { minutes: 30 }, 30),
                (Beat::PastPromise { minutes: 45 }, 45),
            ]
        );
        assert_eq!(
            beats(&steps(10, 20, 30, 5), 45),
            vec![
                (Beat::First, 10),
                (Beat::Second, 20),
                (Beat::Everyone, 30),
                (Beat::PastPromise { minutes: 45 }, 45)
            ]
        );
    }

    #[test]
    fn the_last_alert_is_checked() {
        assert!(steps(5, 10, 15, 5).check().is_ok());
        assert!(steps(5, 10, 15, 0).check().is_err());
        assert!(steps(5, 10, 15, 30).check().is_err());
        assert!(steps(10, 5, 15, 5).check().is_err());
    }
}
