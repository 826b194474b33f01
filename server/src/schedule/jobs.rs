//! The jobs of a range of days as the owner's schedule and Today show them: each booking's time
//! with who, what and where.

use jiff::Timestamp;
use serde::Serialize;

use super::{
    calendar::{Calendar, Kind},
    store::{self as appointments, State as TimeState},
};
use crate::{
    booking::{records, shared_store},
    clock::At,
    db::Db,
    site::content::Content,
};

/// A job in the schedule.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    pub booking_id: i64,
    pub name: String,
    pub phone: String,
    pub kind: Kind,
    /// When it starts and ends (UTC).
    pub start: At,
    pub end: At,
    /// Its day on the shop's clock, "2026-12-01", and its hours, "8:00-10:00 AM".
    pub date: String,
    pub hours: String,
    pub state: TimeState,
    pub urgent: bool,
    /// The picked answers, "Dump Trailer · Repairs needed".
    pub summary: String,
    /// Where the trailer is (mobile work): the street address and the place, as typed.
    pub location: Option<String>,
    /// What is wrong or what to build, in the customer's words.
    pub words: Option<String>,
    /// A map search for where the trailer is (mobile work).
    pub map_url: Option<String>,
}

/// The jobs (not cancelled) starting from `from` up to `to`, soonest first: three queries however
/// many jobs there are.
pub async fn between(db: &Db, content: &Content, from: Timestamp, to: Timestamp) -> anyhow::Result<Vec<Job>> {
    let calendar = Calendar::new(content);
    let times = appointments::between(db, from, to).await?;
    let ids: Vec<i64> = times.iter().map(|time| time.booking_id).collect();
    let mut bookings = shared_store::for_jobs(db, &ids).await?;
    let answers = records::answers(db, &ids).await?;
    Ok(times
        .into_iter()
        .filter_map(|time| {
            let row = bookings.remove(&time.booking_id)?;
            let asked = records::asked(answers.get(&row.booking_id).map_or(&[][..], Vec::as_slice));
            let location = records::job_place(row.street_address.as_deref(), row.location.as_deref());
            Some(Job {
                booking_id: row.booking_id,
                summary: content.chat.summary(&asked).join(" · "),
                words: records::customer_words(&content.chat, &asked, &row.details),
                name: row.name,
                phone: row.phone,
                kind: time.kind,
                start: At::from(time.slot.start),
                end: At::from(time.slot.end),
                date: time.slot.start.to_zoned(calendar.zone().clone()).date().to_string(),
                hours: calendar.hours_of(time.slot),
                state: time.state,
                urgent: row.urgent,
                map_url: location.as_deref().map(|place| records::map_url(place, content)),
                location,
            })
        })
        .collect())
}
