//! What the shop hears of a change the visitor made with their link (another time asked for, or
//! the request cancelled, with their reason), and a member's page of an unanswered emergency's
//! escalation.

use super::{
    calendar::Calendar,
    messages::Letters,
    store::{self as appointments},
};
use crate::{
    booking::shared_store,
    delivery::{BookingMessage, Purpose},
    domain::{BookingId, clipped},
    on_call::steps::{Beat, LONGEST},
    site::content::Asks,
};

impl Letters {
    /// What the shop hears of a change the visitor made: subject and body.
    pub(super) async fn notice(
        &self,
        message: &BookingMessage,
        purpose: Purpose,
    ) -> anyhow::Result<(String, String)> {
        let content = self.site.content();
        let id = message.booking_id;
        let page = format!("{}/dbadmin/bookings/{id}", self.public_url);
        match purpose {
            Purpose::Changed(_) => {
                let time = appointments::get(&self.reader, BookingId(id)).await?;
                let label =
                    time.map_or_else(|| "(no time)".to_owned(), |t| Calendar::new(&content).label(t.slot));
                Ok((
                    format!("Request #{id} from {}: another time asked for", message.name),
                    format!(
                        "{} asked for another time with their link:\n\n{label}\n\n\
                         Confirm it or set another: {page}\n\nPhone: {}\n",
                        message.name, message.phone
                    ),
                ))
            }
            Purpose::Cancelled => {
                let reason = shared_store::cancel_reason(&self.reader, id).await?;
                let said =
                    reason.map_or_else(|| "They gave no reason.".to_owned(), |r| format!("They said: {r}"));
                Ok((
                    format!("Request #{id} from {} was cancelled", message.name),
                    format!(
                        "{} cancelled request #{id} with their link. {said}\n\nThe request: {page}\n\nPhone: {}\n",
                        message.name, message.phone
                    ),
                ))
            }
            Purpose::Page { step, .. } => self.page(message, step).await,
            other => anyhow::bail!("{} is not a notice for the shop", other.key()),
        }
    }

    /// A member's page of beat `step` of an unanswered request's escalation, by text or e-mail:
    /// who the customer is and their number, where, and what is wrong in their words, so the
    /// member can call at once. Each beat's text differs from the one before's, so a try after a
    /// crash can tell whether the provider already has it.
    async fn page(&self, message: &BookingMessage, step: i64) -> anyhow::Result<(String, String)> {
        let id = message.booking_id;
        let link = format!("{}/dbadmin/bookings/{id}", self.public_url);
        let kind = if message.emergency { "emergency" } else { "urgent request" };
        let place = shared_store::place(&self.reader, id).await?;
        let at = match (&place.location_city, &place.location) {
            (Some(city), _) => format!(" in {city}"),
            (None, Some(location)) => format!(" at {}", clipped(location, 40)),
            (None, None) => String::new(),
        };
        let answers = shared_store::answers(&self.reader, id).await?;
        let words = self
            .site
            .content()
            .chat
            .answer_to(Asks::Job, &answers)
            .map(|words| format!(" (\"{}\")", clipped(words, 40)))
            .unwrap_or_default();
        let call = format!("Call {} at {}{words}", clipped(&message.name, 30), message.phone);
        let (subject, said) = match Beat::of(step) {
            Beat::LastAlert => (
                format!("Last alert: {kind} #{id}{at}"),
                format!(
                    "Last alert: nobody has answered {kind} #{id}{at} and the {LONGEST}-minute promise runs out soon. \
                     {call}: {link}"
                ),
            ),
            Beat::PastPromise { minutes } => (
                format!("Past the promise: {kind} #{id}{at}"),
                format!(
                    "Past the promise: nobody has answered {kind} #{id}{at} in {minutes} minutes. {call}: {link}"
                ),
            ),
            Beat::First | Beat::Second | Beat::Everyone => (
                format!("Still waiting: {kind} #{id}{at}"),
                format!(
                    "Still waiting (alert {step} of 3): nobody has answered {kind} #{id}{at} yet. {call}, \
                     or open it and tap I've got it: {link}"
                ),
            ),
        };
        Ok((subject, format!("{said}\n")))
    }
}
