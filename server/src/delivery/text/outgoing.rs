//! Sending a text from the outbox: only to a number that agreed to texts about its request and has
//! not stopped them, never at night unless it is about an emergency, at most the day's limit to one
//! number, and never longer than two SMS. What the provider took goes into the request's thread.

use std::time::Duration;

use jiff::{ToSpan as _, civil::Time};

use super::{
    Undeliverable, consent,
    segments::{MAX_SEGMENTS, segments},
    thread::{self, Outgoing, TextStatus},
};
use crate::{
    clock::At,
    delivery::{BookingMessage, Outbox, Purpose, Sent},
    domain::Phone,
};

/// Texts that are not about an emergency go out between these hours on the shop's clock.
const DAY_STARTS: Time = Time::constant(8, 0, 0, 0);
const DAY_ENDS: Time = Time::constant(21, 0, 0, 0);

/// The purposes of the texts that answer a customer's keyword: they go at once, whatever the hour,
/// and the answer to a stop goes to the number that just stopped (one confirmation is allowed).
pub const ANSWERS: [&str; 3] = ["stopped", "started", "help"];

impl Outbox {
    pub(in crate::delivery) async fn text(
        &self,
        message: &BookingMessage,
        purpose: Purpose,
    ) -> anyhow::Result<Sent> {
        let sender = self.text.as_ref().ok_or_else(|| anyhow::anyhow!("text delivery is not configured"))?;
        let phone = match Phone::parse(&message.phone) {
            Ok(phone) => phone.e164(),
            Err(_) => return Ok(Sent::Stale("the request's phone is not a US number")),
        };
        let written = match purpose {
            Purpose::Text(id) => match thread::written(&self.reader, id).await? {
                Some(written) => Some(written),
                None => return Ok(Sent::Stale("the text was removed")),
            },
            _ => None,
        };
        let answer = written.as_ref().is_some_and(|w| ANSWERS.contains(&w.purpose.as_str()));
        if !answer && !consent::may_text(&self.reader, &phone, message.booking_id).await? {
            return Ok(Sent::Stale("the customer has not agreed to texts, or stopped them"));
        }
        let zone = self.site.content().business.zone();
        if !answer && !message.emergency {
            let now = self.db.clock.now().to_zoned(zone.clone());
            if now.time() < DAY_STARTS || now.time() >= DAY_ENDS {
                let day = if now.time() < DAY_STARTS { now.date() } else { now.date() + 1.day() };
                let morning = day.to_datetime(DAY_STARTS).to_zoned(zone)?.timestamp();
                return Ok(Sent::Later(At::from(morning)));
            }
        }
        let limit = super::DAILY_LIMIT;
        let day_ago = self.db.clock.stamp_before(Duration::from_secs(24 * 3600));
        if !answer && thread::sent_since(&self.reader, &phone, day_ago).await? >= i64::from(limit) {
            return Ok(Sent::Stale("the day's limit of texts to this number was reached"));
        }
        let body = match &written {
            Some(written) => written.body.clone(),
            None => match self.messages.visitor_text(message.booking_id, purpose).await? {
                Ok(body) => body,
                Err(why) => return Ok(Sent::Stale(why)),
            },
        };
        anyhow::ensure!(
            segments(&body).count() <= MAX_SEGMENTS,
            "the text would take more than {MAX_SEGMENTS} SMS: {body}"
        );
        let accepted = match sender.send(&phone, &body).await {
            Ok(accepted) => accepted,
            Err(error) => match error.downcast::<Undeliverable>() {
                Ok(refused) => {
                    if let Some(written) = &written {
                        thread::refused(&self.db, written.id, refused.code).await?;
                    }
                    tracing::info!(
                        booking = message.booking_id,
                        code = refused.code,
                        "text refused: {}",
                        refused.message
                    );
                    return Ok(Sent::Stale(
                        "the provider refused the number (it stopped texts, or cannot take them)",
                    ));
                }
                Err(error) => return Err(error),
            },
        };
        let status = thread::TextStatus::from_provider(&accepted.status).unwrap_or(TextStatus::Queued);
        match &written {
            Some(written) => thread::taken(&self.db, written.id, &accepted.sid, status).await?,
            None => {
                let purpose = purpose.key();
                let outgoing = Outgoing {
                    booking_id: Some(message.booking_id),
                    phone: &phone,
                    body: &body,
                    purpose: &purpose,
                    by_email: None,
                    sid: &accepted.sid,
                    status,
                };
                thread::record_sent(&self.db, &outgoing).await?;
            }
        }
        Ok(Sent::Delivered)
    }
}
