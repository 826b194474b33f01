//! Sending a text from the outbox: only to a number that agreed to texts about its request and has
//! not stopped them, never at night unless it is about an emergency, at most the day's limit to one
//! number, and never longer than two SMS. What the provider took goes into the request's thread.

use super::{
    consent,
    handover::{self, Taken},
    quiet_until,
    status::TextStatus,
    thread,
};
use crate::{
    delivery::{BookingMessage, Handed, Outbox, Purpose, Sent},
    domain::Phone,
};

/// Why a text does not go now.
enum NotNow {
    /// Not before then (the night's quiet hours).
    Later(crate::clock::At),
    /// Not at all: the reason's code, kept on a person's text (`super::explain` says it).
    Refused(&'static str),
}

impl Outbox {
    pub(in crate::delivery) async fn text(
        &self,
        message: &BookingMessage,
        purpose: Purpose,
    ) -> anyhow::Result<Sent> {
        let sender = self.text.as_ref().ok_or_else(|| anyhow::anyhow!("text delivery is not configured"))?;
        // A person's text is written before it is queued; the site's own as it is first tried.
        let person = matches!(purpose, Purpose::Text(_));
        let written = match purpose {
            Purpose::Text(id) => match handover::written(&self.reader, id).await? {
                Some(written) => Some(written),
                None => return Ok(Sent::Stale("the text was removed")),
            },
            _ => handover::unsent(&self.reader, message.booking_id, &purpose.key()).await?,
        };
        // A person's text goes to the number it was written to (where the customer last wrote
        // from); the site's own to the request's.
        let to = written.as_ref().filter(|_| person).map_or(message.phone.as_str(), |w| w.phone.as_str());
        let phone = match Phone::parse(to) {
            Ok(phone) => phone.e164(),
            Err(_) => return Ok(Sent::Stale("the request's phone is not a US number")),
        };
        if let Some(written) = written.as_ref().filter(|w| w.sending)
            && let Some(listed) = taken_before(sender, &self.reader, &phone, &written.body).await?
        {
            let status = TextStatus::from_provider(&listed.status).unwrap_or(TextStatus::Queued);
            return Ok(Sent::Texted(Taken { id: written.id, sid: listed.sid, status }));
        }
        let answer = written.as_ref().is_some_and(|w| thread::ANSWERS.contains(&w.purpose.as_str()));
        match self.not_now(message, &phone, answer).await? {
            None => {}
            Some(NotNow::Later(morning)) => return Ok(Sent::Later(morning)),
            Some(NotNow::Refused(code)) => {
                // A person's text stays in the thread, saying why it did not go, and on Today's
                // failed deliveries; the site's own leaves.
                return Ok(match written.as_ref() {
                    Some(written) if person => {
                        handover::refused(&self.db, written.id, code).await?;
                        Sent::Undelivered(super::explain(code))
                    }
                    _ => {
                        self.withdraw(written.as_ref(), person).await?;
                        Sent::Stale(super::explain(code))
                    }
                });
            }
        }
        // Committed before the provider is asked, so a try after a crash asks it first.
        let Handed { id, body } = match written {
            Some(written) if person => {
                handover::sending(&self.db, written.id).await?;
                Handed { id: written.id, body: written.body }
            }
            _ => {
                let replacing = written.as_ref().map(|w| w.id);
                match self.messages.hand_over_text(message.booking_id, purpose, &phone, replacing).await? {
                    Ok(handed) => handed,
                    Err(why) => {
                        self.withdraw(written.as_ref(), person).await?;
                        return Ok(Sent::Stale(why));
                    }
                }
            }
        };
        match handover::send(&self.db, sender, id, &phone, &body).await? {
            Ok(taken) => Ok(Sent::Texted(taken)),
            Err(refused) => {
                tracing::info!(
                    booking = message.booking_id,
                    code = refused.code,
                    "text refused: {}",
                    refused.message
                );
                Ok(Sent::Undelivered(super::explain(&refused.code.to_string())))
            }
        }
    }

    /// Why a text to `phone` is not sent now: the customer did not agree or stopped, it is night
    /// on the shop's clock (not for an emergency), or the day's limit was reached. The answer to
    /// a keyword (`answer`) goes whatever the hour and the count.
    async fn not_now(
        &self,
        message: &BookingMessage,
        phone: &str,
        answer: bool,
    ) -> anyhow::Result<Option<NotNow>> {
        if answer {
            return Ok(None);
        }
        if !consent::may_text(&self.reader, phone, message.booking_id).await? {
            return Ok(Some(NotNow::Refused(super::NOT_AGREED)));
        }
        if !message.emergency
            && let Some(morning) = quiet_until(self.db.clock.now(), &self.site.content().business.zone())?
        {
            return Ok(Some(NotNow::Later(morning)));
        }
        let today = super::today_began(self.db.clock.now(), &self.site.content().business.zone())?;
        if thread::sent_since(&self.reader, phone, today).await? >= i64::from(super::DAILY_LIMIT) {
            return Ok(Some(NotNow::Refused(super::OVER_THE_LIMIT)));
        }
        Ok(None)
    }

    /// The site's own text that will not go after all leaves the thread (a person's stays).
    async fn withdraw(&self, written: Option<&handover::Written>, person: bool) -> anyhow::Result<()> {
        match written {
            Some(written) if !person => handover::withdraw(&self.db, written.id).await,
            _ => Ok(()),
        }
    }
}

/// The provider's text with `body` to `phone` that no thread has yet: an earlier try that got no
/// answer (its instance stopped) reached the provider after all.
pub(in crate::delivery) async fn taken_before(
    sender: &super::TextSender,
    db: &crate::db::Db,
    phone: &str,
    body: &str,
) -> anyhow::Result<Option<super::Listed>> {
    for listed in sender.recent_to(phone).await? {
        if listed.body == body && !handover::known(db, &listed.sid).await? {
            return Ok(Some(listed));
        }
    }
    Ok(None)
}
