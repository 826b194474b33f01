//! Whether a request's customer can be texted now, and if not, why: the site's text provider,
//! the box the customer ticked on that request, a stop from their number or their carrier; and
//! what the request page's text box counts against: the words a text starts with, its length in
//! SMS, and the day's limit to the number.

use serde::Serialize;

use super::views::NO_SUCH_BOOKING;
use crate::{
    db::Db,
    delivery::{
        Outbox,
        text::{
            DAILY_LIMIT, consent, quiet_until,
            segments::{MAX_SEGMENTS, segments},
            thread, today_began,
        },
    },
    domain::Phone,
    error::ApiError,
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

/// Where a text from request `id`'s page goes: the number that last texted into its thread (a
/// customer may write from another phone), else the request's `phone` as typed.
pub async fn reply_number(db: &Db, id: i64, phone: String) -> anyhow::Result<String> {
    Ok(thread::last_texted_from(db, id).await?.unwrap_or(phone))
}

/// Whether booking `id`'s customer, at `phone` as typed, can be texted.
pub async fn of(db: &Db, outbox: &Outbox, id: i64, phone: &str) -> anyhow::Result<Texting> {
    let Ok(phone) = Phone::parse(phone) else {
        return Ok(if outbox.text_settings().is_none() { Texting::Off } else { Texting::NotAgreed });
    };
    let number = phone.e164();
    Ok(match of_number(db, outbox, &number).await? {
        Texting::On if !consent::may_text(db, &number, id).await? => Texting::NotAgreed,
        texting => texting,
    })
}

/// Whether `number` (E.164) can be answered: it texted the shop first, so only the site's text
/// provider and a stop (theirs or their carrier's) hold a text back.
pub async fn of_number(db: &Db, outbox: &Outbox, number: &str) -> anyhow::Result<Texting> {
    if outbox.text_settings().is_none() {
        return Ok(Texting::Off);
    }
    if consent::stopped(db, number).await? {
        return Ok(Texting::Stopped);
    }
    if thread::carrier_opted_out(db, number).await? {
        return Ok(Texting::CarrierStopped);
    }
    Ok(Texting::On)
}

/// The owner's words for a text, trimmed; refused when there are none or they hold control
/// characters other than line breaks.
pub fn words(text: &str) -> Result<&str, ApiError> {
    let words = text.trim();
    if words.is_empty() || words.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ApiError::invalid("text", "Write the text to send"));
    }
    Ok(words)
}

/// Refuses a text `body` longer than `MAX_SEGMENTS` SMS.
pub fn fits(body: &str) -> Result<(), ApiError> {
    let parts = segments(body).count();
    if parts > MAX_SEGMENTS {
        return Err(ApiError::invalid(
            "text",
            format!(
                "This would take {parts} SMS; keep it to {MAX_SEGMENTS} (about 300 plain characters, or 130 with emoji or accents)"
            ),
        ));
    }
    Ok(())
}

/// A person's text at night would wait for the morning: it is refused with this, so nobody
/// believes the customer has it ('On my way' seven hours late). None in the day.
pub fn at_night(db: &Db, zone: &jiff::tz::TimeZone) -> anyhow::Result<Option<String>> {
    let Some(morning) = quiet_until(db.clock.now(), zone)? else { return Ok(None) };
    Ok(Some(format!(
        "It is {} at the shop: texts about requests that are not emergencies go out between 8 AM and \
         9 PM, so this one would wait until {}. Call the customer instead, or text after 8 AM.",
        db.clock.now().to_zoned(zone.clone()).strftime("%-I:%M %p"),
        morning.timestamp().to_zoned(zone.clone()).strftime("%-I:%M %p on %A"),
    )))
}

/// The number (E.164) of request `id`'s customer when a person's text may go to it now; else the
/// refusal: no such request, texts off, not agreed or stopped, today's limit reached, or night at
/// the shop for a request that is not an emergency.
pub async fn textable_now(db: &Db, outbox: &Outbox, site: &SiteDetails, id: i64) -> Result<String, ApiError> {
    let phone = super::texts::store::phone(db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_BOOKING))?;
    let phone = reply_number(db, id, phone).await?;
    if let Some(why) = of(db, outbox, id, &phone).await?.refusal() {
        return Err(ApiError::conflict(why));
    }
    let allowance = allowance(db, site, &phone).await?;
    if allowance.sent_today >= i64::from(allowance.daily_limit) {
        return Err(ApiError::conflict(over_the_limit()));
    }
    if !super::shared_store::flags(db, id).await?.emergency
        && let Some(refusal) = at_night(db, &site.content().business.zone())?
    {
        return Err(ApiError::conflict(refusal));
    }
    Phone::parse(&phone)
        .map(|phone| phone.e164())
        .map_err(|_| ApiError::conflict(Texting::NotAgreed.refusal().unwrap_or_default()))
}
