//! Opening hours as the pages show them: "8:00 AM - 6:00 PM" and the short "8AM-6PM".

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Hours {
    pub days_label: String,
    pub days: Vec<String>,
    /// "HH:MM", 24-hour clock; both absent on a closed day.
    pub opens: Option<String>,
    pub closes: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoursView {
    pub days: String,
    /// "8:00 AM - 6:00 PM", or "Closed".
    pub time: String,
    /// "8AM-6PM", or "Closed".
    pub short: String,
}

impl From<&Hours> for HoursView {
    fn from(hours: &Hours) -> Self {
        let (time, short) = match (&hours.opens, &hours.closes) {
            (Some(opens), Some(closes)) => (
                format!("{} - {}", clock(opens, false), clock(closes, false)),
                format!("{}-{}", clock(opens, true), clock(closes, true)),
            ),
            _ => ("Closed".to_owned(), "Closed".to_owned()),
        };
        Self { days: hours.days_label.clone(), time, short }
    }
}

/// Parses "HH:MM" (24-hour) into hours and minutes.
pub(super) fn parse_clock(value: &str) -> Option<(u8, u8)> {
    let (h, m) = value.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u8, u8) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some((h, m))
}

/// "18:00" as "6:00 PM", or as "6PM" when `short` and the minutes are zero.
fn clock(value: &str, short: bool) -> String {
    let (h, m) = parse_clock(value).unwrap_or((0, 0));
    let suffix = if h < 12 { "AM" } else { "PM" };
    let h12 = match h % 12 {
        0 => 12,
        h => h,
    };
    match (short, m) {
        (true, 0) => format!("{h12}{suffix}"),
        (true, m) => format!("{h12}:{m:02}{suffix}"),
        (false, m) => format!("{h12}:{m:02} {suffix}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hours(opens: Option<&str>, closes: Option<&str>) -> Hours {
        Hours {
            days_label: "Mon-Fri".into(),
            days: vec!["Monday".into()],
            opens: opens.map(Into::into),
            closes: closes.map(Into::into),
        }
    }

    #[test]
    fn open_hours_are_shown_long_and_short() {
        let view = HoursView::from(&hours(Some("08:00"), Some("18:00")));
        assert_eq!(view.time, "8:00 AM - 6:00 PM");
        assert_eq!(view.short, "8AM-6PM");
    }

    #[test]
    fn noon_midnight_and_minutes_are_formatted() {
        let view = HoursView::from(&hours(Some("00:30"), Some("12:00")));
        assert_eq!(view.time, "12:30 AM - 12:00 PM");
        assert_eq!(view.short, "12:30AM-12PM");
    }

    #[test]
    fn a_day_without_hours_is_closed() {
        assert_eq!(HoursView::from(&hours(None, None)).time, "Closed");
    }

    #[test]
    fn clock_values_are_checked() {
        assert_eq!(parse_clock("08:05"), Some((8, 5)));
        assert_eq!(parse_clock("24:00"), None);
        assert_eq!(parse_clock("8:00"), None);
        assert_eq!(parse_clock("08:60"), None);
    }
}
