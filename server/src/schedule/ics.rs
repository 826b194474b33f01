//! Calendar files (RFC 5545): a visitor's time as an attachment and a download, and the owner's
//! feed. Times are written on the shop's clock with its time zone described in the file (the
//! daylight-saving changes around the events), so every calendar shows the shop's hours.
//!
//! Written by hand: the format is small, and the crates that write it bring chrono and still
//! leave the time zone's description to the caller. The tests read the files back with Python's
//! `icalendar` package.

use std::fmt::Write as _;

use jiff::{SignedDuration, Timestamp, tz::TimeZone};

/// One event.
pub struct Event {
    /// The same for every version of one booking's time, so a calendar replaces it.
    pub uid: String,
    /// Higher for each change.
    pub sequence: i64,
    pub start: Timestamp,
    pub end: Timestamp,
    pub summary: String,
    pub description: String,
    /// Where it happens; empty: the file names no place.
    pub location: String,
    pub status: Status,
    pub url: Option<String>,
    /// Who holds the event (a name and an e-mail address): a cancellation must name it (RFC
    /// 5546), so a calendar knows whose event it removes.
    pub organizer: Option<(String, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Asked for, not confirmed yet.
    Tentative,
    Confirmed,
    Cancelled,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Self::Tentative => "TENTATIVE",
            Self::Confirmed => "CONFIRMED",
            Self::Cancelled => "CANCELLED",
        }
    }
}

/// A calendar called `name` with `events`, their times on `zone`'s clock. When every event is
/// cancelled it is a cancellation (`METHOD:CANCEL`), which removes them from a calendar that has
/// them; otherwise it publishes them.
pub fn calendar(name: &str, events: &[Event], zone: &TimeZone, now: Timestamp) -> String {
    let tzid = zone.iana_name().unwrap_or("UTC");
    let cancels = !events.is_empty() && events.iter().all(|event| event.status == Status::Cancelled);
    let mut out = String::new();
    for line in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//trailerworks//schedule//EN",
        "CALSCALE:GREGORIAN",
        if cancels { "METHOD:CANCEL" } else { "METHOD:PUBLISH" },
    ] {
        push(&mut out, line);
    }
    push(&mut out, &format!("X-WR-CALNAME:{}", text(name)));
    push(&mut out, &format!("X-WR-TIMEZONE:{tzid}"));
    let from = events.iter().map(|e| e.start).min().unwrap_or(now);
    let to = events.iter().map(|e| e.end).max().unwrap_or(now);
    time_zone(&mut out, zone, tzid, from, to);
    let stamp = utc(now);
    for event in events {
        push(&mut out, "BEGIN:VEVENT");
        push(&mut out, &format!("UID:{}", text(&event.uid)));
        push(&mut out, &format!("DTSTAMP:{stamp}"));
        push(&mut out, &format!("SEQUENCE:{}", event.sequence));
        push(&mut out, &format!("DTSTART;TZID={tzid}:{}", local(zone, event.start)));
        push(&mut out, &format!("DTEND;TZID={tzid}:{}", local(zone, event.end)));
        push(&mut out, &format!("SUMMARY:{}", text(&event.summary)));
        push(&mut out, &format!("DESCRIPTION:{}", text(&event.description)));
        if !event.location.is_empty() {
            push(&mut out, &format!("LOCATION:{}", text(&event.location)));
        }
        push(&mut out, &format!("STATUS:{}", event.status.as_str()));
        if let Some(url) = &event.url {
            push(&mut out, &format!("URL:{url}"));
        }
        if let Some((name, email)) = &event.organizer {
            push(
                &mut out,
                &format!("ORGANIZER;CN=\"{}\":mailto:{email}", name.replace(['"', '\r', '\n'], "")),
            );
        }
        push(&mut out, "END:VEVENT");
    }
    push(&mut out, "END:VCALENDAR");
    out
}

/// The time zone's changes from a year before `from` to a year after `to` (an observance with
/// the zone's offset when it has none, as where the clocks never change).
fn time_zone(out: &mut String, zone: &TimeZone, tzid: &str, from: Timestamp, to: Timestamp) {
    let year = SignedDuration::from_hours(24 * 366);
    let (from, to) = (from - year, to + year);
    push(out, "BEGIN:VTIMEZONE");
    push(out, &format!("TZID:{tzid}"));
    let mut any = false;
    for change in zone.following(from).take_while(|change| change.timestamp() <= to) {
        let before = zone.to_offset(change.timestamp() - SignedDuration::from_secs(1));
        let kind = if change.dst().is_dst() { "DAYLIGHT" } else { "STANDARD" };
        push(out, &format!("BEGIN:{kind}"));
        push(out, &format!("DTSTART:{}", before.to_datetime(change.timestamp()).strftime("%Y%m%dT%H%M%S")));
        push(out, &format!("TZOFFSETFROM:{}", offset(before.seconds())));
        push(out, &format!("TZOFFSETTO:{}", offset(change.offset().seconds())));
        push(out, &format!("TZNAME:{}", text(change.abbreviation())));
        push(out, &format!("END:{kind}"));
        any = true;
    }
    if !any {
        let now = zone.to_offset(from).seconds();
        for line in ["BEGIN:STANDARD", "DTSTART:19700101T000000"] {
            push(out, line);
        }
        push(out, &format!("TZOFFSETFROM:{}", offset(now)));
        push(out, &format!("TZOFFSETTO:{}", offset(now)));
        push(out, "END:STANDARD");
    }
    push(out, "END:VTIMEZONE");
}

fn utc(at: Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

fn local(zone: &TimeZone, at: Timestamp) -> String {
    at.to_zoned(zone.clone()).strftime("%Y%m%dT%H%M%S").to_string()
}

/// "-0700".
fn offset(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("{sign}{:02}{:02}", minutes / 60, minutes % 60)
}

/// A TEXT value: backslashes, semicolons, commas and line breaks escaped.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Adds a content line, folded at 75 octets (never inside a character), ended by CRLF.
fn push(out: &mut String, line: &str) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    let _ = write!(out, "\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(status: Status) -> Event {
        Event {
            uid: "booking-12@trailers.example.com".into(),
            sequence: 2,
            start: "2026-12-01T15:00:00Z".parse().unwrap(),
            end: "2026-12-01T17:00:00Z".parse().unwrap(),
            summary: "Trailer service, Front Range Trailer Works".into(),
            description:
                "Request #12; drop-off, at the shop.\nChange or cancel: https://x.example/booking/abc".into(),
            location: "2150 West 64th Avenue, Denver, CO 80221".into(),
            status,
            url: None,
            organizer: Some(("Front Range \"Trailer\" Works".into(), "service@frontrangetrailer.com".into())),
        }
    }

    #[test]
    fn a_cancellation_names_its_organizer() {
        let zone = TimeZone::get("America/Denver").unwrap();
        let ics = calendar(
            "Trailer Works",
            &[event(Status::Cancelled)],
            &zone,
            "2026-11-24T12:00:00Z".parse().unwrap(),
        );
        assert!(ics.contains("METHOD:CANCEL\r\n"), "{ics}");
        let unfolded = ics.replace("\r\n ", "");
        assert!(
            unfolded.contains(
                "ORGANIZER;CN=\"Front Range Trailer Works\":mailto:service@frontrangetrailer.com\r\n"
            ),
            "{ics}"
        );
    }

    #[test]
    fn an_event_is_written_on_the_shops_clock_with_its_time_zone() {
        let zone = TimeZone::get("America/Denver").unwrap();
        let ics = calendar(
            "Trailer Works",
            &[event(Status::Confirmed)],
            &zone,
            "2026-11-24T12:00:00Z".parse().unwrap(),
        );
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), "{ics}");
        assert!(ics.contains("DTSTART;TZID=America/Denver:20261201T080000\r\n"), "{ics}");
        assert!(ics.contains("DTEND;TZID=America/Denver:20261201T100000\r\n"));
        assert!(ics.contains("LOCATION:2150 West 64th Avenue\\, Denver\\, CO 80221\r\n"));
        assert!(ics.contains("Request #12\\; drop-off\\, at the shop.\\nChange"), "{ics}");
        // November 1, 2026: 2 AM MDT becomes 1 AM MST.
        assert!(ics.contains("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0700\r\nTZNAME:MST\r\n"), "{ics}");
        assert!(
            ics.contains(
                "BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0600\r\n"
            ),
            "{ics}"
        );
        assert!(ics.lines().all(|line| line.len() <= 76), "folded: {ics}");
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
    }

    #[test]
    fn long_lines_fold_between_characters() {
        let mut out = String::new();
        push(&mut out, &format!("SUMMARY:{}", "é".repeat(60)));
        for line in out.split("\r\n") {
            assert!(line.len() <= 75, "{line}");
        }
        assert_eq!(out.replace("\r\n ", ""), format!("SUMMARY:{}\r\n", "é".repeat(60)));
    }
}
