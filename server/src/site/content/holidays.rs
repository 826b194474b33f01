//! The US public holidays the shop may close on, each made by its rule for any year, so the
//! owner picks them once ('Closed on public holidays' in Booking times) and never types a date.
//! A holiday is closed on its own date (a Saturday Independence Day closes the Saturday).

use jiff::civil::{Date, Weekday, date};

/// The holidays the owner can choose from, in the order of the year.
pub const HOLIDAYS: [Holiday; 8] = [
    Holiday::NewYearsDay,
    Holiday::MemorialDay,
    Holiday::IndependenceDay,
    Holiday::LaborDay,
    Holiday::Thanksgiving,
    Holiday::DayAfterThanksgiving,
    Holiday::ChristmasEve,
    Holiday::ChristmasDay,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holiday {
    NewYearsDay,
    MemorialDay,
    IndependenceDay,
    LaborDay,
    Thanksgiving,
    DayAfterThanksgiving,
    ChristmasEve,
    ChristmasDay,
}

impl Holiday {
    /// Its key in the site details ("thanksgiving").
    pub fn key(self) -> &'static str {
        match self {
            Self::NewYearsDay => "new_years_day",
            Self::MemorialDay => "memorial_day",
            Self::IndependenceDay => "independence_day",
            Self::LaborDay => "labor_day",
            Self::Thanksgiving => "thanksgiving",
            Self::DayAfterThanksgiving => "day_after_thanksgiving",
            Self::ChristmasEve => "christmas_eve",
            Self::ChristmasDay => "christmas_day",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        HOLIDAYS.into_iter().find(|holiday| holiday.key() == key)
    }

    /// How a person names it.
    pub fn name(self) -> &'static str {
        match self {
            Self::NewYearsDay => "New Year's Day",
            Self::MemorialDay => "Memorial Day",
            Self::IndependenceDay => "Independence Day",
            Self::LaborDay => "Labor Day",
            Self::Thanksgiving => "Thanksgiving",
            Self::DayAfterThanksgiving => "Day after Thanksgiving",
            Self::ChristmasEve => "Christmas Eve",
            Self::ChristmasDay => "Christmas Day",
        }
    }

    /// Its date in `year`.
    pub fn date(self, year: i16) -> Date {
        let nth = |month: i8, nth: i8, weekday: Weekday| {
            date(year, month, 1)
                .nth_weekday_of_month(nth, weekday)
                .expect("every month has a first and a last of each weekday")
        };
        match self {
            Self::NewYearsDay => date(year, 1, 1),
            Self::MemorialDay => nth(5, -1, Weekday::Monday),
            Self::IndependenceDay => date(year, 7, 4),
            Self::LaborDay => nth(9, 1, Weekday::Monday),
            Self::Thanksgiving => nth(11, 4, Weekday::Thursday),
            Self::DayAfterThanksgiving => Self::Thanksgiving
                .date(year)
                .tomorrow()
                .expect("the fourth Thursday of November has a next day"),
            Self::ChristmasEve => date(year, 12, 24),
            Self::ChristmasDay => date(year, 12, 25),
        }
    }

    /// The six the shop closes on unless the owner chooses otherwise.
    pub fn default_keys() -> Vec<String> {
        [
            Self::NewYearsDay,
            Self::MemorialDay,
            Self::IndependenceDay,
            Self::LaborDay,
            Self::Thanksgiving,
            Self::ChristmasDay,
        ]
        .into_iter()
        .map(|holiday| holiday.key().to_owned())
        .collect()
    }
}

/// Which of the holidays with these keys falls on `day`.
pub fn on(keys: &[String], day: Date) -> Option<Holiday> {
    keys.iter().filter_map(|key| Holiday::parse(key)).find(|holiday| holiday.date(day.year()) == day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_holiday_falls_where_its_rule_puts_it() {
        let dates = |year| HOLIDAYS.map(|holiday| holiday.date(year).to_string());
        assert_eq!(
            dates(2026),
            [
                "2026-01-01",
                "2026-05-25",
                "2026-07-04",
                "2026-09-07",
                "2026-11-26",
                "2026-11-27",
                "2026-12-24",
                "2026-12-25"
            ]
        );
        assert_eq!(
            dates(2027),
            [
                "2027-01-01",
                "2027-05-31",
                "2027-07-04",
                "2027-09-06",
                "2027-11-25",
                "2027-11-26",
                "2027-12-24",
                "2027-12-25"
            ]
        );
        // November 2029 begins on a Thursday: Thanksgiving is the 22nd.
        assert_eq!(Holiday::Thanksgiving.date(2029).to_string(), "2029-11-22");
        assert_eq!(Holiday::DayAfterThanksgiving.date(2029).to_string(), "2029-11-23");
    }

    #[test]
    fn only_the_chosen_holidays_close_a_day() {
        let six = Holiday::default_keys();
        assert_eq!(on(&six, date(2026, 11, 26)), Some(Holiday::Thanksgiving));
        assert_eq!(on(&six, date(2026, 11, 27)), None, "the day after is not one of the six");
        assert_eq!(on(&six, date(2026, 11, 25)), None);
        assert_eq!(on(&["christmas_eve".to_owned()], date(2030, 12, 24)), Some(Holiday::ChristmasEve));
    }
}
