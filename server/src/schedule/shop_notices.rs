//! What the shop hears of a change the visitor made with their link: another time asked for, or
//! the request cancelled (with their reason).

use super::{
    calendar::Calendar,
    messages::Letters,
    store::{self as appointments},
};
use crate::{
    booking::shared_store,
    delivery::{BookingMessage, Purpose},
    domain::BookingId,
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
            // Each step's page says which it is: its text differs from the step before's, so a
            // try after a crash can tell whether the provider already has it.
            Purpose::Page { step, .. } => {
                let kind = if message.emergency { "emergency" } else { "urgent request" };
                let place =
                    message.location_city.as_ref().map(|city| format!(" in {city}")).unwrap_or_default();
                Ok((
                    format!("Still waiting: {kind} #{id}{place}"),
                    format!(
                        "Still waiting (alert {step} of 3): nobody has answered {kind} #{id}{place} yet. \
                         Open it and tap I've got it: {page}\n"
                    ),
                ))
            }
            other => anyhow::bail!("{} is not a notice for the shop", other.key()),
        }
    }
}
