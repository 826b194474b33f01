//! How fast requests are answered, against what the site promises: emergencies on the 24-hour
//! clock (`business.emergency_response_time`, "30 minutes"), other requests on the shop's opening
//! hours (`business.response_time`, "1 business day"). A request's response time runs from its
//! arrival to its first response (`events`), which names who gave it. Requests still waiting are counted apart, with the
//! longest wait and the time left before it passes the promise: a wait still running is never
//! taken for an answer, and a week cannot look kept while customers wait past the promise.

mod figures;

use std::collections::BTreeMap;

use jiff::{RoundMode, Span, Timestamp, TimestampRound, Unit, civil::Time};
use serde::Serialize;

use crate::{
    auth::users,
    clock::At,
    db::Db,
    domain::BookingStatus,
    schedule::calendar::Calendar,
    site::content::{Content, Promise},
    with_db,
};
pub use figures::{Answered, ResponseFigures, Said, Tone, Waiting, minutes_text};
use figures::{count, past};

/// The most days a response time counts the shop's hours over (a request waiting longer is
/// long past any promise).
const LONGEST_WAIT_DAYS: usize = 400;

/// The minutes of `time` since midnight.
fn minute_of(time: Time) -> i64 {
    i64::from(time.hour()) * 60 + i64::from(time.minute())
}

/// The minutes the shop is open between `from` and `to`, by its business hours and closed days.
fn open_minutes(calendar: &Calendar<'_>, from: Timestamp, to: Timestamp) -> i64 {
    if to <= from {
        return 0;
    }
    let (start, end) = (from.to_zoned(calendar.zone().clone()), to.to_zoned(calendar.zone().clone()));
    let mut day = start.date();
    let mut total = 0;
    for _ in 0..LONGEST_WAIT_DAYS {
        if day > end.date() {
            break;
        }
        if let Some((opens, closes)) = calendar.business_hours(day) {
            let first = if day == start.date() { minute_of(start.time()) } else { 0 };
            let last = if day == end.date() { minute_of(end.time()) } else { 24 * 60 };
            total += (minute_of(closes).min(last) - minute_of(opens).max(first)).max(0);
        }
        let Ok(next) = day.checked_add(Span::new().days(1)) else { break };
        day = next;
    }
    total
}

/// The minutes of an average open weekday (for 'business days').
fn average_day(content: &Content) -> i64 {
    let days: Vec<i64> = content
        .business
        .hours
        .iter()
        .filter_map(|hours| {
            let (opens, closes) = (
                hours.opens.as_deref()?.parse::<Time>().ok()?,
                hours.closes.as_deref()?.parse::<Time>().ok()?,
            );
            let count = i64::try_from(hours.days.len()).ok()?;
            Some((minute_of(closes) - minute_of(opens)) * count)
        })
        .collect();
    let open_days: i64 = content
        .business
        .hours
        .iter()
        .filter(|hours| hours.opens.is_some() && hours.closes.is_some())
        .map(|hours| i64::try_from(hours.days.len()).unwrap_or(0))
        .sum();
    if open_days == 0 { 8 * 60 } else { days.iter().sum::<i64>() / open_days }
}

/// Which clock a request's response time runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Emergencies: every minute counts.
    AroundTheClock,
    /// Everything else: the minutes the shop is open.
    ShopHours,
}

impl Clock {
    /// In the owner's words.
    pub fn name(self) -> &'static str {
        match self {
            Self::AroundTheClock => "around the clock",
            Self::ShopHours => "shop hours",
        }
    }
}

/// The response times of a period: emergencies apart from the rest, and by who answered.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseTimes {
    /// On the 24-hour clock.
    pub emergencies: ResponseFigures,
    /// On the shop's opening hours.
    pub others: ResponseFigures,
    /// The answered requests by the member who answered first, most answers first. First
    /// responses from before the team's members were told apart are left out.
    pub people: Vec<Responder>,
}

/// One member's first responses of a period, each on its request's clock.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Responder {
    /// Their name, or their address when they gave none.
    pub name: String,
    pub emergencies: Answered,
    pub others: Answered,
}

/// The promises and clocks the response times are measured with.
pub struct Measure<'a> {
    calendar: Calendar<'a>,
    emergency_promise: (String, Option<i64>),
    promise: (String, Option<i64>),
}

impl<'a> Measure<'a> {
    pub fn new(content: &'a Content) -> Self {
        let business = &content.business;
        let business_day = average_day(content);
        let in_minutes = |text: &str, clock: Clock| {
            let minutes = Promise::parse(text).map(|promise| match (promise, clock) {
                (Promise::Minutes(minutes), _) => minutes,
                (Promise::BusinessDays(days), Clock::ShopHours) => days * business_day,
                (Promise::BusinessDays(days), Clock::AroundTheClock) => days * 24 * 60,
            });
            (text.to_owned(), minutes)
        };
        let emergency_promise = in_minutes(&business.emergency_response_time, Clock::AroundTheClock);
        let promise = in_minutes(&business.response_time, Clock::ShopHours);
        Self { calendar: Calendar::new(content), emergency_promise, promise }
    }

    /// The clock a request's response time runs on.
    pub fn clock(emergency: bool) -> Clock {
        if emergency { Clock::AroundTheClock } else { Clock::ShopHours }
    }

    /// The minutes a request received at `from` has waited (or took) by `to`, on its clock.
    pub fn minutes(&self, clock: Clock, from: Timestamp, to: Timestamp) -> i64 {
        match clock {
            Clock::AroundTheClock => (to.as_second() - from.as_second()).max(0) / 60,
            Clock::ShopHours => open_minutes(&self.calendar, from, to),
        }
    }

    /// The promise's minutes on `clock`, if the words give one.
    pub fn promise_minutes(&self, clock: Clock) -> Option<i64> {
        match clock {
            Clock::AroundTheClock => self.emergency_promise.1,
            Clock::ShopHours => self.promise.1,
        }
    }

    /// Whether a request received at `from` and still waiting at `now` has waited past the promise.
    pub fn overdue(&self, emergency: bool, from: Timestamp, now: Timestamp) -> bool {
        let clock = Self::clock(emergency);
        self.promise_minutes(clock).is_some_and(|promise| self.minutes(clock, from, now) > promise)
    }

    fn figures(&self, clock: Clock, waits: Vec<Wait>) -> ResponseFigures {
        let (promise, promise_minutes) = match clock {
            Clock::AroundTheClock => self.emergency_promise.clone(),
            Clock::ShopHours => self.promise.clone(),
        };
        let answered: Vec<i64> = waits
            .iter()
            .filter_map(|wait| match wait {
                Wait::Answered(minutes) => Some(*minutes),
                _ => None,
            })
            .collect();
        let waiting: Vec<i64> = waits
            .iter()
            .filter_map(|wait| match wait {
                Wait::Waiting(minutes) => Some(*minutes),
                _ => None,
            })
            .collect();
        let longest = waiting.iter().copied().max();
        let mut figures = ResponseFigures {
            requests: count(waits.len()),
            answered: Answered::of(answered, promise_minutes),
            waiting: Waiting {
                count: count(waiting.len()),
                longest_minutes: longest,
                late: past(&waiting, promise_minutes),
                minutes_left: longest
                    .zip(promise_minutes)
                    .map(|(longest, limit)| limit - longest)
                    .filter(|left| *left >= 0),
            },
            cancelled_unanswered: count(waits.iter().filter(|wait| matches!(wait, Wait::Withdrawn)).count()),
            promise,
            promise_minutes,
            said: Vec::new(),
        };
        figures.in_words();
        figures
    }
}

/// Where one request's response stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Answered after this many minutes.
    Answered(i64),
    /// Not answered yet, after this many minutes.
    Waiting(i64),
    /// Cancelled by the customer before an answer.
    Withdrawn,
}

#[derive(sqlx::FromRow)]
struct Received {
    created_at: At,
    first_response_at: Option<At>,
    cancelled_at: Option<At>,
    emergency: bool,
    /// Who gave the first response (their name, else their address).
    responder: Option<String>,
}

/// The response times of the requests received from `from` until `until`, as they stand at
/// `now`. Left out: spam, and requests answered before answers were timed (a status other than
/// new, no first response).
pub async fn between(
    db: &Db,
    measure: &Measure<'_>,
    (from, until): (Timestamp, Timestamp),
    now: Timestamp,
) -> anyhow::Result<ResponseTimes> {
    // Stamps keep the millisecond, cut: a request stamped in `until`'s millisecond came before it.
    let end = At::from(until.round(TimestampRound::new().smallest(Unit::Millisecond).mode(RoundMode::Ceil))?);
    let rows: Vec<Received> = with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT created_at, first_response_at, cancelled_at, emergency, {} AS responder
             FROM bookings
             WHERE created_at >= $1 AND created_at < $2 AND status <> $3
             AND (first_response_at IS NOT NULL OR status = $4)",
            users::name_or_address("first_response_by")
        )))
        .bind(At::from(from))
        .bind(end)
        .bind(BookingStatus::Spam)
        .bind(BookingStatus::New)
        .fetch_all(pool)
        .await?
    });
    let (mut emergencies, mut others) = (Vec::new(), Vec::new());
    // Each member's minutes to a first response: emergencies', then the others'.
    let mut people: BTreeMap<String, (Vec<i64>, Vec<i64>)> = BTreeMap::new();
    for row in rows {
        let from = row.created_at.timestamp();
        let clock = Measure::clock(row.emergency);
        let wait = match (row.first_response_at.map(At::timestamp), &row.cancelled_at) {
            (Some(answered), _) => Wait::Answered(measure.minutes(clock, from, answered)),
            (None, Some(_)) => Wait::Withdrawn,
            (None, None) => Wait::Waiting(measure.minutes(clock, from, now)),
        };
        if let (Wait::Answered(minutes), Some(name)) = (wait, row.responder) {
            let theirs = people.entry(name).or_default();
            if row.emergency { theirs.0.push(minutes) } else { theirs.1.push(minutes) }
        }
        if row.emergency { emergencies.push(wait) } else { others.push(wait) }
    }
    let mut people: Vec<Responder> = people
        .into_iter()
        .map(|(name, (emergencies, others))| Responder {
            name,
            emergencies: Answered::of(emergencies, measure.promise_minutes(Clock::AroundTheClock)),
            others: Answered::of(others, measure.promise_minutes(Clock::ShopHours)),
        })
        .collect();
    people.sort_by_key(|person| std::cmp::Reverse(person.emergencies.count + person.others.count));
    Ok(ResponseTimes {
        emergencies: measure.figures(Clock::AroundTheClock, emergencies),
        others: measure.figures(Clock::ShopHours, others),
        people,
    })
}

#[cfg(test)]
mod tests;
