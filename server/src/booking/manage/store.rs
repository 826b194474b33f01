//! What the visitor's link reads and writes: the request it leads to, its answers, and the
//! visitor's move or cancellation, each in one transaction with its note and messages.

use crate::booking::store::{NoteWrites as _, VISITOR};
use crate::{
    clock::At,
    db::{self, Db},
    delivery::{
        Purpose,
        devices::{Occasion, PushWrites as _},
        store::OutboxWrites as _,
        told::Told,
    },
    domain::{BookingStatus, EmailAddress, Phone},
    on_call::escalation::EscalationWrites as _,
    schedule::{
        calendar::{Kind, Slot},
        links::SentBy,
        store::{AppointmentWrites as _, State as TimeState},
    },
    with_db,
};

#[derive(sqlx::FromRow)]
pub(super) struct BookingRow {
    pub(super) id: i64,
    pub(super) customer_id: Option<i64>,
    pub(super) created_at: At,
    pub(super) cancelled_at: Option<At>,
    pub(super) urgent: bool,
    pub(super) emergency: bool,
    pub(super) name: String,
    pub(super) phone: String,
    pub(super) phone_national: Option<String>,
    pub(super) email: String,
    pub(super) details: String,
    pub(super) location: Option<String>,
    pub(super) location_city: Option<String>,
    pub(super) street_address: Option<String>,
    pub(super) trailer_id: Option<i64>,
    pub(super) status: BookingStatus,
}

/// A change the visitor makes: to which request, the note it leaves in the inbox, who hears of
/// it, and what the owner's devices make of it.
pub(super) struct Change {
    pub(super) id: i64,
    pub(super) note: String,
    pub(super) tell: Told,
    pub(super) occasion: Occasion,
}

/// Moves request `change.id` to `slot` (asked for, to be confirmed again), in one transaction
/// with its seats, its note and the shop's notice; false when the time is full.
pub(super) async fn move_time(
    db: &Db,
    change: &Change,
    kind: Kind,
    slot: Slot,
    capacity: u8,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tx.release_seats(change.id).await?;
        let version = tx.set_appointment(change.id, kind, slot, TimeState::Requested, &now).await?;
        if !tx.hold_seats(change.id, kind, slot, capacity, false).await? {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.cancel_time_messages(change.id).await?;
        tx.add_note(change.id, &change.note, VISITOR, &now).await?;
        // Today lists the change until the owner acts on the request.
        sqlx::query("UPDATE bookings SET customer_change_at = $1 WHERE id = $2")
            .bind(db.clock.stamp())
            .bind(change.id)
            .execute(&mut *tx)
            .await?;
        change.tell.enqueue(&mut *tx, change.id, Purpose::Changed(version), &now, &now).await?;
        tx.enqueue_pushes(change.id, &Purpose::Changed(version).key(), change.occasion, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Cancels request `change.id` (a second time changes nothing), giving its time back, in one
/// transaction with its note and the shop's notice.
pub(super) async fn cancel_request(db: &Db, change: &Change, reason: Option<&str>) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let now = db.clock.stamp();
        let cancelled = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE bookings SET cancelled_at = $1, cancel_reason = $2, updated_at = $1, customer_change_at = $1,
                 status = CASE WHEN status {} THEN $4 ELSE status END
             WHERE id = $3 AND cancelled_at IS NULL",
            db::in_names(BookingStatus::ACTIVE)
        )))
        .bind(now)
        .bind(reason)
        .bind(change.id)
        .bind(BookingStatus::Cancelled)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cancelled == 1 {
            tx.cancel_appointment(change.id, &now).await?;
            tx.cancel_time_messages(change.id).await?;
            tx.stop_escalation(change.id, &now).await?;
            tx.add_note(change.id, &change.note, VISITOR, &now).await?;
            change.tell.enqueue(&mut *tx, change.id, Purpose::Cancelled, &now, &now).await?;
            tx.enqueue_pushes(change.id, &Purpose::Cancelled.key(), change.occasion, &now).await?;
        }
        tx.commit().await?;
        Ok(())
    })
}

/// Corrects request `id`'s phone and e-mail address as the customer typed them again, with the
/// note that says so; Today lists it as the customer's change until the owner acts.
pub(super) async fn correct_contact(
    db: &Db,
    id: i64,
    phone: &Phone,
    email: &EmailAddress,
    note: &str,
) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let now = db.clock.stamp();
        sqlx::query(
            "UPDATE bookings SET phone = $1, phone_national = $2, email = $3, updated_at = $4, customer_change_at = $4
             WHERE id = $5",
        )
        .bind(phone.as_ref())
        .bind(phone.national())
        .bind(email.as_ref())
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.add_note(id, note, VISITOR, &now).await?;
        tx.commit().await?;
        Ok(())
    })
}

/// The request `id`, if there is one.
pub(super) async fn row(db: &Db, id: i64) -> anyhow::Result<Option<BookingRow>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, customer_id, created_at, cancelled_at, urgent, emergency, name, phone, phone_national, email,
                    details, location, location_city, street_address, trailer_id, status
             FROM bookings WHERE id = $1",
        )
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// Request `id` is about `trailer`, which the customer picked on their page among those the
/// requests `scope` name, with a note of it; false when no request of `scope` names it, or `id`
/// names one already (the customer picks, the shop corrects).
pub(super) async fn name_trailer(db: &Db, id: i64, trailer: i64, scope: &[i64]) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT id FROM bookings WHERE trailer_id = $1 AND id IN ({}) ORDER BY created_at DESC, id DESC",
        db::placeholders_from(2, scope.len())
    ));
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let mut query = sqlx::query_scalar(sql).bind(trailer);
        for request in scope {
            query = query.bind(request);
        }
        let named_by: Vec<i64> = query.fetch_all(&mut *tx).await?;
        let Some(&before) = named_by.first() else { return Ok(false) };
        let set = sqlx::query(
            "UPDATE bookings SET trailer_id = $1, updated_at = $2, customer_change_at = $2 WHERE id = $3 AND trailer_id IS NULL",
        )
            .bind(trailer)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if set.rows_affected() == 0 {
            return Ok(false);
        }
        tx.add_note(id, &format!("Said it is the same trailer as request #{before}."), VISITOR, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// The requests a link to `linked` opens, newest first: those of its customer with the same e-mail
/// address (a link sent by e-mail) or the same number (by text); only its own for a link the
/// booking form gave the browser, since whoever sent it may have typed someone else's number.
pub(super) async fn scope(db: &Db, linked: &BookingRow, sent_by: Option<SentBy>) -> anyhow::Result<Vec<i64>> {
    let (Some(customer), Some(sent_by)) = (linked.customer_id, sent_by) else { return Ok(vec![linked.id]) };
    let (same, value) = match sent_by {
        SentBy::Email => ("LOWER(email) = LOWER($2)", linked.email.clone()),
        SentBy::Text => ("phone_national = $2", linked.phone_national.clone().unwrap_or_default()),
    };
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT id FROM bookings WHERE customer_id = $1 AND {same} AND status <> $3 ORDER BY created_at DESC, id DESC"
    ));
    let mut ids: Vec<i64> = with_db!(db, |pool| {
        sqlx::query_scalar(sql).bind(customer).bind(&value).bind(BookingStatus::Spam).fetch_all(pool).await?
    });
    if !ids.contains(&linked.id) {
        ids.insert(0, linked.id);
    }
    Ok(ids)
}
