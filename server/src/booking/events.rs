//! What the owner did on a request, kept for its history, and the request's first response: the
//! first of a status other than new, a Call, Text or E-mail tap on its page, a note, a confirmed
//! time, a time dropped (the customer is told it is off the schedule), a quote sent. Whatever the owner does also answers a change the customer made with their link.

use std::future::Future;

use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{
    auth::users,
    clock::At,
    db::{self, Db},
    domain::{BookingId, BookingStatus, EventKind},
    for_both_connections,
    on_call::escalation::EscalationWrites as _,
    with_db,
};

/// Something the owner did on a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// The status was set (to the status given).
    Status(BookingStatus),
    /// A tap on Call, Text or E-mail on the request's page.
    Contact(Contact),
    /// A time was confirmed or set (its label).
    Time(&'a str),
    TimeDropped,
    ReviewAsked,
    /// A note was written (the note itself is the history entry).
    Note,
    /// A quote was sent to the customer (the quote itself is the history entry).
    QuoteSent,
    /// The customer's change was marked as seen on Today.
    Seen,
    /// A member said 'I've got it': the rest of the team knows it is handled.
    Taken,
}

/// How the owner reached the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Contact {
    Call,
    Text,
    Email,
}

impl Contact {
    fn kind(self) -> EventKind {
        match self {
            Self::Call => EventKind::Call,
            Self::Text => EventKind::Text,
            Self::Email => EventKind::Email,
        }
    }
}

impl Event<'_> {
    /// Its kind and detail as the history stores them; None for a note or a quote (each its own
    /// entry).
    fn stored(self) -> Option<(EventKind, String)> {
        match self {
            Self::Status(status) => Some((EventKind::Status, status.as_str().to_owned())),
            Self::Contact(how) => Some((how.kind(), String::new())),
            Self::Time(label) => Some((EventKind::Time, label.to_owned())),
            Self::TimeDropped => Some((EventKind::TimeDropped, String::new())),
            Self::ReviewAsked => Some((EventKind::Review, String::new())),
            Self::Seen => Some((EventKind::Seen, String::new())),
            Self::Taken => Some((EventKind::Taken, String::new())),
            Self::Note | Self::QuoteSent => None,
        }
    }

    /// Whether it answers the request (the first such is its response time).
    fn responds(self) -> bool {
        match self {
            Self::Status(status) => status.answers_request(),
            Self::Contact(_) | Self::Time(_) | Self::TimeDropped | Self::Note | Self::QuoteSent => true,
            Self::ReviewAsked | Self::Seen | Self::Taken => false,
        }
    }
}

/// The owner's actions written inside the caller's transaction, so a change and what it means
/// for the request (its first response, the customer's change answered) commit together.
pub trait EventWrites {
    /// Records `event` on booking `id` by the admin `by`; false when there is no such booking.
    fn record_event(
        &mut self,
        id: i64,
        event: Event<'_>,
        by: &str,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<bool>> + Send;
}

for_both_connections!(impl EventWrites {
    async fn record_event(&mut self, id: i64, event: Event<'_>, by: &str, now: &At) -> sqlx::Result<bool> {
        let responded = if event.responds() { Some(now) } else { None };
        let found = sqlx::query(
            "UPDATE bookings SET first_response_at = COALESCE(first_response_at, $2),
                                 first_response_by = CASE WHEN first_response_at IS NULL AND $2 IS NOT NULL THEN $3
                                                          ELSE first_response_by END,
                                 customer_change_at = NULL
             WHERE id = $1",
        )
        .bind(id)
        .bind(responded)
        .bind(by)
        .execute(&mut *self)
        .await?
        .rows_affected()
            == 1;
        if found && responded.is_some() {
            self.stop_escalation(id, now).await?;
        } else if found && event == Event::Taken {
            self.hold_escalation(id, now).await?;
        }
        if found && let Some((kind, detail)) = event.stored() {
            sqlx::query(
                "INSERT INTO booking_events (booking_id, at, kind, detail, by_email) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(now)
            .bind(kind)
            .bind(detail)
            .bind(by)
            .execute(&mut *self)
            .await?;
        }
        Ok(found)
    }
});

/// Records `event` on booking `id` by `actor`, on its own (a tap on Call, 'Seen'), with the
/// audit line `audited` ("booking #id") when given, in one transaction; false when there is no
/// such booking.
pub async fn record(
    db: &Db,
    BookingId(id): BookingId,
    event: Event<'_>,
    actor: &Actor<'_>,
    audited: Option<Action>,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if !tx.record_event(id, event, actor.email, &now).await? {
            return Ok(false);
        }
        if let Some(action) = audited {
            tx.audit(&Line { actor, action, detail: format!("booking #{id}") }, &now).await?;
        }
        tx.commit().await?;
    });
    Ok(true)
}

/// An entry of a request's history.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventRecord {
    pub at: At,
    pub kind: EventKind,
    /// The status set, the time's label, or whom an escalation's step, last alert or reminder
    /// went to.
    pub detail: String,
    /// The admin's e-mail (empty for the site's own escalation).
    pub by: String,
}

/// Who has a request in hand: the member who said 'I've got it' (their name, else their
/// address), and when.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    pub by: String,
    pub at: At,
}

/// What 'I've got it' came to.
pub enum Took {
    /// Who has the request now: this member, or the one who took it first.
    Held(Holder),
    /// Nobody had it, and it is closed (cancelled, or spam): there is nothing to take.
    Closed,
    /// There is no such booking.
    Missing,
}

/// Member `actor` takes booking `id` ('I've got it') while it is open, with the history's line,
/// in one transaction.
pub async fn take(db: &Db, BookingId(id): BookingId, actor: &Actor<'_>) -> anyhow::Result<Took> {
    let now = db.clock.stamp();
    let found = with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let taken = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE bookings SET taken_at = $2, taken_by = $3
             WHERE id = $1 AND taken_by IS NULL AND cancelled_at IS NULL AND status NOT {}",
            db::in_names(BookingStatus::DROPPED)
        )))
        .bind(id)
        .bind(now)
        .bind(actor.email)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if taken {
            tx.record_event(id, Event::Taken, actor.email, &now).await?;
        }
        let found: bool = sqlx::query_scalar("SELECT COUNT(*) = 1 FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        found
    });
    Ok(match holder(db, BookingId(id)).await? {
        Some(holder) => Took::Held(holder),
        None if found => Took::Closed,
        None => Took::Missing,
    })
}

/// Who has booking `id` in hand, if anyone took it.
pub async fn holder(db: &Db, BookingId(id): BookingId) -> anyhow::Result<Option<Holder>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {} AS by, taken_at AS at FROM bookings WHERE id = $1 AND taken_at IS NOT NULL",
            users::name_or_address("taken_by")
        )))
        .bind(id)
        .fetch_optional(pool)
        .await?
    }))
}

/// The team's actions on booking `id`, oldest first, each naming who acted as 'Taken by' does:
/// the member's name, else the address (a member removed since, or one without a name).
pub async fn history(db: &Db, id: BookingId) -> anyhow::Result<Vec<EventRecord>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT at, kind, detail, {} AS by FROM booking_events WHERE booking_id = $1 ORDER BY id",
            users::name_or_address("by_email")
        )))
        .bind(id)
        .fetch_all(pool)
        .await?
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_other_than_new_a_contact_a_note_or_a_time_set_or_dropped_answers_a_request() {
        assert!(Event::Status(BookingStatus::Contacted).responds());
        assert!(!Event::Status(BookingStatus::New).responds());
        assert!(Event::Contact(Contact::Call).responds());
        assert!(Event::Note.responds());
        assert!(Event::Time("Tuesday").responds());
        assert!(Event::TimeDropped.responds(), "the customer hears the time is off the schedule");
        assert!(!Event::ReviewAsked.responds());
        assert!(!Event::Seen.responds());
        assert_eq!(Event::Note.stored(), None);
    }
}
