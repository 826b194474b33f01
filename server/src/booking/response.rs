//! How fast requests are answered, against what the site promises: emergencies on the 24-hour
//! clock (`business.emergency_response_time`, "30 minutes"), other requests on the shop's opening
//! hours (`business.response_time`, "1 business day"). A request's response time runs from its
//! arrival to its first response (`events`). Requests still waiting are counted apart, with the
//! longest wait and the time left before it passes the promise: a wait still running is never
//! taken for an answer, and a week cannot look kept while customers wait past the promise.

use jiff::{RoundMode, Span, Timestamp, TimestampRound, Unit, civil::Time};
use serde::Serialize;

use crate::{
    clock::At,
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

/// The response times of one kind of request over a period: the requests answered apart from
/// those still waiting, so a wait still running is never counted as an answer.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseFigures {
    /// Requests received (spam left out).
    pub requests: i64,
    /// The site's promise in its own words ("30 minutes"), and in minutes on this clock; the
    /// minutes are None when the words say no length of time.
    pub promise: String,
    pub promise_minutes: Option<i64>,
    pub answered: Answered,
    pub waiting: Waiting,
    /// Cancelled by the customer before anyone answered.
    pub cancelled_unanswered: i64,
    /// The figures in the owner's words, a waiting past the promise first: what Today,
    /// Insights and the weekly report say.
    pub said: Vec<Said>,
}

/// One line of the figures in words, and how it reads.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Said {
    pub text: String,
    pub tone: Tone,
}

/// How a line of the figures reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Tone {
    /// Customers wait past the promise now.
    Warning,
    /// Every answer came within the promise.
    Kept,
    /// Some answers came later than the promise.
    Late,
    Plain,
}

/// Minutes in short words: "under a minute", "12 min", "3 h 5 min", "2 days 4 h".
pub fn minutes_text(minutes: i64) -> String {
    let whole = minutes.max(0);
    let (hours, days) = (whole / 60, whole / (24 * 60));
    match whole {
        0 => "under a minute".to_owned(),
        1..60 => format!("{whole} min"),
        _ if hours < 24 && whole % 60 == 0 => format!("{hours} h"),
        _ if hours < 24 => format!("{hours} h {} min", whole % 60),
        _ => {
            let rest = hours % 24;
            let unit = if days == 1 { "day" } else { "days" };
            if rest == 0 { format!("{days} {unit}") } else { format!("{days} {unit} {rest} h") }
        }
    }
}

impl ResponseFigures {
    /// The figures in words: who waits past the promise first (the warning), then the answered
    /// requests ('kept' is said of them only), then those still waiting within the promise.
    fn in_words(&mut self) {
        if self.requests == 0 {
            self.said = vec![Said { text: "No requests".to_owned(), tone: Tone::Plain }];
            return;
        }
        let mut said = Vec::new();
        let mut say = |text: String, tone: Tone| said.push(Said { text, tone });
        let (answered, waiting) = (&self.answered, &self.waiting);
        if waiting.late > 0 {
            let longest = minutes_text(waiting.longest_minutes.unwrap_or(0));
            let text = match waiting.late {
                1 => format!("1 waiting past the promise, for {longest}"),
                late => format!("{late} waiting past the promise, the longest for {longest}"),
            };
            say(text, Tone::Warning);
        }
        let kept = self.promise_minutes.map(|_| answered.late == 0);
        let verdict = match (kept, answered.late) {
            (Some(true), _) => " (promise kept)".to_owned(),
            (Some(false), late) => format!(" ({late} past the promise)"),
            (None, _) => String::new(),
        };
        let tone = match kept {
            Some(true) => Tone::Kept,
            Some(false) => Tone::Late,
            None => Tone::Plain,
        };
        match (answered.count, answered.median_minutes, answered.p90_minutes) {
            (0, ..) => say("None answered yet".to_owned(), Tone::Plain),
            (1, Some(median), _) => say(format!("1 answered in {}{verdict}", minutes_text(median)), tone),
            (count, Some(median), Some(p90)) => say(
                format!(
                    "{count} answered: half within {}, 9 in 10 within {}{verdict}",
                    minutes_text(median),
                    minutes_text(p90)
                ),
                tone,
            ),
            _ => {}
        }
        let within = waiting.count - waiting.late;
        if within > 0 {
            let mut text = match within {
                1 => "1 waiting".to_owned(),
                count => format!("{count} waiting"),
            };
            if waiting.late == 0 {
                if let Some(longest) = waiting.longest_minutes {
                    let longest = minutes_text(longest);
                    text.push_str(&if within == 1 {
                        format!(", for {longest}")
                    } else {
                        format!(", the longest {longest}")
                    });
                }
                if let Some(left) = waiting.minutes_left {
                    text.push_str(&format!(", {} left", minutes_text(left)));
                }
            } else {
                text.push_str(" within the promise");
            }
            say(text, Tone::Plain);
        }
        if self.cancelled_unanswered > 0 {
            say(format!("{} cancelled before an answer", self.cancelled_unanswered), Tone::Plain);
        }
        self.said = said;
    }
}

/// The requests that got a first response.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answered {
    pub count: i64,
    /// Minutes to the first response: the middle request, and the time 9 in 10 were answered
    /// within (nearest rank). None when none was answered.
    pub median_minutes: Option<i64>,
    pub p90_minutes: Option<i64>,
    /// Answered later than the promise.
    pub late: i64,
}

/// The requests nobody has answered yet.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiting {
    pub count: i64,
    /// The longest wait so far, in minutes on this clock; None when nothing waits.
    pub longest_minutes: Option<i64>,
    /// Waiting longer than the promise already.
    pub late: i64,
    /// Minutes before the longest wait passes the promise; None when nothing waits, the promise
    /// names no length of time, or it has passed.
    pub minutes_left: Option<i64>,
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

    fn figures(&self, clock: Clock, waits: Vec<Wait>) -> ResponseFigures {
        let (promise, promise_minutes) = match clock {
            Clock::AroundTheClock => self.emergency_promise.clone(),
            Clock::ShopHours => self.promise.clone(),
        };
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let late = |minutes: &[i64]| {
            promise_minutes.map_or(0, |limit| count(minutes.iter().filter(|m| **m > limit).count()))
        };
        let mut answered: Vec<i64> = waits
            .iter()
            .filter_map(|wait| match wait {
                Wait::Answered(minutes) => Some(*minutes),
                _ => None,
            })
            .collect();
        answered.sort_unstable();
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
            answered: Answered {
                count: count(answered.len()),
                median_minutes: nearest_rank(&answered, 0.5),
                p90_minutes: nearest_rank(&answered, 0.9),
                late: late(&answered),
            },
            waiting: Waiting {
                count: count(waiting.len()),
                longest_minutes: longest,
                late: late(&waiting),
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

/// The nearest-rank percentile of `sorted`: the smallest value with at least `share` of them at
/// or below it.
fn nearest_rank(sorted: &[i64], share: f64) -> Option<i64> {
    let rank = ((share * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied()
}

#[derive(sqlx::FromRow)]
struct Received {
    created_at: At,
    first_response_at: Option<At>,
    cancelled_at: Option<At>,
    emergency: bool,
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
        sqlx::query_as(
            "SELECT created_at, first_response_at, cancelled_at, emergency FROM bookings
             WHERE created_at >= $1 AND created_at < $2 AND status <> 'spam'
             AND (first_response_at IS NOT NULL OR status = 'new')",
        )
        .bind(At::from(from))
        .bind(end)
        .fetch_all(pool)
        .await?
    });
    let (mut emergencies, mut others) = (Vec::new(), Vec::new());
    for row in rows {
        let from = row.created_at.timestamp();
        let clock = Measure::clock(row.emergency);
        let wait = match (row.first_response_at.map(At::timestamp), &row.cancelled_at) {
            (Some(answered), _) => Wait::Answered(measure.minutes(clock, from, answered)),
            (None, Some(_)) => Wait::Withdrawn,
            (None, None) => Wait::Waiting(measure.minutes(clock, from, now)),
        };
        if row.emergency { emergencies.push(wait) } else { others.push(wait) }
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
    fn answered_and_waiting_requests_are_counted_apart() {
        let content = content();
        let measure = Measure::new(&content);
        let mut waits: Vec<Wait> = (1..=10).map(|n| Wait::Answered(n * 10)).collect();
        waits.extend([Wait::Waiting(20), Wait::Waiting(2), Wait::Withdrawn]);
        let figures = measure.figures(Clock::AroundTheClock, waits);
        assert_eq!(figures.requests, 13);
        assert_eq!(
            (figures.answered.count, figures.answered.median_minutes, figures.answered.p90_minutes),
            (10, Some(50), Some(90))
        );
        assert_eq!(figures.answered.late, 7);
        assert_eq!(
            (figures.waiting.count, figures.waiting.longest_minutes, figures.waiting.late),
            (2, Some(20), 0)
        );
        assert_eq!(figures.waiting.minutes_left, Some(10), "the longest has 10 of its 30 minutes left");
        assert_eq!(figures.cancelled_unanswered, 1);
        // None answered: no answer time is made up from the waits.
        let figures = measure.figures(Clock::AroundTheClock, vec![Wait::Waiting(2), Wait::Waiting(45)]);
        assert_eq!((figures.answered.count, figures.answered.median_minutes), (0, None));
        assert_eq!((figures.waiting.late, figures.waiting.minutes_left), (1, None));
        let none = measure.figures(Clock::ShopHours, Vec::new());
        assert_eq!((none.answered.median_minutes, none.waiting.longest_minutes), (None, None));
    }

    #[test]
    fn the_figures_say_who_waits_past_the_promise_first_and_kept_only_of_answers() {
        let content = content();
        let measure = Measure::new(&content);
        let said = |waits: Vec<Wait>| -> Vec<(String, Tone)> {
            measure.figures(Clock::AroundTheClock, waits).said.into_iter().map(|s| (s.text, s.tone)).collect()
        };
        assert_eq!(
            said(vec![Wait::Answered(3), Wait::Waiting(20), Wait::Waiting(5), Wait::Waiting(2)]),
            [
                ("1 answered in 3 min (promise kept)".to_owned(), Tone::Kept),
                ("3 waiting, the longest 20 min, 10 min left".to_owned(), Tone::Plain)
            ]
        );
        assert_eq!(
            said(vec![Wait::Waiting(2), Wait::Waiting(2), Wait::Waiting(2), Wait::Waiting(2)]),
            [
                ("None answered yet".to_owned(), Tone::Plain),
                ("4 waiting, the longest 2 min, 28 min left".to_owned(), Tone::Plain)
            ],
            "no 'promise kept' while nobody was answered"
        );
        assert_eq!(
            said(vec![Wait::Answered(12), Wait::Answered(40), Wait::Waiting(45), Wait::Waiting(10)]),
            [
                ("1 waiting past the promise, for 45 min".to_owned(), Tone::Warning),
                (
                    "2 answered: half within 12 min, 9 in 10 within 40 min (1 past the promise)".to_owned(),
                    Tone::Late
                ),
                ("1 waiting within the promise".to_owned(), Tone::Plain)
            ]
        );
        assert_eq!(minutes_text(0), "under a minute");
        assert_eq!(minutes_text(185), "3 h 5 min");
        assert_eq!(minutes_text(24 * 60 * 2 + 4 * 60), "2 days 4 h");
    }
}
