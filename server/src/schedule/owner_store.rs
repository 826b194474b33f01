//! What the owner's schedule writes: confirming a time, dropping it, asking for a review. Each
//! change is one transaction with the messages it sends and the request's history.

use jiff::Timestamp;

use super::{
    calendar::{Kind, Slot},
    store::{AppointmentWrites as _, State as TimeState},
};
use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{
    booking::{
        events::{Event, EventWrites as _},
        shared_store::BookingStatements as _,
    },
    clock::{self, At},
    db::Db,
    delivery::{Purpose, store::OutboxWrites as _, told::Told},
    domain::BookingId,
    with_db,
};

pub(super) enum Confirmed {
    Done,
    NoBooking,
    Cancelled,
    Full,
}

/// A time the owner confirms, with what goes with it.
pub(super) struct Confirmation {
    pub(super) id: BookingId,
    pub(super) kind: Kind,
    pub(super) slot: Slot,
    pub(super) capacity: u8,
    pub(super) overbook: bool,
    pub(super) tell: Told,
    pub(super) reminder: Option<Timestamp>,
}

/// Confirms the time in one transaction: its seats, the status, the visitor's messages, the
/// request's history (`label` by the admin `line` names), which makes it the request's first
/// response, and `line` in the audit log.
pub(super) async fn confirm(
    db: &Db,
    time: Confirmation,
    (label, line): (&str, &Line<'_>),
) -> anyhow::Result<Confirmed> {
    let Confirmation { id: BookingId(id), kind, slot, capacity, overbook, tell, reminder } = time;
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        match tx.is_cancelled(id).await? {
            None => return Ok(Confirmed::NoBooking),
            Some(true) => return Ok(Confirmed::Cancelled),
            Some(false) => {}
        }
        // Undo of a drop: the same time again while the customer, told of it before, has not yet
        // been told of the drop (that e-mail waits a minute): they hear nothing, as nothing changed.
        let same_time_dropped: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM appointments WHERE booking_id = $1 AND state = $5
                            AND kind = $2 AND starts_at = $3 AND ends_at = $4)",
        )
        .bind(id)
        .bind(kind.as_str())
        .bind(clock::At::from(slot.start))
        .bind(clock::At::from(slot.end))
        .bind(TimeState::Cancelled.as_str())
        .fetch_one(&mut *tx)
        .await?;
        let undo = same_time_dropped && tx.time_told_and_waiting(id).await?;
        tx.release_seats(id).await?;
        let version = tx.set_appointment(id, kind, slot, TimeState::Confirmed, &now).await?;
        if !tx.hold_seats(id, kind, slot, capacity, overbook).await? {
            tx.rollback().await?;
            return Ok(Confirmed::Full);
        }
        tx.mark_scheduled(id, &now).await?;
        tx.cancel_time_messages(id).await?;
        if !undo {
            tell.enqueue(&mut *tx, id, Purpose::Time(version), &now, &now).await?;
        }
        if let Some(at) = reminder {
            tell.enqueue(&mut *tx, id, Purpose::Reminder(version), &clock::At::from(at), &now).await?;
        }
        tx.record_event(id, Event::Time(label), line.actor.email, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Confirmed::Done)
    })
}

/// Drops booking `id`'s time (by `actor`, in the history and the audit log): its seats and
/// waiting messages go, a scheduled job is contacted again, and the visitor is told at `due` by
/// the channels `tell` names. The dropped time's version, or None when the booking had no time.
pub(super) async fn drop_time(
    db: &Db,
    BookingId(id): BookingId,
    actor: &Actor<'_>,
    tell: Told,
    due: &At,
) -> anyhow::Result<Option<i64>> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let version = tx.cancel_appointment(id, &now).await?;
        tx.cancel_time_messages(id).await?;
        if let Some(version) = version {
            tx.record_event(id, Event::TimeDropped, actor.email, &now).await?;
            let line = Line { actor, action: Action::BookingTimeDropped, detail: format!("booking #{id}") };
            tx.audit(&line, &now).await?;
            // A job without a time is not scheduled any more.
            tx.mark_unscheduled(id, &now).await?;
            tell.enqueue(&mut *tx, id, Purpose::Time(version), due, &now).await?;
        }
        tx.commit().await?;
        version
    }))
}

/// Queues the thank-you with the review link for booking `id`, now, asked by `actor`: in its
/// history and the audit log, in one transaction.
pub(super) async fn queue_review(
    db: &Db,
    BookingId(id): BookingId,
    tell: Told,
    actor: &Actor<'_>,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tell.enqueue(&mut *tx, id, Purpose::Review, &now, &now).await?;
        tx.record_event(id, Event::ReviewAsked, actor.email, &now).await?;
        let line = Line { actor, action: Action::ReviewRequested, detail: format!("booking #{id}") };
        tx.audit(&line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
