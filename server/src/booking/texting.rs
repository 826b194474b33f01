//! Whether a request's customer can be texted now, and if not, why: the site's text provider,
//! the box the customer ticked on that request, a stop from their number or their carrier; and
//! what the request page's text box counts against: the words a text starts with, its length in
//! SMS, and the day's limit to the number.

use serde::Serialize;

use crate::{
    db::Db,
    delivery::{
        Outbox,
        text::{DAILY_LIMIT, consent, segments::MAX_SEGMENTS, thread, today_began},
    },
    domain::Phone,
    site::SiteDetails,
};

crate::text_enum! {
    /// Whether the request's customer can be texted now, and if not, why.
    pub enum Texting {
        /// The customer agreed, and has not stopped texts.
        On => "on",
        /// The site has no text provider set up.
        Off => "off",
        /// The customer did not tick the box on this request.
        NotAgreed => "not-agreed",
        /// The customer's number stopped texts (STOP, or in their own words).
        Stopped => "stopped",
        /// The carrier says the number opted out of our texts (error 21610).
        CarrierStopped => "carrier-stopped",
    }
}

/// The refusal of a text beyond the day's limit to one number.
pub fn over_the_limit() -> String {
    format!(
        "Today's limit of {DAILY_LIMIT} texts to this number is reached: this text would not be sent. \
         Call the customer instead, or text them tomorrow."
    )
}

/// What the request page's text box counts against.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextAllowance {
    /// Every text from a person starts with these words (the shop's name and a colon).
    pub starts_with: String,
    /// SMS a text may take at most.
    pub max_segments: usize,
    /// Texts that went to the number today on the shop's clock (keyword answers not counted).
    pub sent_today: i64,
    pub daily_limit: u32,
}

/// The text box's allowance for a request's `phone` as typed (none sent to a number that is
/// not one).
pub async fn allowance(db: &Db, site: &SiteDetails, phone: &str) -> anyhow::Result<TextAllowance> {
    let content = site.content();
    let sent_today = match Phone::parse(phone) {
        Ok(phone) => {
            let today = today_began(db.clock.now(), &content.business.zone())?;
            thread::sent_since(db, &phone.e164(), today).await?
        }
        Err(_) => 0,
    };
    Ok(TextAllowance {
        starts_with: format!("{}: ", content.business.name),
        max_segments: MAX_SEGMENTS,
        sent_today,
        daily_limit: DAILY_LIMIT,
    })
}

impl Texting {
    /// Why a text cannot be sent, as the owner reads it; None when it can.
    pub fn refusal(self) -> Option<&'static str> {
        match self {
            Self::On => None,
            Self::Off => Some("Texts are not set up on this site. Call or e-mail the customer instead."),
            Self::NotAgreed => {
                Some("This customer did not ask for texts on this request. Call or e-mail them instead.")
            }
            Self::Stopped => Some(
                "This customer stopped texts to their number (with a reply or on their own page). Texts stay off until they reply START.",
            ),
            Self::CarrierStopped => Some(
                "The customer's carrier says this number opted out of our texts (error 21610). Texts stay off until they text START to our number. Call or e-mail them instead.",
            ),
        }
    }
}

/// Whether booking `id`'s customer, at `phone` as typed, can be texted.
pub async fn of(db: &Db, outbox: &Outbox, id: i64, phone: &str) -> anyhow::Result<Texting> {
    if outbox.text_settings().is_none() {
        return Ok(Texting::Off);
    }
    let Ok(phone) = Phone::parse(phone) else { return Ok(Texting::NotAgreed) };
    let number = phone.e164();
    if consent::stopped(db, &number).await? {
        return Ok(Texting::Stopped);
    }
    if thread::carrier_opted_out(db, &number).await? {
        return Ok(Texting::CarrierStopped);
    }
    Ok(if consent::may_text(db, &number, id).await? { Texting::On } else { Texting::NotAgreed })
}
