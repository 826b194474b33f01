//! Times in the database: a booking's appointment (requested, confirmed or cancelled) and the
//! seats it holds, one in each half hour it covers.

use std::{collections::HashMap, future::Future};

use jiff::Timestamp;

use super::calendar::{Kind, Slot};
use crate::{clock::At, db::Db, domain::BookingId, for_both_connections, rows_grouped_by, with_db};

/// Where an appointment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Asked for by the visitor; the shop has not confirmed it yet.
    Requested,
    Confirmed,
    Cancelled,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Requested => "requested",
            Self::Confirmed => "confirmed",
            Self::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "confirmed" => Self::Confirmed,
            "cancelled" => Self::Cancelled,
            _ => Self::Requested,
        }
    }
}

/// A booking's time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appointment {
    pub booking_id: i64,
    pub kind: Kind,
    pub slot: Slot,
    pub state: State,
    /// Advanced by each change: a calendar file's SEQUENCE; which reminder is the current one.
    pub version: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    booking_id: i64,
    kind: String,
    starts_at: At,
    ends_at: At,
    state: String,
    version: i64,
}

impl Row {
    fn appointment(self) -> Option<Appointment> {
        Some(Appointment {
            booking_id: self.booking_id,
            kind: Kind::parse(&self.kind)?,
            slot: Slot { start: self.starts_at.timestamp(), end: self.ends_at.timestamp() },
            state: State::parse(&self.state),
            version: self.version,
        })
    }
}

const COLUMNS: &str = "booking_id, kind, starts_at, ends_at, state, version";

/// Booking `booking_id`'s time, if it has one.
pub async fn get(db: &Db, booking_id: BookingId) -> anyhow::Result<Option<Appointment>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM appointments WHERE booking_id = $1"));
    let row: Option<Row> =
        with_db!(db, |pool| sqlx::query_as(sql).bind(booking_id).fetch_optional(pool).await?);
    Ok(row.and_then(Row::appointment))
}

/// The time of each of the bookings `ids` that has one.
pub async fn for_bookings(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Appointment>> {
    let grouped = rows_grouped_by!(
        booking_id,
        db,
        ids,
        Row,
        "kind, starts_at, ends_at, state, version",
        "appointments",
        "version"
    );
    Ok(grouped
        .into_values()
        .flatten()
        .filter_map(Row::appointment)
        .map(|time| (time.booking_id, time))
        .collect())
}

/// The times (not cancelled) starting from `from` up to `to`, soonest first.
pub async fn between(db: &Db, from: Timestamp, to: Timestamp) -> anyhow::Result<Vec<Appointment>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM appointments WHERE starts_at >= $1 AND starts_at < $2 AND state <> $3
         ORDER BY starts_at, booking_id"
    ));
    let rows: Vec<Row> = with_db!(db, |pool| {
        let cancelled = State::Cancelled.as_str();
        sqlx::query_as(sql).bind(At::from(from)).bind(At::from(to)).bind(cancelled).fetch_all(pool).await?
    });
    Ok(rows.into_iter().filter_map(Row::appointment).collect())
}

/// How many seats of `kind` each half hour from `from` to `to` has taken, leaving out those of
/// booking `except` (a visitor moving their own time).
pub async fn taken(
    db: &Db,
    kind: Kind,
    from: Timestamp,
    to: Timestamp,
    except: Option<i64>,
) -> anyhow::Result<HashMap<Timestamp, i64>> {
    let rows: Vec<(At, i64)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT cell_start, COUNT(*) FROM appointment_seats
             WHERE kind = $1 AND cell_start >= $2 AND cell_start < $3 AND booking_id != $4 GROUP BY cell_start",
        )
        .bind(kind.as_str())
        .bind(At::from(from))
        .bind(At::from(to))
        .bind(except.unwrap_or(0))
        .fetch_all(pool)
        .await?
    });
    Ok(rows.into_iter().map(|(cell, count)| (cell.timestamp(), count)).collect())
}

/// Statements about times, run inside the caller's transaction (the booking's, or a change's).
pub trait AppointmentWrites {
    /// Takes a seat in each half hour of `slot` for booking `booking_id`: the lowest free seat
    /// number below `capacity` (above it too when `overbook`). False when a half hour is full;
    /// the caller then rolls back. Half hours are taken in time order, so two transactions never
    /// wait for each other in a circle.
    fn hold_seats(
        &mut self,
        booking_id: i64,
        kind: Kind,
        slot: Slot,
        capacity: u8,
        overbook: bool,
    ) -> impl Future<Output = sqlx::Result<bool>> + Send;

    /// Gives back every seat booking `booking_id` holds.
    fn release_seats(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Sets booking `booking_id`'s time (a change advances its version); the version now.
    fn set_appointment(
        &mut self,
        booking_id: i64,
        kind: Kind,
        slot: Slot,
        state: State,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<i64>> + Send;

    /// Cancels booking `booking_id`'s time, giving back its seats; its version now, None when it
    /// had none (or it was cancelled already).
    fn cancel_appointment(
        &mut self,
        booking_id: i64,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;
}

for_both_connections!(impl AppointmentWrites {
    async fn hold_seats(
        &mut self,
        booking_id: i64,
        kind: Kind,
        slot: Slot,
        capacity: u8,
        overbook: bool,
    ) -> sqlx::Result<bool> {
        for cell in slot.cells() {
            let cell = At::from(cell);
            let mut seat = 0_i64;
            loop {
                if seat >= i64::from(capacity) && !overbook {
                    return Ok(false);
                }
                let taken: Option<i64> = sqlx::query_scalar(
                    "INSERT INTO appointment_seats (kind, cell_start, seat, booking_id) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (kind, cell_start, seat) DO NOTHING RETURNING seat",
                )
                .bind(kind.as_str())
                .bind(cell)
                .bind(seat)
                .bind(booking_id)
                .fetch_optional(&mut *self)
                .await?;
                if taken.is_some() {
                    break;
                }
                seat += 1;
            }
        }
        Ok(true)
    }

    async fn release_seats(&mut self, booking_id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM appointment_seats WHERE booking_id = $1").bind(booking_id).execute(&mut *self).await?;
        Ok(())
    }

    async fn set_appointment(&mut self, booking_id: i64, kind: Kind, slot: Slot, state: State, now: &At) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "INSERT INTO appointments (booking_id, kind, starts_at, ends_at, state, version, updated_at)
             VALUES ($1, $2, $3, $4, $5, 1, $6)
             ON CONFLICT (booking_id) DO UPDATE SET kind = $2, starts_at = $3, ends_at = $4, state = $5,
                 version = appointments.version + 1, updated_at = $6
             RETURNING version",
        )
        .bind(booking_id)
        .bind(kind.as_str())
        .bind(At::from(slot.start))
        .bind(At::from(slot.end))
        .bind(state.as_str())
        .bind(now)
        .fetch_one(&mut *self)
        .await
    }

    async fn cancel_appointment(&mut self, booking_id: i64, now: &At) -> sqlx::Result<Option<i64>> {
        self.release_seats(booking_id).await?;
        sqlx::query_scalar(
            "UPDATE appointments SET state = $3, version = version + 1, updated_at = $2
             WHERE booking_id = $1 AND state <> $3 RETURNING version",
        )
        .bind(booking_id)
        .bind(now)
        .bind(State::Cancelled.as_str())
        .fetch_optional(&mut *self)
        .await
    }
});
