//! How fast requests are answered, against what the site promises: emergencies on the 24-hour
//! clock (`business.emergency_response_time`, "30 minutes"), other requests on the shop's opening
//! hours (`business.response_time`, "1 business day"). A request's response time runs from its
//! arrival to its first response (`events`); one still waiting counts with the time it has
//! waited so far, so a slow week cannot look fast by leaving requests unanswered.

use jiff::{Span, Timestamp, civil::Weekday, tz::TimeZone};
use serde::Serialize;

use crate::{
    clock,
    content::{Business, Hours, Promise},
    db::Db,
    with_db,
};

/// The opening hours as minutes of the day per weekday, for counting time the shop is open.
pub struct ShopHours {
    /// Monday first: (opens, closes) in minutes since midnight, None when closed.
    days: [Option<(i32, i32)>; 7],
    zone: TimeZone,
}

impl ShopHours {
    pub fn new(business: &Business) -> Self {
        let mut days = [None; 7];
        for Hours { days: names, opens, closes, .. } in &business.hours {
            let (Some(opens), Some(closes)) = (minutes_of(opens.as_deref()), minutes_of(closes.as_deref()))
            else {
                continue;
            };
            for name in names {
                if let Some(index) = weekday_index(name) {
                    days[index] = Some((opens, closes));
                }
            }
        }
        Self { days, zone: business.zone() }
    }

    /// The minutes the shop is open between `from` and `to` (at most 60 days are looked at).
    pub fn open_minutes(&self, from: Timestamp, to: Timestamp) -> i64 {
        if to <= from {
            return 0;
        }
        let (start, end) = (from.to_zoned(self.zone.clone()), to.to_zoned(self.zone.clone()));
        let mut day = start.date();
        let mut total = 0;
        for _ in 0..60 {
            if day > end.date() {
                break;
            }
            if let Some((opens, closes)) = self.days[day.weekday().to_monday_zero_offset() as usize] {
                let first = if day == start.date() { minute_of_day(&start) } else { 0 };
                let last = if day == end.date() { minute_of_day(&end) } else { 24 * 60 };
                total += i64::from((closes.min(last) - opens.max(first)).max(0));
            }
            let Ok(next) = day.checked_add(Span::new().days(1)) else { break };
            day = next;
        }
        total
    }

    /// The minutes of an average open day (for 'business days').
    fn average_day(&self) -> i64 {
        let open: Vec<i64> =
            self.days.iter().flatten().map(|(opens, closes)| i64::from(closes - opens)).collect();
        if open.is_empty() {
            8 * 60
        } else {
            open.iter().sum::<i64>() / i64::try_from(open.len()).unwrap_or(1)
        }
    }
}

fn minutes_of(clock: Option<&str>) -> Option<i32> {
    let (h, m) = clock?.split_once(':')?;
    Some(h.parse::<i32>().ok()? * 60 + m.parse::<i32>().ok()?)
}

fn minute_of_day(at: &jiff::Zoned) -> i32 {
    i32::from(at.hour()) * 60 + i32::from(at.minute())
}

fn weekday_index(name: &str) -> Option<usize> {
    let day = match name {
        "Monday" => Weekday::Monday,
        "Tuesday" => Weekday::Tuesday,
        "Wednesday" => Weekday::Wednesday,
        "Thursday" => Weekday::Thursday,
        "Friday" => Weekday::Friday,
        "Saturday" => Weekday::Saturday,
        "Sunday" => Weekday::Sunday,
        _ => return None,
    };
    Some(day.to_monday_zero_offset() as usize)
}

/// Which clock a request's response time runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Emergencies: every minute counts.
    AroundTheClock,
    /// Everything else: the minutes the shop is open.
    ShopHours,
}

/// The response times of one kind of request over a period.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseFigures {
    /// Requests received (spam left out).
    pub requests: i64,
    /// Of those, still without a response.
    pub waiting: i64,
    /// Minutes to the first response: the middle request, and the one 9 in 10 are faster than
    /// (a waiting request counts with the time it has waited so far). None without requests.
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
pub struct Measure {
    hours: ShopHours,
    emergency_promise: (String, Option<i64>),
    promise: (String, Option<i64>),
}

impl Measure {
    pub fn new(business: &Business) -> Self {
        let hours = ShopHours::new(business);
        let in_minutes = |text: &str, clock: Clock| {
            let minutes = Promise::parse(text).map(|promise| match (promise, clock) {
                (Promise::Minutes(minutes), _) => minutes,
                (Promise::BusinessDays(days), Clock::ShopHours) => days * hours.average_day(),
                (Promise::BusinessDays(days), Clock::AroundTheClock) => days * 24 * 60,
            });
            (text.to_owned(), minutes)
        };
        let emergency_promise = in_minutes(&business.emergency_response_time, Clock::AroundTheClock);
        let promise = in_minutes(&business.response_time, Clock::ShopHours);
        Self { hours, emergency_promise, promise }
    }

    /// The minutes a request received at `from` has waited (or took) by `to`, on its clock.
    pub fn minutes(&self, clock: Clock, from: Timestamp, to: Timestamp) -> i64 {
        match clock {
            Clock::AroundTheClock => (to.as_second() - from.as_second()).max(0) / 60,
            Clock::ShopHours => self.hours.open_minutes(from, to),
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
        let clock = if emergency { Clock::AroundTheClock } else { Clock::ShopHours };
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
    emergency: bool,
}

/// The response times of the requests received since `since` (spam left out), as of now.
pub async fn since(db: &Db, measure: &Measure, since: Timestamp) -> anyhow::Result<ResponseTimes> {
    let rows: Vec<Received> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT created_at, first_response_at, emergency FROM bookings
             WHERE created_at >= $1 AND status <> 'spam'",
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
        let clock = if row.emergency { Clock::AroundTheClock } else { Clock::ShopHours };
        let taken = (measure.minutes(clock, from, answered.unwrap_or(now)), answered.is_none());
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

    fn business() -> Business {
        let content = crate::content::Content::load(None).expect("the built-in content");
        let mut business = content.business;
        business.response_time = "1 business day".into();
        business
    }

    fn at(text: &str) -> Timestamp {
        text.parse::<jiff::civil::DateTime>()
            .expect("a date and time")
            .to_zoned(TimeZone::get("America/Denver").expect("the zone"))
            .expect("on the clock")
            .timestamp()
    }

    #[test]
    fn shop_hours_count_only_the_minutes_the_shop_is_open() {
        let hours = ShopHours::new(&business());
        // Friday 5 PM to Monday 9 AM: one hour on Friday, six on Saturday, one on Monday.
        assert_eq!(hours.open_minutes(at("2026-11-27T17:00"), at("2026-11-30T09:00")), 8 * 60);
        // Sunday is closed all day.
        assert_eq!(hours.open_minutes(at("2026-11-29T07:00"), at("2026-11-29T20:00")), 0);
        // A night: nothing.
        assert_eq!(hours.open_minutes(at("2026-11-24T19:00"), at("2026-11-25T07:59")), 0);
    }

    #[test]
    fn emergencies_count_every_minute_and_a_business_day_is_an_average_open_day() {
        let measure = Measure::new(&business());
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
        let measure = Measure::new(&business());
        let taken: Vec<(i64, bool)> = (1..=10).map(|n| (n * 10, n == 10)).collect();
        let figures = measure.figures(Clock::AroundTheClock, taken);
        assert_eq!((figures.requests, figures.waiting), (10, 1));
        assert_eq!((figures.median_minutes, figures.p90_minutes), (Some(50), Some(90)));
        assert_eq!(figures.late, 7);
        let none = measure.figures(Clock::ShopHours, Vec::new());
        assert_eq!((none.median_minutes, none.p90_minutes), (None, None));
    }
}
