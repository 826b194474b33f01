//! The times a visitor may pick, as the owner's settings make them: each day's drop-off slots or
//! arrival windows within the weekly hours, from the earliest to the last day offered, closed
//! days left out. All on the shop's clock (daylight saving included); stored as instants.

use jiff::{
    Span, Timestamp, Zoned,
    civil::{Date, Time, Weekday},
    tz::TimeZone,
};
use serde::{Deserialize, Serialize};

use crate::site::content::{Content, Hours, Scheduling, Times, holidays};

/// Seats are counted per half hour: a time holds a seat in each half hour it covers, so slots of
/// any length (in steps of 30 minutes) and times the owner sets by hand count alike.
pub const CELL_MINUTES: i64 = 30;

/// The two kinds of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A drop-off slot at the shop.
    Shop,
    /// An arrival window of the mobile crew.
    Mobile,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Shop => "shop",
            Self::Mobile => "mobile",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Shop, Self::Mobile].into_iter().find(|kind| kind.as_str() == text)
    }

    /// How a person names it: "drop-off at the shop", "mobile service".
    pub fn describe(self) -> &'static str {
        match self {
            Self::Shop => "drop-off at the shop",
            Self::Mobile => "mobile service, arrival window",
        }
    }
}

/// A time: from `start` to `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub start: Timestamp,
    pub end: Timestamp,
}

impl Slot {
    /// The half hours it covers, by their start.
    pub fn cells(self) -> impl Iterator<Item = Timestamp> {
        let step = jiff::SignedDuration::from_mins(CELL_MINUTES);
        std::iter::successors(Some(self.start), move |at| Some(*at + step))
            .take_while(move |at| *at < self.end)
    }
}

/// The settings and the shop's clock, to make times with.
pub struct Calendar<'a> {
    scheduling: &'a Scheduling,
    business_hours: &'a [Hours],
    zone: TimeZone,
}

impl<'a> Calendar<'a> {
    pub fn new(content: &'a Content) -> Self {
        Self {
            scheduling: &content.scheduling,
            business_hours: &content.business.hours,
            zone: content.business.zone(),
        }
    }

    pub fn zone(&self) -> &TimeZone {
        &self.zone
    }

    fn times(&self, kind: Kind) -> &Times {
        match kind {
            Kind::Shop => &self.scheduling.shop,
            Kind::Mobile => &self.scheduling.mobile,
        }
    }

    /// How many jobs of `kind` may share a time.
    pub fn capacity(&self, kind: Kind) -> u8 {
        self.times(kind).jobs_at_once
    }

    /// Why the shop is closed all of `date`, if it is: a holiday it closes on ("Thanksgiving") or
    /// one of the closed days set in Booking times ("Closed").
    pub fn closed_because(&self, date: Date) -> Option<&'static str> {
        if let Some(holiday) = holidays::on(&self.scheduling.holidays, date) {
            return Some(holiday.name());
        }
        self.scheduling
            .closed_dates
            .iter()
            .any(|closed| closed.parse::<Date>().ok() == Some(date))
            .then_some("Closed")
    }

    /// Whether neither drop-offs nor the crew have hours on `date`'s day of the week.
    pub fn never_open(&self, date: Date) -> bool {
        [Kind::Shop, Kind::Mobile].into_iter().all(|kind| self.opening(kind, date).is_none())
    }

    fn closed(&self, date: Date) -> bool {
        self.closed_because(date).is_some()
    }

    /// `kind`'s opening hours on `date` (none on a closed day).
    fn opening(&self, kind: Kind, date: Date) -> Option<(Time, Time)> {
        if self.closed(date) {
            return None;
        }
        hours_on(self.scheduling.hours(self.times(kind), self.business_hours), date)
    }

    /// The shop's business hours on `date` (none on a closed day): the clock response times
    /// other than emergencies run on.
    pub fn business_hours(&self, date: Date) -> Option<(Time, Time)> {
        if self.closed(date) {
            return None;
        }
        hours_on(self.business_hours, date)
    }

    /// Whether the shop is open at `at`, by its business hours and closed days.
    pub fn open_at(&self, at: Timestamp) -> bool {
        let here = at.to_zoned(self.zone.clone());
        self.business_hours(here.date())
            .is_some_and(|(opens, closes)| opens <= here.time() && here.time() < closes)
    }

    /// Every `kind` time on `date` by the weekly hours (booked or not, past or not).
    pub fn day(&self, kind: Kind, date: Date) -> Vec<Slot> {
        let Some((opens, closes)) = self.opening(kind, date) else { return Vec::new() };
        let length = Span::new().minutes(i64::from(self.times(kind).slot_minutes));
        let mut slots = Vec::new();
        let mut at = opens;
        while let Ok(end) = at.checked_add(length) {
            if end > closes || end <= at {
                break;
            }
            if let (Some(start), Some(finish)) = (self.instant(date, at), self.instant(date, end)) {
                slots.push(Slot { start, end: finish });
            }
            at = end;
        }
        slots
    }

    /// The shop-clock time `at` on `date` as an instant (a time skipped by the spring change is
    /// read as the hour after, as clocks do).
    pub fn instant(&self, date: Date, at: Time) -> Option<Timestamp> {
        date.to_datetime(at).to_zoned(self.zone.clone()).ok().map(|zoned| zoned.timestamp())
    }

    /// The days times are offered on, seen at `now`: from the earliest (that many days with
    /// `kind` hours after today) to the last (that many days after today).
    pub fn days(&self, kind: Kind, now: Timestamp) -> Vec<Date> {
        let today = now.to_zoned(self.zone.clone()).date();
        let last = today.saturating_add(Span::new().days(i64::from(self.scheduling.latest_days)));
        let mut first = today;
        let mut to_skip = self.scheduling.earliest_days;
        while to_skip > 0 && first < last {
            first = first.tomorrow().unwrap_or(last);
            if self.opening(kind, first).is_some() {
                to_skip -= 1;
            }
        }
        first.series(Span::new().days(1)).take_while(|date| *date <= last).collect()
    }

    /// Whether `slot` is one of `kind`'s times on offer at `now` (on the grid, in the hours, in
    /// the days offered, not begun).
    pub fn offers(&self, kind: Kind, slot: Slot, now: Timestamp) -> bool {
        let date = slot.start.to_zoned(self.zone.clone()).date();
        slot.start > now && self.days(kind, now).contains(&date) && self.day(kind, date).contains(&slot)
    }

    /// Why `slot` is not within `kind`'s hours, if it is not: a closed day or holiday, a day
    /// without those hours, or a time outside them (what the owner hears before taking it anyway).
    pub fn outside_hours(&self, kind: Kind, slot: Slot) -> Option<String> {
        let (start, end) = (slot.start.to_zoned(self.zone.clone()), slot.end.to_zoned(self.zone.clone()));
        let day = start.strftime("%A, %B %-d");
        if let Some(reason) = self.closed_because(start.date()) {
            let why = if reason == "Closed" { String::new() } else { format!(" ({reason})") };
            return Some(format!("The shop is closed on {day}{why}."));
        }
        let hours = match kind {
            Kind::Shop => "drop-off hours",
            Kind::Mobile => "mobile service hours",
        };
        let Some((opens, closes)) = self.opening(kind, start.date()) else {
            return Some(format!("There are no {hours} on {}s.", start.strftime("%A")));
        };
        let within = start.date() == end.date() && start.time() >= opens && end.time() <= closes;
        (!within).then(|| {
            let shown = |at: Time| at.strftime("%-I:%M %p").to_string();
            format!("That is outside the {hours} on {day} ({}-{}).", shown(opens), shown(closes))
        })
    }

    /// When a job's reminder goes out: the day before, at the reminder time (shop clock).
    pub fn reminder_at(&self, start: Timestamp) -> Option<Timestamp> {
        let day_before = start.to_zoned(self.zone.clone()).date().yesterday().ok()?;
        let at = self.scheduling.reminder_time.parse::<Time>().ok()?;
        self.instant(day_before, at)
    }

    /// "Tuesday, December 1, 8:00-10:00 AM".
    pub fn label(&self, slot: Slot) -> String {
        let start = slot.start.to_zoned(self.zone.clone());
        format!("{}, {}", start.strftime("%A, %B %-d"), self.hours_of(slot))
    }

    /// The label with the shop's clock named, for a message read anywhere: "Tuesday, December 1,
    /// 8:00-10:00 AM Mountain Time".
    pub fn label_on_clock(&self, slot: Slot) -> String {
        format!("{} {}", self.label(slot), self.clock_name(slot.start))
    }

    /// The everyday name of the shop's clock at `at`: "Mountain Time" (standard or daylight), else
    /// the zone's abbreviation ("CET").
    pub fn clock_name(&self, at: Timestamp) -> String {
        let abbreviation = at.to_zoned(self.zone.clone()).strftime("%Z").to_string();
        let generic = match abbreviation.as_str() {
            "EST" | "EDT" => "Eastern Time",
            "CST" | "CDT" => "Central Time",
            "MST" | "MDT" => "Mountain Time",
            "PST" | "PDT" => "Pacific Time",
            "AKST" | "AKDT" => "Alaska Time",
            "HST" | "HDT" => "Hawaii Time",
            _ => return abbreviation,
        };
        generic.to_owned()
    }

    /// "8:00-10:00 AM", or "11:00 AM-1:00 PM" across noon.
    pub fn hours_of(&self, slot: Slot) -> String {
        let (start, end) = (slot.start.to_zoned(self.zone.clone()), slot.end.to_zoned(self.zone.clone()));
        if meridiem(&start) == meridiem(&end) {
            format!("{}-{}", start.strftime("%-I:%M"), end.strftime("%-I:%M %p"))
        } else {
            format!("{}-{}", start.strftime("%-I:%M %p"), end.strftime("%-I:%M %p"))
        }
    }
}

fn meridiem(at: &Zoned) -> bool {
    at.hour() < 12
}

/// The opening and closing times `hours` give `date`'s weekday, if it is open.
fn hours_on(hours: &[Hours], date: Date) -> Option<(Time, Time)> {
    let day = weekday_name(date.weekday());
    hours.iter().find(|h| h.days.iter().any(|d| d == day)).and_then(|h| {
        let opens = h.opens.as_deref()?.parse::<Time>().ok()?;
        let closes = h.closes.as_deref()?.parse::<Time>().ok()?;
        Some((opens, closes))
    })
}

fn weekday_name(day: Weekday) -> &'static str {
    match day {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content() -> Content {
        Content::load(None).expect("built-in content loads")
    }

    fn at(text: &str) -> Timestamp {
        text.parse().expect("a timestamp")
    }

    #[test]
    fn a_weekday_has_the_shops_hourly_slots_and_the_crews_two_hour_windows() {
        let content = content();
        let calendar = Calendar::new(&content);
        let tuesday: Date = "2026-12-01".parse().unwrap();
        let shop = calendar.day(Kind::Shop, tuesday);
        assert_eq!(shop.len(), 10, "8 AM to 6 PM");
        assert_eq!(shop[0], Slot { start: at("2026-12-01T15:00:00Z"), end: at("2026-12-01T16:00:00Z") });
        let mobile = calendar.day(Kind::Mobile, tuesday);
        assert_eq!(mobile.len(), 5);
        assert_eq!(calendar.label(mobile[0]), "Tuesday, December 1, 8:00-10:00 AM");
        assert_eq!(calendar.label(mobile[2]), "Tuesday, December 1, 12:00-2:00 PM");
        assert_eq!(
            calendar.hours_of(Slot { start: mobile[1].start, end: mobile[2].end }),
            "10:00 AM-2:00 PM"
        );
        assert_eq!(calendar.day(Kind::Shop, "2026-12-05".parse().unwrap()).len(), 6, "Saturday 8 to 2");
        assert!(calendar.day(Kind::Shop, "2026-12-06".parse().unwrap()).is_empty(), "closed on Sunday");
        assert_eq!(mobile[0].cells().count(), 4);
    }

    #[test]
    fn slots_keep_the_shops_clock_across_both_daylight_saving_changes() {
        let content = content();
        let calendar = Calendar::new(&content);
        // Spring: Sunday March 8, 2026 is the change; Saturday before and Monday after.
        let before = calendar.day(Kind::Shop, "2026-03-07".parse().unwrap());
        let after = calendar.day(Kind::Shop, "2026-03-09".parse().unwrap());
        assert_eq!(before[0].start, at("2026-03-07T15:00:00Z"), "8 AM MST");
        assert_eq!(after[0].start, at("2026-03-09T14:00:00Z"), "8 AM MDT");
        // Autumn: Sunday November 1, 2026.
        let before = calendar.day(Kind::Shop, "2026-10-31".parse().unwrap());
        let after = calendar.day(Kind::Shop, "2026-11-02".parse().unwrap());
        assert_eq!(before[0].start, at("2026-10-31T14:00:00Z"));
        assert_eq!(after[0].start, at("2026-11-02T15:00:00Z"));
        assert_eq!(calendar.label(after[0]), "Monday, November 2, 8:00-9:00 AM");
        // A job on the Monday after the change is reminded on the Sunday, at 9 AM shop time.
        assert_eq!(calendar.reminder_at(after[0].start), Some(at("2026-11-01T16:00:00Z")));
        assert_eq!(
            calendar.reminder_at(calendar.day(Kind::Shop, "2026-03-09".parse().unwrap())[0].start),
            Some(at("2026-03-08T15:00:00Z"))
        );
    }

    #[test]
    fn days_start_the_next_business_day_end_four_weeks_on_and_skip_closed_days() {
        let mut content = content();
        content.scheduling.closed_dates = vec!["2026-12-25".into()];
        let calendar = Calendar::new(&content);
        // Friday evening: the next business day is Saturday.
        let days = calendar.days(Kind::Shop, at("2026-12-05T01:00:00Z"));
        assert_eq!(days.first().map(ToString::to_string).as_deref(), Some("2026-12-05"));
        assert_eq!(days.last().map(ToString::to_string).as_deref(), Some("2027-01-01"));
        // Saturday afternoon: Sunday is closed, so Monday.
        let days = calendar.days(Kind::Shop, at("2026-12-05T20:00:00Z"));
        assert_eq!(days.first().map(ToString::to_string).as_deref(), Some("2026-12-07"));
        assert!(calendar.day(Kind::Shop, "2026-12-25".parse().unwrap()).is_empty(), "a holiday");

        let now = at("2026-12-01T12:00:00Z");
        let tomorrow = calendar.day(Kind::Mobile, "2026-12-02".parse().unwrap())[0];
        assert!(calendar.offers(Kind::Mobile, tomorrow, now));
        assert!(
            !calendar.offers(Kind::Mobile, calendar.day(Kind::Mobile, "2026-12-01".parse().unwrap())[0], now),
            "today is too soon"
        );
        let off_grid =
            Slot { start: tomorrow.start + jiff::SignedDuration::from_mins(30), end: tomorrow.end };
        assert!(!calendar.offers(Kind::Mobile, off_grid, now));
        assert!(!calendar.offers(Kind::Shop, tomorrow, now), "a mobile window is not a shop slot");
        let far = calendar.day(Kind::Mobile, "2027-01-20".parse().unwrap())[0];
        assert!(!calendar.offers(Kind::Mobile, far, now), "beyond four weeks");
    }

    #[test]
    fn on_the_evening_before_thanksgiving_the_next_times_skip_the_holiday() {
        let content = content();
        let calendar = Calendar::new(&content);
        // Wednesday, November 25, 2026, 7 PM in Denver.
        let eve = at("2026-11-26T02:00:00Z");
        for kind in [Kind::Shop, Kind::Mobile] {
            let days = calendar.days(kind, eve);
            assert_eq!(days.first().map(ToString::to_string).as_deref(), Some("2026-11-27"), "{kind:?}");
            let next_day_with_hours = days.iter().find(|date| !calendar.day(kind, **date).is_empty());
            assert_eq!(next_day_with_hours.map(ToString::to_string).as_deref(), Some("2026-11-27"));
            assert!(calendar.day(kind, "2026-11-26".parse().unwrap()).is_empty(), "Thanksgiving is closed");
        }
        assert_eq!(calendar.closed_because("2026-11-26".parse().unwrap()), Some("Thanksgiving"));
    }

    #[test]
    fn the_shops_clock_has_its_everyday_name_in_messages() {
        let content = Content::load(None).expect("the built-in content");
        let calendar = Calendar::new(&content);
        let winter: Timestamp = "2026-12-01T15:00:00Z".parse().unwrap();
        let summer: Timestamp = "2026-07-01T15:00:00Z".parse().unwrap();
        assert_eq!(
            (calendar.clock_name(winter), calendar.clock_name(summer)),
            ("Mountain Time".to_owned(), "Mountain Time".to_owned())
        );
        let slot = Slot { start: winter, end: winter + jiff::SignedDuration::from_hours(2) };
        assert_eq!(calendar.label_on_clock(slot), "Tuesday, December 1, 8:00-10:00 AM Mountain Time");
    }
}
