//! Timestamps as stored: ISO 8601 UTC with milliseconds, fixed width so they sort as text.

use std::time::Duration;

use time::{OffsetDateTime, PrimitiveDateTime, format_description::FormatItem, macros::format_description};

const FORMAT: &[FormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");

pub fn format(at: OffsetDateTime) -> String {
    at.format(FORMAT).unwrap_or_default()
}

pub fn now() -> String {
    format(OffsetDateTime::now_utc())
}

/// The timestamp `delay` from now.
pub fn after(delay: Duration) -> String {
    format(OffsetDateTime::now_utc() + delay)
}

/// The timestamp `delay` ago.
pub fn before(delay: Duration) -> String {
    format(OffsetDateTime::now_utc() - delay)
}

/// An instant as stored.
pub fn stamp(at: jiff::Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// A stored timestamp as an instant.
pub fn instant(text: &str) -> Option<jiff::Timestamp> {
    text.parse().ok()
}

/// A stored timestamp as a person reads it on the shop's clock (`zone`), e.g. "Dec 1, 2026,
/// 9:00 AM MST"; the text itself when it is not a timestamp.
pub fn on_shop_clock(timestamp: &str, zone: &jiff::tz::TimeZone) -> String {
    match timestamp.parse::<jiff::Timestamp>() {
        Ok(at) => at.to_zoned(zone.clone()).strftime("%b %-d, %Y, %-I:%M %p %Z").to_string(),
        Err(_) => timestamp.to_owned(),
    }
}

/// Parses a stored timestamp.
pub fn parse(text: &str) -> Option<OffsetDateTime> {
    PrimitiveDateTime::parse(text, FORMAT).ok().map(PrimitiveDateTime::assume_utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_round_trip_and_sort_as_text() {
        let at = time::macros::datetime!(2025-03-14 09:05:07.25 UTC);
        assert_eq!(format(at), "2025-03-14T09:05:07.250Z");
        assert_eq!(parse("2025-03-14T09:05:07.250Z"), Some(at));
        assert!(format(at) < format(at + Duration::from_millis(1)));
    }

    #[test]
    fn instants_are_stored_like_every_other_timestamp() {
        let at: jiff::Timestamp = "2026-12-01T15:00:00Z".parse().unwrap();
        assert_eq!(stamp(at), "2026-12-01T15:00:00.000Z");
        assert_eq!(instant(&stamp(at)), Some(at));
        assert_eq!(stamp(at), format(time::macros::datetime!(2026-12-01 15:00 UTC)));
    }

    #[test]
    fn people_read_times_on_the_shops_clock() {
        let denver = jiff::tz::TimeZone::get("America/Denver").unwrap();
        assert_eq!(on_shop_clock("2026-11-24T00:53:00.000Z", &denver), "Nov 23, 2026, 5:53 PM MST");
        assert_eq!(on_shop_clock("2026-07-04T15:00:00.000Z", &denver), "Jul 4, 2026, 9:00 AM MDT");
    }
}
