//! A booking's time as a calendar event: the same id in every file and the feed, so a calendar
//! replaces the event; at the shop for a drop-off, where the trailer is for the crew.

use jiff::Timestamp;

use super::{
    calendar::Kind,
    ics,
    store::{Appointment, State},
};
use crate::site::content::Content;

pub(super) fn shop_address(content: &Content) -> String {
    let a = &content.business.address;
    format!("{}, {}, {} {}", a.street, a.city, a.region, a.postal_code)
}

/// The calendar file of a booking's `time`, with the link to change or cancel it, `manage`: at
/// the shop's address for a drop-off, at `trailer_place` for the crew.
pub fn calendar_file(
    content: &Content,
    public_url: &str,
    time: &Appointment,
    manage: &str,
    trailer_place: Option<&str>,
    now: Timestamp,
) -> String {
    let business = &content.business;
    let location = match time.kind {
        Kind::Shop => shop_address(content),
        Kind::Mobile => trailer_place.unwrap_or_default().to_owned(),
    };
    let event = ics::Event {
        uid: event_uid(time.booking_id, public_url),
        sequence: time.version,
        start: time.slot.start,
        end: time.slot.end,
        summary: format!("Trailer service: {}", business.name),
        description: format!(
            "Request #{}: {}. Change or cancel: {manage}.{}",
            time.booking_id,
            time.kind.describe(),
            business.real_phone().map(|phone| format!(" Phone: {phone}")).unwrap_or_default()
        ),
        location,
        status: match time.state {
            State::Requested => ics::Status::Tentative,
            State::Confirmed => ics::Status::Confirmed,
            State::Cancelled => ics::Status::Cancelled,
        },
        url: Some(manage.to_owned()),
        organizer: Some((business.name.clone(), business.real_email().unwrap_or(&business.email).to_owned())),
    };
    ics::calendar(&business.name, &[event], &business.zone(), now)
}

/// The one id of a booking's time in every calendar file (so a calendar replaces it).
pub fn event_uid(booking_id: i64, public_url: &str) -> String {
    uid(&format!("booking-{booking_id}"), public_url)
}

/// The one id of `what` (e.g. "booking-12") in every calendar file of the site at `public_url`.
pub fn uid(what: &str, public_url: &str) -> String {
    let host = public_url
        .split("://")
        .nth(1)
        .unwrap_or(public_url)
        .split(['/', ':'])
        .next()
        .unwrap_or("trailerworks");
    format!("{what}@{host}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bookings_event_keeps_one_id_on_the_sites_host() {
        assert_eq!(event_uid(12, "https://trailers.example.com"), "booking-12@trailers.example.com");
        assert_eq!(event_uid(3, "http://127.0.0.1:8080"), "booking-3@127.0.0.1");
    }
}
