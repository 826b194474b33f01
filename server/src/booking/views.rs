//! The shapes of a stored booking as the inbox and the API give it: the booking, its time,
//! review, source, photos, answers, deliveries and notes.

use crate::{
    clock::At,
    delivery::{Channel, DeliveryState},
    domain::BookingStatus,
    schedule::{calendar::Kind, store::State as TimeState},
};

/// What a path naming a booking that is not there hears (404).
pub const NO_SUCH_BOOKING: &str = "There is no such booking.";

/// A booking as the admin inbox lists it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingRecord {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub details: String,
    pub message: String,
    pub status: BookingStatus,
    pub spam_reason: Option<String>,
    pub created_at: At,
    /// The visitor gave an emergency or urgent answer.
    pub urgent: bool,
    /// The visitor gave an emergency answer.
    pub emergency: bool,
    /// When the shop first answered (a status, a Call, Text or E-mail tap, a note, a confirmed
    /// time); None while the request waits.
    pub first_response_at: Option<At>,
    /// When the customer changed or cancelled the request with their link, until the owner acts.
    pub customer_change_at: Option<At>,
    /// The customer's record the request belongs to (none for spam).
    pub customer_id: Option<i64>,
    /// Another customer's record that has the request's e-mail address: its phone matched one
    /// customer and its address another (the owner may merge them).
    pub email_customer_id: Option<i64>,
    /// The customer's trailer it is about, once the owner named it.
    pub trailer_id: Option<i64>,
    /// Who said 'I've got it' (their name, else their address); none while nobody has.
    pub taken_by: Option<String>,
    /// Where the trailer is, as typed (mobile service only).
    pub location: Option<String>,
    /// The service-area city that location is in; None when it is outside, or by the road.
    pub location_city: Option<String>,
    /// The location is by a highway or a road with no city named ("I-70 mile marker 262"): the
    /// crew finds the trailer there, and it is not outside the area.
    pub roadside: bool,
    /// The street address or cross streets of a mobile job, as typed.
    pub street_address: Option<String>,
    pub source: SourceRecord,
    pub photos: Vec<PhotoRecord>,
    pub answers: Vec<AnswerRecord>,
    pub deliveries: Vec<DeliveryRecord>,
    pub notes: Vec<NoteRecord>,
    /// The time asked for or confirmed, if any.
    pub appointment: Option<TimeRecord>,
    /// When the visitor cancelled with their link, and why if they said.
    pub cancelled_at: Option<At>,
    pub cancel_reason: Option<String>,
    /// The thank-you with the review link, once asked for.
    pub review: Option<ReviewRecord>,
    /// How many other requests have the same phone number (its last ten digits) or e-mail address.
    pub other_requests: i64,
    /// The picked answers in a line, as Today says them ("Dump Trailer · Repairs needed").
    pub summary: String,
    /// What is wrong or what to build in the customer's own words, else the details they added.
    pub words: Option<String>,
    /// Answered already (a status other than new, a tap on Call, Text or E-mail, a note, a time).
    pub answered: bool,
    /// Still the shop's to answer or follow up (new or contacted, not cancelled by the customer):
    /// its urgency stands out, and it can be taken ('I've got it'). The browser has no copy of
    /// this rule.
    pub open: bool,
    /// A map search for where a mobile job is (its street address and place).
    pub map_url: Option<String>,
}

/// A booking's time as the inbox shows it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeRecord {
    pub kind: Kind,
    pub start: At,
    pub end: At,
    pub state: TimeState,
    /// "Tuesday, December 1, 8:00-10:00 AM" (set by the handler, which knows the shop's clock).
    pub label: String,
}

/// Where the review request stands: sent (or still on its way), and when the link was opened.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRecord {
    pub state: DeliveryProgress,
    pub sent_at: Option<At>,
    pub opened_at: Option<At>,
}

/// What brought the visitor to the booking dialog.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRecord {
    /// The page whose button opened the dialog.
    #[sqlx(rename = "source_page")]
    pub page: Option<String>,
    /// That button's text.
    #[sqlx(rename = "source_button")]
    pub button: Option<String>,
    pub referrer_host: Option<String>,
    pub utm_source: Option<String>,
    pub utm_campaign: Option<String>,
}

crate::text_enum! {
    /// What a photo of a job shows.
    pub enum PhotoLabel {
        Before => "before",
        After => "after",
        Damage => "damage",
        DataPlate => "data-plate",
    }
}

/// A photo of a request, at its URL (the team's, or one under the customer's own link): one the
/// customer sent, or one the team took of the job.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoRecord {
    /// Its file's name, which the team's paths name it by.
    pub name: String,
    pub url: String,
    pub width: i64,
    pub height: i64,
    pub label: Option<PhotoLabel>,
    /// The member who took it (their name, else their e-mail); none for a photo the customer
    /// sent, and on the customer's own page.
    pub taken_by: Option<String>,
    /// Taken by the team (else sent by the customer).
    pub from_shop: bool,
    /// The customer's own page shows it (always for the photos they sent).
    pub shared: bool,
    pub at: At,
}

#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AnswerRecord {
    /// The answer's short name ("Urgency"), or the question when the assistant no longer asks it.
    #[sqlx(skip)]
    pub label: String,
    /// The question and the answer in the words the visitor saw and gave.
    pub question: String,
    pub answer: String,
    /// The keys of the question and of the option picked (`Given`).
    #[serde(skip)]
    pub key: String,
    #[serde(skip)]
    pub option: Option<String>,
}

/// One delivery: `sent`, `retrying` (failed, will try again), `pending`, `dead` or `cancelled`
/// (a message about a time that changed before it went out).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRecord {
    pub channel: Channel,
    /// The device a push went to.
    pub device: Option<String>,
    /// request (the first notice), time-N, reminder-N, changed-N, cancelled, review.
    pub purpose: String,
    pub state: DeliveryProgress,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<At>,
    pub sent_at: Option<At>,
    /// Whom an escalation's page went to, and how: "Ana Ruiz at (720) 555-0134".
    pub to: Option<String>,
}

crate::text_enum! {
    /// Where a delivery stands, as the inbox shows it.
    pub enum DeliveryProgress {
        /// Waiting for its first try.
        Pending => "pending",
        /// Tried and failed; waiting to be tried again.
        Retrying => "retrying",
        Sent => "sent",
        Dead => "dead",
        Cancelled => "cancelled",
    }
}

impl DeliveryProgress {
    /// A stored delivery's progress after `attempts` tries.
    pub fn of(state: DeliveryState, attempts: i64) -> Self {
        match state {
            DeliveryState::Pending if attempts > 0 => Self::Retrying,
            DeliveryState::Pending => Self::Pending,
            DeliveryState::Sent => Self::Sent,
            DeliveryState::Dead => Self::Dead,
            DeliveryState::Cancelled => Self::Cancelled,
        }
    }
}

/// A note as the inbox shows it.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteRecord {
    pub id: i64,
    pub body: String,
    /// The e-mail of the admin who wrote it, or the customer when they changed the request.
    pub written_by: String,
    pub written_at: At,
    /// When its author last changed it; null when never.
    pub edited_at: Option<At>,
}
