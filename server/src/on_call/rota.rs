//! The weekly rota as the owner sets it (shifts) and as it is stored (hours of the week), its
//! gaps, and the hour of the week an instant falls in on the shop's clock.

use jiff::{Timestamp, tz::TimeZone};
use serde::{Deserialize, Serialize};

/// Hours in a day, days in a week.
const HOURS: u8 = 24;
const DAYS: u8 = 7;
const DAY_NAMES: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// Hours of one day of the week with the same people on call, on the shop's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shift {
    /// The day of the week: 0 is Monday, 6 is Sunday.
    #[schema(minimum = 0, maximum = 6)]
    pub weekday: u8,
    /// The first hour, 0 to 23.
    #[schema(minimum = 0, maximum = 23)]
    pub from: u8,
    /// The hour it ends, 1 to 24 (24 is midnight at the end of the day).
    #[schema(minimum = 1, maximum = 24)]
    pub to: u8,
    /// The member who is first on call.
    pub first: i64,
    /// The member who is second on call, if anyone.
    #[serde(default)]
    pub second: Option<i64>,
}

/// Hours of one day of the week with nobody on call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Gap {
    /// 0 is Monday, 6 is Sunday.
    pub weekday: u8,
    pub from: u8,
    /// 1 to 24.
    pub to: u8,
}

/// One hour of the rota, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RotaHour {
    pub weekday: u8,
    pub hour: u8,
    pub first: i64,
    pub second: Option<i64>,
}

/// "9 AM", "midnight" for an hour of the day (0 to 24).
pub fn hour_name(hour: u8) -> String {
    match hour % HOURS {
        0 => "midnight".to_owned(),
        12 => "noon".to_owned(),
        h if h < 12 => format!("{h} AM"),
        h => format!("{} PM", h - 12),
    }
}

/// The rota's hours from its shifts; a sentence when a shift is out of range, names the same
/// person twice, or covers an hour another shift covers.
pub fn hours_of(shifts: &[Shift]) -> Result<Vec<RotaHour>, String> {
    let mut hours: Vec<RotaHour> = Vec::new();
    for shift in shifts {
        let day = *DAY_NAMES
            .get(usize::from(shift.weekday))
            .ok_or_else(|| "A shift's day must be 0 (Monday) to 6 (Sunday).".to_owned())?;
        if shift.from >= HOURS || shift.to > HOURS || shift.from >= shift.to {
            return Err(format!("A shift on {day} must end after it starts, within the day."));
        }
        if shift.second == Some(shift.first) {
            return Err(format!(
                "The shift on {day} from {} names the same person twice.",
                hour_name(shift.from)
            ));
        }
        for hour in shift.from..shift.to {
            if hours.iter().any(|taken| taken.weekday == shift.weekday && taken.hour == hour) {
                return Err(format!("Two shifts on {day} both cover {}.", hour_name(hour)));
            }
            hours.push(RotaHour { weekday: shift.weekday, hour, first: shift.first, second: shift.second });
        }
    }
    Ok(hours)
}

/// The rota's shifts: each run of hours on one day with the same people, by day and hour.
pub fn shifts_of(hours: &[RotaHour]) -> Vec<Shift> {
    let mut sorted = hours.to_vec();
    sorted.sort_by_key(|hour| (hour.weekday, hour.hour));
    let mut shifts: Vec<Shift> = Vec::new();
    for hour in sorted {
        match shifts.last_mut() {
            Some(shift)
                if shift.weekday == hour.weekday
                    && shift.to == hour.hour
                    && shift.first == hour.first
                    && shift.second == hour.second =>
            {
                shift.to += 1;
            }
            _ => shifts.push(Shift {
                weekday: hour.weekday,
                from: hour.hour,
                to: hour.hour + 1,
                first: hour.first,
                second: hour.second,
            }),
        }
    }
    shifts
}

/// The hours nobody is on call, as runs per day; none while the rota is empty (every owner is
/// on call then).
pub fn gaps(hours: &[RotaHour]) -> Vec<Gap> {
    if hours.is_empty() {
        return Vec::new();
    }
    let mut gaps: Vec<Gap> = Vec::new();
    for weekday in 0..DAYS {
        for hour in 0..HOURS {
            if hours.iter().any(|set| set.weekday == weekday && set.hour == hour) {
                continue;
            }
            match gaps.last_mut() {
                Some(gap) if gap.weekday == weekday && gap.to == hour => gap.to += 1,
                _ => gaps.push(Gap { weekday, from: hour, to: hour + 1 }),
            }
        }
    }
    gaps
}

/// The day of the week (0 is Monday) and hour of `now` on the shop's clock (`zone`).
pub fn slot(now: jiff::Timestamp, zone: &jiff::tz::TimeZone) -> (u8, u8) {
    let now = now.to_zoned(zone.clone());
    let weekday = u8::try_from(now.weekday().to_monday_zero_offset()).unwrap_or(0);
    let hour = u8::try_from(now.hour()).unwrap_or(0);
    (weekday, hour)
}

/// Each gap of `hours` that overlaps `from` until `to`, as instants on the shop's clock (`zone`),
/// the earliest first: what the calendar feed shows.
pub fn gap_times(
    hours: &[RotaHour],
    zone: &TimeZone,
    from: Timestamp,
    to: Timestamp,
) -> Vec<(Timestamp, Timestamp)> {
    let gaps = gaps(hours);
    let mut times = Vec::new();
    let mut date = from.to_zoned(zone.clone()).date();
    let last = to.to_zoned(zone.clone()).date();
    while date <= last {
        let weekday = u8::try_from(date.weekday().to_monday_zero_offset()).unwrap_or(0);
        let at = |hour: u8| {
            let day = if hour == HOURS { date.tomorrow().ok()? } else { date };
            let hour = i8::try_from(hour % HOURS).ok()?;
            Some(day.at(hour, 0, 0, 0).to_zoned(zone.clone()).ok()?.timestamp())
        };
        for gap in gaps.iter().filter(|gap| gap.weekday == weekday) {
            if let (Some(start), Some(end)) = (at(gap.from), at(gap.to))
                && end > from
                && start < to
            {
                times.push((start, end));
            }
        }
        let Ok(next) = date.tomorrow() else { break };
        date = next;
    }
    times
}

/// "Monday 9 AM to 5 PM", "Sunday all day".
pub fn describe(weekday: u8, from: u8, to: u8) -> String {
    let day = DAY_NAMES.get(usize::from(weekday)).copied().unwrap_or("?");
    if from == 0 && to == HOURS {
        return format!("{day} all day");
    }
    format!("{day} {} to {}", hour_name(from), hour_name(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shift(weekday: u8, from: u8, to: u8, first: i64, second: Option<i64>) -> Shift {
        Shift { weekday, from, to, first, second }
    }

    #[test]
    fn shifts_become_hours_and_the_same_shifts_again() {
        let shifts = vec![shift(0, 0, 8, 1, None), shift(0, 8, 18, 2, Some(1)), shift(6, 20, 24, 1, Some(2))];
        let hours = hours_of(&shifts).unwrap();
        assert_eq!(hours.len(), 8 + 10 + 4);
        assert_eq!(shifts_of(&hours), shifts);
    }

    #[test]
    fn a_shift_out_of_range_naming_one_person_twice_or_overlapping_is_refused() {
        assert!(hours_of(&[shift(7, 0, 1, 1, None)]).unwrap_err().contains("0 (Monday)"));
        assert!(hours_of(&[shift(1, 9, 9, 1, None)]).unwrap_err().contains("end after it starts"));
        assert!(hours_of(&[shift(1, 9, 25, 1, None)]).is_err());
        assert_eq!(
            hours_of(&[shift(2, 9, 17, 1, Some(1))]).unwrap_err(),
            "The shift on Wednesday from 9 AM names the same person twice."
        );
        assert_eq!(
            hours_of(&[shift(4, 8, 12, 1, None), shift(4, 11, 14, 2, None)]).unwrap_err(),
            "Two shifts on Friday both cover 11 AM."
        );
    }

    #[test]
    fn the_gaps_are_the_hours_nobody_covers_and_an_empty_rota_has_none() {
        assert!(gaps(&[]).is_empty());
        let mut shifts: Vec<Shift> = (0..7).map(|day| shift(day, 0, 24, 1, None)).collect();
        shifts[2] = shift(2, 0, 22, 1, None);
        shifts[5] = shift(5, 6, 24, 1, None);
        let found = gaps(&hours_of(&shifts).unwrap());
        assert_eq!(found, vec![Gap { weekday: 2, from: 22, to: 24 }, Gap { weekday: 5, from: 0, to: 6 }]);
        assert_eq!(describe(2, 22, 24), "Wednesday 10 PM to midnight");
    }

    #[test]
    fn the_gaps_are_put_on_the_calendar_each_week_on_the_shops_clock() {
        let zone = jiff::tz::TimeZone::get("America/Denver").unwrap();
        // Every hour but Wednesday from 10 PM and the whole of Saturday.
        let mut shifts: Vec<Shift> = (0..7).map(|day| shift(day, 0, 24, 1, None)).collect();
        shifts[2] = shift(2, 0, 22, 1, None);
        shifts.remove(5);
        let hours = hours_of(&shifts).unwrap();
        // Monday 30 November 2026, 9 AM in Denver, for two weeks.
        let from: jiff::Timestamp = "2026-11-30T16:00:00Z".parse().unwrap();
        let to = from + jiff::SignedDuration::from_hours(14 * 24);
        let times = gap_times(&hours, &zone, from, to);
        let local = |at: jiff::Timestamp| at.to_zoned(zone.clone()).strftime("%a %d %H:%M").to_string();
        let shown: Vec<(String, String)> =
            times.iter().map(|(start, end)| (local(*start), local(*end))).collect();
        assert_eq!(
            shown,
            [
                ("Wed 02 22:00", "Thu 03 00:00"),
                ("Sat 05 00:00", "Sun 06 00:00"),
                ("Wed 09 22:00", "Thu 10 00:00"),
                ("Sat 12 00:00", "Sun 13 00:00"),
            ]
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
        );
    }

    #[test]
    fn a_slot_is_the_day_and_hour_on_the_shops_clock() {
        let zone = jiff::tz::TimeZone::get("America/Denver").unwrap();
        // Tuesday 1 December 2026, 02:30 UTC is Monday 30 November, 7:30 PM in Denver.
        let at: jiff::Timestamp = "2026-12-01T02:30:00Z".parse().unwrap();
        assert_eq!(slot(at, &zone), (0, 19));
    }
}
