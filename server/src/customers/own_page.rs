//! What the customer's own page (`/booking/{token}`) shows of them besides the request it opens:
//! their requests, open and past, that the link opens (`booking::manage::store::scope`), and the
//! trailers those name, in words a customer reads (no notes, tags or who did what).

use serde::Serialize;

use super::trailer_reads;
use crate::{
    blog::model::long_date,
    booking::{
        records,
        shared_store::{self, CustomerRequest},
    },
    db::Db,
    domain::BookingStatus,
    schedule::{
        calendar::Calendar,
        store::{self as appointments, State as TimeState},
    },
    site::content::Content,
};

/// One of the customer's requests, as their page lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnRequest {
    pub number: i64,
    /// "November 24, 2026".
    pub received: String,
    /// The answers in a line ("Dump Trailer · Repairs needed").
    pub summary: String,
    /// The start of what they wrote, to tell their requests apart.
    pub words: Option<String>,
    /// Where it stands, in the customer's words ("Done").
    pub status: String,
    /// Its time, while it is on the schedule.
    pub time: Option<String>,
}

/// One of the customer's trailers, as their page lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnTrailer {
    pub id: i64,
    /// "2019 Big Tex 14GX, Dump Trailer".
    pub description: String,
    /// "CO ABC123", or empty.
    pub plate: String,
    /// The last six characters of its VIN, or empty.
    pub vin_end: String,
}

/// The customer's part of their page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OwnPage {
    /// Newest first.
    pub requests: Vec<OwnRequest>,
    pub trailers: Vec<OwnTrailer>,
}

/// What a link's page shows of customer `customer`: the requests `scope` (those the link opens),
/// and the trailers they name.
pub async fn of(db: &Db, customer: i64, scope: &[i64], content: &Content) -> anyhow::Result<OwnPage> {
    let calendar = Calendar::new(content);
    let listed: Vec<CustomerRequest> = shared_store::requests_of(db, customer)
        .await?
        .into_iter()
        .filter(|request| scope.contains(&request.id))
        .collect();
    let ids: Vec<i64> = listed.iter().map(|request| request.id).collect();
    let mut answers = records::answers(db, &ids).await?;
    let mut times = appointments::for_bookings(db, &ids).await?;
    let named: Vec<i64> = listed.iter().filter_map(|request| request.trailer_id).collect();
    let requests: Vec<OwnRequest> = listed
        .iter()
        .map(|request| {
            let asked = records::asked(&answers.remove(&request.id).unwrap_or_default());
            OwnRequest {
                number: request.id,
                received: long_date(request.created_at, calendar.zone()),
                summary: content.chat.summary(&asked).join(" · "),
                words: records::customer_words(&content.chat, &asked, &request.details)
                    .map(|words| shortened(&words)),
                status: status_words(request).to_owned(),
                time: times
                    .remove(&request.id)
                    .filter(|time| time.state != TimeState::Cancelled && !request.cancelled)
                    .map(|time| calendar.label(time.slot)),
            }
        })
        .collect();
    let trailers = trailer_reads::of(db, customer, &content.chat)
        .await?
        .into_iter()
        .filter(|trailer| named.contains(&trailer.id))
        .map(|trailer| {
            let year = trailer.year.map(|year| year.to_string()).unwrap_or_default();
            let name = joined(&[&year, &trailer.make, &trailer.model], " ");
            let description = joined(&[&name, &trailer.kind_text, &trailer.colour], ", ");
            let plate = joined(&[&trailer.plate_state, &trailer.plate], " ");
            let skip = trailer.vin.chars().count().saturating_sub(6);
            OwnTrailer {
                id: trailer.id,
                description,
                plate,
                vin_end: trailer.vin.chars().skip(skip).collect(),
            }
        })
        .collect();
    Ok(OwnPage { requests, trailers })
}

/// The parts that say something, joined by `separator`.
fn joined(parts: &[&str], separator: &str) -> String {
    parts.iter().copied().filter(|part| !part.is_empty()).collect::<Vec<_>>().join(separator)
}

/// How much of a request's words its line shows.
const WORDS_SHOWN: usize = 80;

/// `words`, cut at a word to about `WORDS_SHOWN` characters.
fn shortened(words: &str) -> String {
    if words.chars().count() <= WORDS_SHOWN {
        return words.to_owned();
    }
    let cut: String = words.chars().take(WORDS_SHOWN).collect();
    let at_word = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
    format!("{}…", at_word.trim_end_matches([',', '.', ';', ':']))
}

/// Where `request` stands, as its customer reads it.
fn status_words(request: &CustomerRequest) -> &'static str {
    if request.cancelled {
        return "Cancelled";
    }
    match request.status {
        BookingStatus::New => "Received",
        BookingStatus::Contacted => "We're in touch",
        BookingStatus::Scheduled => "Scheduled",
        BookingStatus::Done => "Done",
        BookingStatus::Cancelled | BookingStatus::Spam => "Cancelled",
    }
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn long_words_are_cut_at_a_word_and_short_ones_kept() {
        assert_eq!(shortened("Brakes grab"), "Brakes grab");
        let long = "The brakes grab on the left side when I tow the loaded dump trailer downhill, and the lights flicker too";
        let cut = shortened(long);
        assert_eq!(cut, "The brakes grab on the left side when I tow the loaded dump trailer downhill…");
        assert!(cut.chars().count() <= 81);
    }
}
