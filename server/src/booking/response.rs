//! How fast requests are answered, against what the site promises: emergencies on the 24-hour
//! clock (`business.emergency_response_time`, "30 minutes"), other requests on the shop's opening
//! hours (`business.response_time`, "1 business day"). A request's response time runs from its
//! arrival to its first response (`events`); one still waiting counts with the time it has
//! waited so far, so a slow week cannot look fast by leaving requests unanswered.

use jiff::{Span, Timestamp, civil::Time};
use serde::Serialize;

use crate::{
    clock,
    content::{Content, Promise},
    db::Db,
    schedule::calendar::Calendar,
    with_db,
};

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

/// The response times of one kind of request over a period.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseFigures {
    /// Requests received (spam left out).
    pub requests: i64,
    /// Of those, still without a response.
    pub waiting: i64,
    /// Minutes to the first response: the middle request, and the time 9 in 10 were answered
    /// within (a waiting request counts with the time it has waited so far). None without
    /// requests.
    pub median_minutes: Option<i64>,
    pub p90_minutes: Option<i64>,
    /// The site's promise in its own words ("30 minutes"), and in minutes on this clock; the
    /// minutes are None when the words say no length of time.
    pub promise: String,
    pub promise_minutes: Option<i64>,
    /// Requests answered (or waiting) longer than the promise.
    pub late: i64,
}

/// The response times of a period: emergencies apart from the rest.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseTimes {
    /// On the 24-hour clock.
    pub emergencies: ResponseFigures,
    /// On the shop's opening hours.
    pub others: ResponseFigures,
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

    fn figures(&self, clock: Clock, mut taken: Vec<(i64, bool)>) -> ResponseFigures {
        let (promise, promise_minutes) = match clock {
            Clock::AroundTheClock => self.emergency_promise.clone(),
            Clock::ShopHours => self.promise.clone(),
        };
        taken.sort_unstable();
        let requests = i64::try_from(taken.len()).unwrap_or(i64::MAX);
        let nth = |share: f64| {
            // The nearest-rank percentile: the smallest value with at least `share` of them at or below.
            let rank = ((share * taken.len() as f64).ceil() as usize).clamp(1, taken.len().max(1));
            taken.get(rank - 1).map(|(minutes, _)| *minutes)
        };
        ResponseFigures {
            requests,
            waiting: i64::try_from(taken.iter().filter(|(_, waiting)| *waiting).count()).unwrap_or(0),
            median_minutes: nth(0.5),
            p90_minutes: nth(0.9),
            late: promise_minutes.map_or(0, |limit| {
                i64::try_from(taken.iter().filter(|(minutes, _)| *minutes > limit).count()).unwrap_or(0)
            }),
            promise,
            promise_minutes,
        }
    }
}

#[derive(sqlx::FromRow)]
struct Received {
    created_at: String,
    first_response_at: Option<String>,
    cancelled_at: Option<String>,
    emergency: bool,
}

/// The response times of the requests received since `since`, as of now. Left out: spam, and
/// requests answered before answers were timed (a status other than new, no first response). A
/// request the customer cancelled unanswered counts until the cancellation.
pub async fn since(db: &Db, measure: &Measure<'_>, since: Timestamp) -> anyhow::Result<ResponseTimes> {
    let rows: Vec<Received> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT created_at, first_response_at, cancelled_at, emergency FROM bookings
             WHERE created_at >= $1 AND status <> 'spam' AND (first_response_at IS NOT NULL OR status = 'new')",
        )
        .bind(clock::stamp(since))
        .fetch_all(pool)
        .await?
    });
    let now = Timestamp::now();
    let (mut emergencies, mut others) = (Vec::new(), Vec::new());
    for row in rows {
        let Some(from) = clock::instant(&row.created_at) else { continue };
        let answered = row.first_response_at.as_deref().and_then(clock::instant);
        let ended = answered.or_else(|| row.cancelled_at.as_deref().and_then(clock::instant));
        let clock = Measure::clock(row.emergency);
        let taken = (measure.minutes(clock, from, ended.unwrap_or(now)), ended.is_none());
        if row.emergency { emergencies.push(taken) } else { others.push(taken) }
    }
    Ok(ResponseTimes {
        emergencies: measure.figures(Clock::AroundTheClock, emergencies),
        others: measure.figures(Clock::ShopHours, others),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content() -> Content {
        Content::load(None).expect("the built-in content")
    }

    fn at(text: &str) -> Timestamp {
        text.parse::<jiff::civil::DateTime>()
            .expect("a date and time")
            .to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("the zone"))
            .expect("on the clock")
            .timestamp()
    }

    #[test]
    fn shop_hours_count_only_the_minutes_the_shop_is_open() {
        let mut content = content();
        let calendar = Calendar::new(&content);
        // Friday 5 PM to Monday 9 AM: one hour on Friday, six on Saturday, one on Monday.
        assert_eq!(open_minutes(&calendar, at("2026-11-27T17:00"), at("2026-11-30T09:00")), 8 * 60);
        // Sunday is closed all day.
        assert_eq!(open_minutes(&calendar, at("2026-11-29T07:00"), at("2026-11-29T20:00")), 0);
        // A night: nothing.
        assert_eq!(open_minutes(&calendar, at("2026-11-24T19:00"), at("2026-11-25T07:59")), 0);
        // A closed day of the shop's counts nothing either.
        content.scheduling.closed_dates = vec!["2026-11-28".to_owned()];
        let calendar = Calendar::new(&content);
        assert_eq!(open_minutes(&calendar, at("2026-11-27T17:00"), at("2026-11-30T09:00")), 2 * 60);
    }

    #[test]
    fn emergencies_count_every_minute_and_a_business_day_is_an_average_open_day() {
        let content = content();
        let measure = Measure::new(&content);
        assert_eq!(
            measure.minutes(Clock::AroundTheClock, at("2026-11-24T23:00"), at("2026-11-25T00:10")),
            70
        );
        assert_eq!(measure.promise_minutes(Clock::AroundTheClock), Some(30));
        // Five days of 10 hours and one of 6: 560 minutes on average.
        assert_eq!(measure.promise_minutes(Clock::ShopHours), Some(560));
        assert!(measure.overdue(true, at("2026-11-24T23:00"), at("2026-11-24T23:31")));
        assert!(!measure.overdue(false, at("2026-11-24T23:00"), at("2026-11-25T09:00")));
    }

    #[test]
    fn the_median_and_the_90th_percentile_are_nearest_ranks_with_waiting_requests_in() {
        let content = content();
        let measure = Measure::new(&content);
        let taken: Vec<(i64, bool)> = (1..=10).map(|n| (n * 10, n == 10)).collect();
        let figures = measure.figures(Clock::AroundTheClock, taken);
        assert_eq!((figures.requests, figures.waiting), (10, 1));
        assert_eq!((figures.median_minutes, figures.p90_minutes), (Some(50), Some(90)));
        assert_eq!(figures.late, 7);
        let none = measure.figures(Clock::ShopHours, Vec::new());
        assert_eq!((none.median_minutes, none.p90_minutes), (None, None));
    }
}
