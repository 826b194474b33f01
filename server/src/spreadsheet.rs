//! What the CSV exports share: rows written as CSV, a visitor's text that a spreadsheet would run
//! as a formula defused, times on the shop's clock, and amounts in dollars with two decimals.

use axum::body::Bytes;
use jiff::tz::TimeZone;

use crate::clock::At;
use crate::domain::Money;

/// `rows` as CSV lines.
pub fn lines(rows: &[Vec<String>]) -> anyhow::Result<Bytes> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row)?;
    }
    Ok(Bytes::from(writer.into_inner()?))
}

/// A visitor's text that a spreadsheet would run as a formula (=, +, -, @, tab, CR) starts with
/// an apostrophe instead (OWASP, CSV injection).
pub fn safe(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() }
}

/// A stored UTC time as the shop's clock shows it: "2026-11-23 08:15".
pub fn shop_time(at: At, zone: &TimeZone) -> String {
    at.timestamp().to_zoned(zone.clone()).strftime("%Y-%m-%d %H:%M").to_string()
}

/// An amount as a spreadsheet reads a number: dollars with two decimals, no sign of currency,
/// "-" before a negative one ("1250.05", "-10.00").
pub fn dollars(amount: Money) -> String {
    let cents = amount.cents();
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.unsigned_abs() / 100, cents.unsigned_abs() % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_on_the_shops_clock() {
        let denver = TimeZone::get("America/Denver").expect("a zone");
        assert_eq!(shop_time("2026-11-23T15:15:00.000Z".parse().unwrap(), &denver), "2026-11-23 08:15");
        assert_eq!(shop_time("2026-07-01T15:15:00.000Z".parse().unwrap(), &denver), "2026-07-01 09:15");
    }

    #[test]
    fn formulas_from_visitors_are_defused() {
        assert_eq!(safe("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(safe("+1 303 555 0100"), "'+1 303 555 0100");
        assert_eq!(safe("Dana"), "Dana");
    }

    #[test]
    fn amounts_are_dollars_with_two_decimals() {
        assert_eq!(dollars(Money::from_cents(125_005)), "1250.05");
        assert_eq!(dollars(Money::from_cents(-1000)), "-10.00");
        assert_eq!(dollars(Money::from_cents(7)), "0.07");
    }
}
