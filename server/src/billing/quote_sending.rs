//! A quote once it leaves the shop: how the team sends it, where it stands with the customer, and
//! what the customer answers on their own page: an approval (one option, the optional lines they
//! ticked, and their name typed after the terms) or a request for changes in their words. A sent
//! quote is good until its date; after it, it shows as expired and takes no answer.

use serde::{Deserialize, Serialize};

use super::quote::QuoteState;
use crate::clock::At;
use crate::domain::Money;
use crate::error::{ApiError, FieldErrors};
use crate::text_enum;

const NAME_LENGTH: usize = 100;
const MESSAGE_LENGTH: usize = 1000;

text_enum! {
    /// What the customer answered.
    pub enum QuoteAnswerKind {
        Approved => "approved",
        ChangesAsked => "changes-asked",
    }
}

/// How the team sends a quote: by e-mail, by text, or both.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteSendForm {
    /// To the request's e-mail address.
    pub email: bool,
    /// To the request's phone, when the customer agreed to texts.
    pub text: bool,
}

impl QuoteSendForm {
    /// Refuses a send by no way at all.
    pub fn checked(self) -> Result<Self, ApiError> {
        if !self.email && !self.text {
            return Err(ApiError::invalid("email", "Send it by e-mail, by text, or both"));
        }
        Ok(self)
    }
}

/// Where a sent quote went and stands.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct QuoteSending {
    pub sent_at: At,
    /// It takes no answer after this.
    pub expires_at: At,
    /// When the customer first opened their page with it.
    pub viewed_at: Option<At>,
    /// When its e-mail was handed to the mail server (none while waiting, or not sent by e-mail).
    pub emailed_at: Option<At>,
    /// Why its e-mail could not be sent, after the last try.
    pub email_error: Option<String>,
    /// When a text with the link was written to the customer (none if not sent by text).
    pub texted_at: Option<At>,
    /// When the one reminder went, the quote unanswered 3 days after it was sent.
    pub reminded_at: Option<At>,
    /// The terms it was sent with.
    pub terms: String,
}

impl QuoteSending {
    /// `state` as it stands at `now`: a quote waiting for an answer past its date has expired.
    pub fn state_at(&self, state: QuoteState, now: &At) -> QuoteState {
        match state {
            QuoteState::Sent | QuoteState::Viewed | QuoteState::ChangesAsked if self.expires_at < *now => {
                QuoteState::Expired
            }
            other => other,
        }
    }
}

/// An answer of the customer, as kept.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAnswer {
    /// Its own id (the shop's e-mail about it names it).
    #[serde(skip)]
    pub id: i64,
    pub answer: QuoteAnswerKind,
    pub at: At,
    /// The option approved (its place, from 0).
    pub option: Option<usize>,
    /// The places of the optional lines ticked in it.
    pub optional: Vec<usize>,
    /// What the approved choice adds up to, and the deposit it asks for.
    pub total: Option<Money>,
    pub deposit: Option<Money>,
    /// The name typed to sign the approval.
    pub name: Option<String>,
    /// The changes asked for, in the customer's words.
    pub message: Option<String>,
    /// The address and browser the answer came from.
    pub address: String,
    pub agent: String,
}

/// The option and optional lines the customer picks.
#[derive(Deserialize, utoipa::ToSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct QuoteChoice {
    /// The option's place, from 0.
    pub option: usize,
    /// The places of the option's optional lines that are ticked.
    #[serde(default)]
    pub optional: Vec<usize>,
}

/// The customer's approval: their choice, signed with their name.
#[derive(Deserialize, utoipa::ToSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct QuoteApproval {
    pub option: usize,
    #[serde(default)]
    pub optional: Vec<usize>,
    /// Their full name, typed after the terms.
    #[schema(max_length = 100)]
    pub name: String,
}

impl QuoteApproval {
    /// The approval with its name trimmed, or the name's message.
    pub fn checked(mut self) -> Result<Self, ApiError> {
        self.name = self.name.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut errors = FieldErrors::default();
        if self.name.is_empty() {
            errors.add("name", "Type your full name to approve the quote");
        } else if self.name.chars().count() > NAME_LENGTH {
            errors.add("name", format!("Keep your name to {NAME_LENGTH} characters"));
        } else if self.name.chars().any(char::is_control) {
            errors.add("name", "Type your name as plain text");
        }
        self.optional.sort_unstable();
        self.optional.dedup();
        if errors.is_empty() { Ok(self) } else { Err(ApiError::Invalid(errors)) }
    }
}

/// The changes the customer asks for.
#[derive(Deserialize, utoipa::ToSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct QuoteChangesForm {
    /// What they would like changed (1 to 1,000 characters).
    #[schema(max_length = 1000)]
    pub message: String,
}

impl QuoteChangesForm {
    /// The words trimmed, or their message.
    pub fn checked(self) -> Result<String, ApiError> {
        let message = self.message.trim().to_owned();
        if message.is_empty() {
            return Err(ApiError::invalid("message", "Say what you would like changed"));
        }
        if message.chars().count() > MESSAGE_LENGTH {
            return Err(ApiError::invalid("message", format!("Keep it to {MESSAGE_LENGTH} characters")));
        }
        if message.chars().any(|c| c.is_control() && c != '\n' && c != '\r') {
            return Err(ApiError::invalid("message", "Write it as plain text"));
        }
        Ok(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sending(expires: &str) -> QuoteSending {
        QuoteSending {
            sent_at: "2026-12-01T17:00:00Z".parse::<At>().expect("a time"),
            expires_at: expires.parse::<At>().expect("a time"),
            viewed_at: None,
            emailed_at: None,
            email_error: None,
            texted_at: None,
            reminded_at: None,
            terms: "Terms".into(),
        }
    }

    #[test]
    fn a_quote_waiting_past_its_date_has_expired_and_an_answered_one_has_not() {
        let now = "2026-12-31T12:00:00Z".parse::<At>().expect("a time");
        let past = sending("2026-12-31T06:59:59Z");
        assert_eq!(past.state_at(QuoteState::Viewed, &now), QuoteState::Expired);
        assert_eq!(past.state_at(QuoteState::ChangesAsked, &now), QuoteState::Expired);
        assert_eq!(past.state_at(QuoteState::Approved, &now), QuoteState::Approved);
        assert_eq!(sending("2027-01-01T06:59:59Z").state_at(QuoteState::Sent, &now), QuoteState::Sent);
    }

    #[test]
    fn an_approval_is_signed_with_a_name_and_changes_are_said() {
        let approval = |name: &str| QuoteApproval { option: 0, optional: vec![2, 1, 2], name: name.into() };
        let signed = approval("  Jane   Q.  Public ").checked().expect("signed");
        assert_eq!((signed.name.as_str(), signed.optional), ("Jane Q. Public", vec![1, 2]));
        assert!(approval("   ").checked().is_err());
        assert!(approval(&"a".repeat(101)).checked().is_err());
        assert!(QuoteChangesForm { message: " \n ".into() }.checked().is_err());
        assert_eq!(
            QuoteChangesForm { message: " Skip the paint. ".into() }.checked().expect("said"),
            "Skip the paint."
        );
    }
}
