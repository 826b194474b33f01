//! Escalation of an emergency nobody has answered: after the first step's minutes the first on
//! call is told again ('Still waiting'), with a text to their phone (an e-mail while texts are
//! not set up); after the second step's, the second on call; after the third's, every member.
//! Before the promise runs out the people on call and whoever took it get a last alert; past
//! it, every member is reminded every 15 minutes (`steps::Beat`).
//!
//! Each emergency has one row that names its next beat and when it is due, and one job
//! (`Beats`, run by `delivery::escalate`) that comes due with it. A beat fires in one
//! transaction that moves the row on only if it is still at that beat and due, and writes the
//! beat's pushes and texts as outbox deliveries: so each fires once, whichever instance gets
//! there first and however often one is killed. An answer (the first response: a call, a text, a
//! status, a time, a note) stops the row; 'I've got it' holds the next beat back for 10 minutes.
//! Either cancels the messages not yet sent, in the transaction that answers.

use std::future::Future;

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{
    steps::{Beat, Steps},
    store::OnCallReads as _,
};
use crate::{
    auth::users::{MemberReads as _, Person},
    booking::shared_store::BookingStatements as _,
    clock::At,
    db::Db,
    delivery::{BookingChannel, Purpose, devices::PushWrites as _, store::OutboxWrites},
    domain::EventKind,
    for_both_connections,
    queue::JobWrites,
    with_db,
};

/// The job that fires emergency `booking_id`'s beats as each comes due: one per escalation, put
/// off to the next beat after each, done when the escalation stops.
#[derive(Serialize, Deserialize)]
pub struct Beats {
    pub booking_id: i64,
}

impl Beats {
    /// The job's key: one per escalation.
    fn key(booking_id: i64) -> String {
        format!("escalation-{booking_id}")
    }
}

/// How a member is told besides their devices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageBy {
    /// A text to their phone (an e-mail when they have given none and e-mail is set up).
    Text { email: bool },
    /// An e-mail to their address (texts are not set up).
    Email,
    /// Pushes only.
    Nothing,
}

/// How long 'I've got it' holds the next beat back: whoever took it has that long to answer.
pub const TAKEN_HOLDS: Duration = Duration::from_secs(10 * 60);

/// An escalation started, held and stopped inside the caller's transaction: with the emergency,
/// and with whatever answers it.
pub trait EscalationWrites {
    /// Starts the escalation of emergency `booking_id`, received `now`: its first step is `due`.
    fn start_escalation(
        &mut self,
        booking_id: i64,
        due: &At,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
    /// Stops booking `booking_id`'s escalation, if it has one still going: no further step, and
    /// its messages not yet sent are cancelled.
    fn stop_escalation(&mut self, booking_id: i64, now: &At)
    -> impl Future<Output = sqlx::Result<()>> + Send;
    /// Holds booking `booking_id`'s escalation, if it has one still going, until `TAKEN_HOLDS`
    /// from `now` at least (someone took it); its messages not yet sent are cancelled.
    fn hold_escalation(&mut self, booking_id: i64, now: &At)
    -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl EscalationWrites {
    async fn start_escalation(&mut self, booking_id: i64, due: &At, now: &At) -> sqlx::Result<()> {
        let started = sqlx::query(
            "INSERT INTO escalations (booking_id, next_step, due_at, created_at) VALUES ($1, 1, $2, $3)
             ON CONFLICT (booking_id) DO NOTHING",
        )
        .bind(booking_id)
        .bind(due)
        .bind(now)
        .execute(&mut *self)
        .await?
        .rows_affected()
            > 0;
        if started {
            JobWrites::enqueue(self, &Beats { booking_id }, Some(&Beats::key(booking_id)), due, now).await?;
        }
        Ok(())
    }

    async fn stop_escalation(&mut self, booking_id: i64, now: &At) -> sqlx::Result<()> {
        let stopped = sqlx::query(
            "UPDATE escalations SET due_at = NULL, stopped_at = $2 WHERE booking_id = $1 AND stopped_at IS NULL",
        )
        .bind(booking_id)
        .bind(now)
        .execute(&mut *self)
        .await?
        .rows_affected()
            > 0;
        if stopped {
            self.cancel_escalation_messages(booking_id, "stopped: someone answered").await?;
        }
        Ok(())
    }

    async fn hold_escalation(&mut self, booking_id: i64, now: &At) -> sqlx::Result<()> {
        let until = At::from(now.timestamp() + TAKEN_HOLDS);
        let held = sqlx::query(
            "UPDATE escalations SET due_at = CASE WHEN due_at < $2 THEN $2 ELSE due_at END
             WHERE booking_id = $1 AND stopped_at IS NULL AND due_at IS NOT NULL",
        )
        .bind(booking_id)
        .bind(until)
        .execute(&mut *self)
        .await?
        .rows_affected()
            > 0;
        if held {
            self.cancel_escalation_messages(booking_id, "held: someone took it").await?;
        }
        Ok(())
    }
});

/// Booking `booking_id`'s next beat and when it is due, while its escalation goes on.
pub async fn next_beat(db: &Db, booking_id: i64) -> anyhow::Result<Option<(i64, At)>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT next_step, due_at FROM escalations WHERE booking_id = $1 AND due_at IS NOT NULL",
        )
        .bind(booking_id)
        .fetch_optional(pool)
        .await?
    }))
}

/// Makes booking `booking_id`'s next beat due now, if it is still going and due later (a page
/// of the beat before did not reach its member).
pub async fn hurry(db: &Db, booking_id: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let hurried = sqlx::query(
            "UPDATE escalations SET due_at = $2
             WHERE booking_id = $1 AND stopped_at IS NULL AND due_at IS NOT NULL AND due_at > $2",
        )
        .bind(booking_id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if hurried {
            tx.bring_forward(&Beats::key(booking_id), &now).await?;
        }
        tx.commit().await?;
    });
    Ok(())
}

/// Fires beat `step` of booking `booking_id`'s escalation, if it is still due and nobody has
/// answered: the beat's people (read from the rota at this hour, `slot`) get a push on each of
/// their devices and a page as `page_by` says, the next beat is set, and the request's history
/// says whom it went to. Whether it fired.
pub async fn fire(
    db: &Db,
    booking_id: i64,
    step: i64,
    slot: (u8, u8),
    page_by: PageBy,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let started: Option<At> = sqlx::query_scalar(
            "UPDATE escalations SET due_at = NULL
             WHERE booking_id = $1 AND next_step = $2 AND due_at IS NOT NULL AND due_at <= $3
             RETURNING created_at",
        )
        .bind(booking_id)
        .bind(step)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(started) = started else {
            // Another instance fired it, or someone answered meanwhile.
            tx.rollback().await?;
            return Ok(false);
        };
        if !tx.is_unanswered(booking_id).await? {
            sqlx::query("UPDATE escalations SET stopped_at = $2 WHERE booking_id = $1")
                .bind(booking_id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            return Ok(false);
        }
        let steps: Steps = sqlx::query_as(super::steps::READ).fetch_one(&mut *tx).await?;
        let (next, after) = steps.next(step);
        // Never in the past: a beat that fires late does not bring the next one forward.
        let due = At::from((started.timestamp() + after).max(now.timestamp()));
        sqlx::query("UPDATE escalations SET next_step = $2, due_at = $3 WHERE booking_id = $1")
            .bind(booking_id)
            .bind(next)
            .bind(due)
            .execute(&mut *tx)
            .await?;
        let beat = Beat::of(step);
        let on_call = tx.on_call(&now, slot).await?;
        let people: Vec<Person> = match beat {
            // Nobody on call at this hour (a gap in the rota): the owners are told.
            Beat::First if on_call.first.is_empty() => tx.people(true).await?,
            Beat::First => on_call.first,
            Beat::Second => on_call.second,
            Beat::LastAlert => {
                let taker = match tx.taken_by(booking_id).await? {
                    Some(email) => tx.member_id(&email).await?,
                    None => None,
                };
                let mut ids: Vec<i64> = on_call
                    .first
                    .iter()
                    .chain(&on_call.second)
                    .map(|person| person.id)
                    .chain(taker)
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                if ids.is_empty() { tx.people(true).await? } else { tx.named(&ids).await? }
            }
            Beat::Everyone | Beat::PastPromise { .. } => tx.people(false).await?,
        };
        let ids: Vec<i64> = people.iter().map(|person| person.id).collect();
        let members = tx.reached(&ids).await?;
        for member in &members {
            tx.enqueue_member_pushes(booking_id, Purpose::Escalation(step), member.id, &now).await?;
            let channel = match page_by {
                PageBy::Text { .. } if member.phone.is_some() => Some(BookingChannel::Text),
                PageBy::Text { email: true } | PageBy::Email => Some(BookingChannel::Email),
                PageBy::Text { email: false } | PageBy::Nothing => None,
            };
            if let Some(channel) = channel {
                let page = Purpose::Page { step, member: member.id };
                OutboxWrites::enqueue(&mut *tx, booking_id, channel, page, &now, &now).await?;
            }
        }
        let whom = match (beat, members.is_empty()) {
            (Beat::Second, true) => "nobody (no second person is on call)".to_owned(),
            (_, true) => "nobody (the team has no member to tell)".to_owned(),
            (Beat::Everyone | Beat::PastPromise { .. }, false) => "everyone".to_owned(),
            _ => members.iter().map(|member| member.name.as_str()).collect::<Vec<_>>().join(", "),
        };
        let kind = match beat {
            Beat::First | Beat::Second | Beat::Everyone => EventKind::Escalated,
            Beat::LastAlert => EventKind::LastAlert,
            Beat::PastPromise { .. } => EventKind::PastPromise,
        };
        tx.record_site_event(booking_id, kind, &whom, &now).await?;
        tx.commit().await?;
        true
    }))
}
