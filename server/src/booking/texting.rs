//! Whether a request's customer can be texted now, and if not, why: the site's text provider,
//! the box the customer ticked on that request, and a stop from their number.

use crate::{
    db::Db,
    delivery::{Outbox, text::consent},
    domain::Phone,
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
    }
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
    Ok(if consent::may_text(db, &number, id).await? { Texting::On } else { Texting::NotAgreed })
}
