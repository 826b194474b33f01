//! A booking request as the browser sends it, and the parsed booking the store takes.

use std::time::Duration;

use serde::Deserialize;

use super::{
    area::{BAD_PLACE, BAD_STREET_ADDRESS, ServiceArea, Verdict, is_place, is_street_address},
    source::{Source, SourceForm},
};
use crate::{
    domain::{EmailAddress, PersonName, Phone},
    error::FieldErrors,
    media::is_stored_name,
    schedule::calendar::{Kind, Slot},
    site::content::{Asks, Chat, Given},
};

/// Photos one booking may have.
pub const MAX_PHOTOS: usize = 3;
/// URLs of booking photos start with this.
pub const PHOTO_URL_PREFIX: &str = "/media/booking-photos/";

const MAX_DETAILS: usize = 2000;
const MAX_ANSWERS: usize = 12;
const MAX_ANSWER_TEXT: usize = 500;
const NO_DETAILS: &str = "No additional details provided.";

/// The JSON body of `POST /api/bookings`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BookingForm {
    /// Made by the browser once per form, so a repeated submit is recognised.
    pub submission_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    #[serde(default)]
    pub details: String,
    #[serde(default)]
    pub answers: Vec<AnswerForm>,
    /// A field people never see; bots fill it in.
    #[serde(default)]
    pub website: String,
    /// Milliseconds between the dialog opening and the submit, measured by the browser.
    pub fill_ms: Option<u64>,
    /// Where the trailer is, for mobile service: a city or ZIP code as typed.
    #[serde(default)]
    pub location: Option<String>,
    /// The street address or cross streets of a mobile job, as typed (with a location).
    #[serde(default)]
    pub street_address: Option<String>,
    /// What brought the visitor to the dialog.
    #[serde(default)]
    pub source: Option<SourceForm>,
    /// Tokens of photos uploaded to `/api/booking-photos`, 3 at most.
    #[serde(default)]
    pub photos: Vec<String>,
    /// The time picked in the assistant, if any (one of `GET /api/availability`'s).
    #[serde(default)]
    pub appointment: Option<AppointmentForm>,
    /// The visitor ticked "Text me about this request" (never ticked for them).
    #[serde(default)]
    pub text_consent: bool,
}

/// The contact page's plain request form, which works without JavaScript (form-encoded).
#[derive(Debug, Deserialize)]
pub struct PlainForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    /// What is wrong with the trailer, in the visitor's words.
    #[serde(default)]
    pub details: String,
    /// Where the trailer is, for mobile service.
    #[serde(default)]
    pub location: String,
    /// The hidden field bots fill in.
    #[serde(default)]
    pub website: String,
}

impl PlainForm {
    /// As the booking dialog would send it, under `submission_id`, from the contact page.
    pub fn into_booking_form(self, submission_id: String) -> BookingForm {
        BookingForm {
            submission_id,
            name: self.name,
            email: self.email,
            phone: self.phone,
            details: self.details,
            answers: Vec::new(),
            website: self.website,
            fill_ms: None,
            location: Some(self.location),
            street_address: None,
            source: Some(SourceForm::plain_form()),
            photos: Vec::new(),
            appointment: None,
            text_consent: false,
        }
    }
}

/// A time the visitor picked.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppointmentForm {
    pub kind: Kind,
    /// The time's `start`, as the availability gave it.
    pub start: String,
}

/// A time that passed the checks, for the booking's transaction to take.
#[derive(Debug, Clone)]
pub struct RequestedTime {
    pub kind: Kind,
    pub slot: Slot,
    /// How many jobs may share it.
    pub capacity: u8,
    /// "Tuesday, December 1, 8:00-10:00 AM".
    pub label: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerForm {
    /// The key of the step or follow-up answered; left out (a page from before keys), the
    /// question's words find it.
    #[serde(default)]
    pub key: String,
    /// The key of the option picked; left out for the visitor's own words.
    #[serde(default)]
    pub option: Option<String>,
    /// The question as the visitor saw it, and their answer.
    pub question: String,
    pub answer: String,
}

/// A booking that passed validation.
#[derive(Debug)]
pub struct NewBooking {
    pub submission_id: String,
    pub name: PersonName,
    pub email: EmailAddress,
    pub phone: Phone,
    pub details: String,
    pub answers: Vec<Given>,
    /// Why it looks like spam, if it does. Spam is kept and flagged, never dropped.
    pub spam_reason: Option<&'static str>,
    /// Where the trailer is, as typed, and the service-area city it is in (`classify`).
    pub location: Option<String>,
    pub location_city: Option<String>,
    /// The place is by a highway or a road, with no city named (`classify`).
    pub roadside: bool,
    /// The street address or cross streets of a mobile job.
    pub street_address: Option<String>,
    /// What is wrong or what to build, in the customer's words, under its label ("Problem"):
    /// the first thing the shop's message says (`classify`).
    pub job: Option<(String, String)>,
    /// The visitor gave an emergency or urgent answer (`classify`).
    pub urgent: bool,
    /// The visitor gave an emergency answer (`classify`).
    pub emergency: bool,
    pub source: Source,
    /// Names of the uploaded photos this booking takes.
    pub photos: Vec<String>,
    /// Where the shop sees the photos (the booking inbox), for the delivered message.
    pub photos_link: Option<String>,
    /// The time asked for, checked (`routes::create` sets it).
    pub appointment: Option<RequestedTime>,
    /// The visitor agreed to texts about this request.
    pub text_consent: bool,
}

impl NewBooking {
    /// What a search of the inbox looks in, lowercased: the name, the e-mail address, the phone
    /// number's digits, the details, the trailer's location and the answers.
    pub fn search_text(&self) -> String {
        let digits: String = self.phone.as_ref().chars().filter(char::is_ascii_digit).collect();
        let mut parts = vec![self.name.as_ref(), self.email.as_ref(), &digits, &self.details];
        parts.extend(self.location.as_deref());
        parts.extend(self.street_address.as_deref());
        parts.extend(self.answers.iter().map(|answer| answer.answer.as_str()));
        parts.join(" ").to_lowercase()
    }

    /// The message delivered to the business: what is wrong in the customer's words, the details
    /// (or a default), then the conversation.
    pub fn message(&self) -> String {
        let mut message = match &self.job {
            Some((label, words)) => format!("{label}: {words}\n\n"),
            None => String::new(),
        };
        message.push_str(&compose_message(&self.details, &self.answers));
        if let Some(location) = &self.location {
            let verdict = match &self.location_city {
                Some(city) => format!("in the service area ({city})"),
                None if self.roadside => "by the road, no city named".to_owned(),
                None => "outside the usual service area".to_owned(),
            };
            message.push_str(&format!("\n\nTrailer location: {location}, {verdict}"));
            if let Some(street) = &self.street_address {
                message.push_str(&format!("\nStreet address: {street}"));
            }
        }
        if let Some(time) = &self.appointment {
            message.push_str(&format!(
                "\n\nRequested time: {}, {} (confirm it or set another in the schedule)",
                time.label,
                time.kind.describe()
            ));
        }
        if !self.photos.is_empty() {
            let count = self.photos.len();
            let link = self.photos_link.as_deref().unwrap_or("the booking inbox");
            message.push_str(&format!("\n\nPhotos: {count} sent with the request; see them at {link}"));
        }
        message
    }

    /// Marks the booking urgent when an answer makes it so (an emergency or urgent answer of
    /// the assistant's script), and checks its location against the service area.
    pub fn classify(mut self, chat: &Chat, area: &ServiceArea) -> Self {
        for answer in &mut self.answers {
            chat.key_answer(answer);
        }
        self.job = chat
            .answered(Asks::Job, &self.answers)
            .map(|(label, words)| (label.to_owned(), words.to_owned()));
        let picked = || self.answers.iter().filter_map(|a| a.option.as_deref());
        self.urgent = picked().any(|option| chat.is_urgent(option));
        self.emergency = picked().any(|option| chat.is_emergency(option));
        let verdict = self.location.as_deref().map(|place| area.find(place));
        self.roadside = verdict == Some(Verdict::Roadside);
        self.location_city = verdict.and_then(|verdict| match verdict {
            Verdict::City(city) => Some(city.name),
            Verdict::Near { place, .. } => Some(place),
            Verdict::Home => Some(area.home().to_owned()),
            Verdict::Roadside | Verdict::Outside => None,
        });
        self
    }
}

impl BookingForm {
    /// Checks every field, reporting all problems at once with the browser's messages. A submit
    /// faster than `min_fill` is flagged as spam; None: the form could not be timed (the contact
    /// page's plain form, sent without JavaScript), and only its hidden field tells.
    pub fn parse(self, min_fill: Option<Duration>) -> Result<NewBooking, FieldErrors> {
        let mut errors = FieldErrors::default();
        let submission_id = self.submission_id.trim().to_owned();
        if !(8..=64).contains(&submission_id.len())
            || !submission_id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            errors.add("submissionId", "A submission id of 8 to 64 letters, digits and hyphens is required");
        }
        let name = errors.check("name", PersonName::parse(&self.name));
        let email = errors.check("email", EmailAddress::parse(&self.email));
        let phone = errors.check("phone", Phone::parse(&self.phone));
        let details = self.details.trim().to_owned();
        if details.chars().count() > MAX_DETAILS {
            errors.add("details", "Additional details must be at most 2,000 characters");
        }
        if has_stray_control(&details) {
            errors.add("details", "Additional details must be plain text, without control characters");
        }
        if self.answers.len() > MAX_ANSWERS {
            errors.add("answers", "Too many answers");
        }
        let answers: Vec<Given> = self
            .answers
            .into_iter()
            .map(|a| Given {
                key: a.key,
                option: a.option,
                question: a.question.trim().to_owned(),
                answer: a.answer.trim().to_owned(),
            })
            .collect();
        if answers.iter().any(|a| {
            a.question.is_empty()
                || a.answer.is_empty()
                || a.question.chars().count() > MAX_ANSWER_TEXT
                || a.answer.chars().count() > MAX_ANSWER_TEXT
        }) {
            errors.add("answers", "Each answer needs a question and an answer of at most 500 characters");
        }
        if answers.iter().any(|a| has_stray_control(&a.question) || has_stray_control(&a.answer)) {
            errors.add("answers", "Answers must be plain text, without control characters");
        }
        let location = self.location.map(|place| place.trim().to_owned()).filter(|place| !place.is_empty());
        if location.as_deref().is_some_and(|place| !is_place(place)) {
            errors.add("location", BAD_PLACE);
        }
        let street_address =
            self.street_address.map(|street| street.trim().to_owned()).filter(|street| !street.is_empty());
        if street_address.as_deref().is_some_and(|street| !is_street_address(street)) {
            errors.add("streetAddress", BAD_STREET_ADDRESS);
        }
        if self.photos.len() > MAX_PHOTOS {
            errors.add("photos", "Up to 3 photos can be sent with a request");
        }
        if self.photos.iter().any(|token| !is_stored_name(token)) {
            errors.add("photos", "A photo was not uploaded here; please add it again");
        }
        let (Some(name), Some(email), Some(phone)) = (name, email, phone) else { return Err(errors) };
        if !errors.is_empty() {
            return Err(errors);
        }
        let spam_reason = if !self.website.trim().is_empty() {
            Some("hidden field filled in")
        } else if min_fill
            .is_some_and(|least| self.fill_ms.is_none_or(|ms| Duration::from_millis(ms) < least))
        {
            Some("submitted faster than a person can")
        } else {
            None
        };
        Ok(NewBooking {
            submission_id,
            name,
            email,
            phone,
            details,
            answers,
            spam_reason,
            location,
            location_city: None,
            roadside: false,
            street_address,
            job: None,
            urgent: false,
            emergency: false,
            source: self.source.unwrap_or_default().clean(),
            photos: self.photos,
            photos_link: None,
            appointment: None,
            text_consent: self.text_consent,
        })
    }
}

/// Control characters other than line breaks and tabs (NUL, escape sequences and the like).
fn has_stray_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

/// "{details or a default}\n\nConversation Summary:\n{question}: {answer}\n..."
pub fn compose_message(details: &str, answers: &[Given]) -> String {
    let mut message =
        if details.trim().is_empty() { NO_DETAILS.to_owned() } else { details.trim().to_owned() };
    if !answers.is_empty() {
        message.push_str("\n\nConversation Summary:");
        for a in answers {
            message.push_str(&format!("\n{}: {}", a.question, a.answer));
        }
    }
    message
}

#[cfg(test)]
mod tests;
