//! The open times of a kind of work: the calendar's times that still have a free seat in every
//! half hour they cover, and the days that have any; and the check of a time a visitor sends.

use jiff::{Timestamp, civil::Date};
use serde::Serialize;

use super::{
    calendar::{Calendar, Kind, Slot},
    store,
};
use crate::{clock::At, db::Db};

/// How many of the next open times the assistant offers as quick answers.
pub const QUICK: usize = 6;

/// A time as a visitor picks it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeOption {
    /// When it starts (UTC); send it back to take this time.
    pub start: At,
    /// "Tuesday, December 1, 8:00-10:00 AM".
    pub label: String,
    /// The day on the shop's clock, "2026-12-01".
    pub date: String,
    /// "8:00-10:00 AM".
    pub hours: String,
}

/// What is open.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OpenTimes {
    pub kind: Kind,
    /// The next open times (at most 6), or every open time of the day asked for.
    pub times: Vec<TimeOption>,
    /// Every day with an open time, "2026-12-01", soonest first.
    pub days: Vec<String>,
}

/// A visitor moving their own time: the booking's seats count as free, and the time it holds is
/// not offered back to it.
#[derive(Debug, Clone, Copy)]
pub struct Moving {
    pub booking: i64,
    pub holds: Option<Slot>,
}

/// `kind`'s open times seen at `now`: the next six, or those of `on`.
pub async fn open(
    db: &Db,
    calendar: &Calendar<'_>,
    kind: Kind,
    now: Timestamp,
    on: Option<Date>,
    moving: Option<Moving>,
) -> anyhow::Result<OpenTimes> {
    let held = moving.and_then(|moving| moving.holds);
    let days: Vec<(Date, Vec<Slot>)> = calendar
        .days(kind, now)
        .into_iter()
        .map(|date| {
            let slots = calendar.day(kind, date).into_iter();
            (date, slots.filter(|slot| slot.start > now && Some(*slot) != held).collect())
        })
        .collect();
    let (Some(first), Some(last)) = (
        days.iter().flat_map(|(_, slots)| slots.first()).next(),
        days.iter().rev().flat_map(|(_, slots)| slots.last()).next(),
    ) else {
        return Ok(OpenTimes { kind, times: Vec::new(), days: Vec::new() });
    };
    let taken = store::taken(db, kind, first.start, last.end, moving.map(|moving| moving.booking)).await?;
    let capacity = i64::from(calendar.capacity(kind));
    let free = |slot: &Slot| slot.cells().all(|cell| taken.get(&cell).copied().unwrap_or(0) < capacity);
    let option = |slot: Slot| TimeOption {
        start: At::from(slot.start),
        label: calendar.label(slot),
        date: slot.start.to_zoned(calendar.zone().clone()).date().to_string(),
        hours: calendar.hours_of(slot),
    };
    let open_days: Vec<String> =
        days.iter().filter(|(_, slots)| slots.iter().any(free)).map(|(date, _)| date.to_string()).collect();
    let times = match on {
        Some(date) => days
            .into_iter()
            .filter(|(day, _)| *day == date)
            .flat_map(|(_, slots)| slots)
            .filter(|slot| free(slot))
            .map(option)
            .collect(),
        None => days
            .into_iter()
            .flat_map(|(_, slots)| slots)
            .filter(|slot| free(slot))
            .take(QUICK)
            .map(option)
            .collect(),
    };
    Ok(OpenTimes { kind, times, days: open_days })
}

/// A day as a visitor's query gives it ("2026-12-01"), or what is wrong with it.
pub fn day(date: Option<&str>) -> Result<Option<Date>, &'static str> {
    date.map(|text| {
        text.parse::<Date>().ok().filter(|_| text.len() == 10).ok_or("Give the day as YYYY-MM-DD")
    })
    .transpose()
}

/// Why a time sent by a visitor cannot be taken, in their words.
pub const PASSED: &str = "That time has passed. Please pick one of the open times.";
pub const NOT_OFFERED: &str = "That is not one of our open times. Please pick one of the times offered.";
pub const TOO_SOON: &str = "That day is too soon to book online. Please pick a later time, or call us.";
pub const TOO_FAR: &str = "We don't take bookings that far ahead yet. Please pick an earlier time.";
pub const TAKEN: &str = "Sorry, that time was just taken. Here are the next open times.";

/// The time starting at `start` that a visitor may ask for now, or why not (a full time is
/// found only when its seats are taken).
pub fn requested(
    calendar: &Calendar<'_>,
    kind: Kind,
    start: &str,
    now: Timestamp,
) -> Result<Slot, &'static str> {
    let start = start.parse::<At>().map_err(|_| NOT_OFFERED)?.timestamp();
    let date = start.to_zoned(calendar.zone().clone()).date();
    let slot = calendar.day(kind, date).into_iter().find(|slot| slot.start == start).ok_or(NOT_OFFERED)?;
    if slot.start <= now {
        return Err(PASSED);
    }
    let days = calendar.days(kind, now);
    match (days.first(), days.last()) {
        (Some(first), _) if date < *first => Err(TOO_SOON),
        (_, Some(last)) if date > *last => Err(TOO_FAR),
        (Some(_), Some(_)) => Ok(slot),
        _ => Err(NOT_OFFERED),
    }
}
