//! The outbox's part of escalation: firing an emergency's beats as they come due (the
//! `escalation::Beats` job), and sending a member's page of a beat, by text to their phone or by
//! e-mail.

use std::sync::Arc;

use super::{
    BookingMessage, Outbox, Purpose, Sent,
    text::{
        self,
        handover::{self, Draft, Taken},
        outgoing::taken_before,
        status::TextStatus,
    },
};
use crate::{
    auth::users,
    changes::{self, Change},
    error::caught,
    on_call::{
        self,
        escalation::{self, Beats, PageBy},
        steps,
    },
    queue::{Job, Ran},
};

/// How long a beat that failed to fire waits before it is tried again.
const RETRY: std::time::Duration = std::time::Duration::from_secs(30);

impl Job for Beats {
    const KIND: &'static str = "escalation-beats";
    type Context = Arc<Outbox>;

    async fn run(self, outbox: Arc<Outbox>) -> anyhow::Result<Ran> {
        outbox.escalate(self.booking_id).await
    }
}

impl Outbox {
    /// Fires emergency `booking_id`'s next beat if it is due (in its own transaction, once,
    /// whichever instance is first); when the job is to run next: at the beat after, or never
    /// once the escalation stopped. A beat that cannot fire is tried again every `RETRY`, never
    /// given up: an emergency is not left unescalated by a fault.
    async fn escalate(&self, booking_id: i64) -> anyhow::Result<Ran> {
        let now = self.db.clock.stamp();
        let Some((step, due)) = escalation::next_beat(&self.db, booking_id).await? else {
            return Ok(Ran::Done);
        };
        if due > now {
            return Ok(Ran::Later(due));
        }
        let slot = on_call::rota::slot(now.timestamp(), &self.site.content().business.zone());
        match caught("escalation step", escalation::fire(&self.db, booking_id, step, slot, self.page_by()))
            .await
        {
            Ok(true) => {
                tracing::info!(booking = booking_id, step, "escalated: nobody has answered yet");
                changes::announce_everywhere(&self.db, &self.changes, Change::Desk).await;
                self.wake();
            }
            Ok(false) => {}
            Err(error) => {
                // The other emergencies' beats go on meanwhile.
                tracing::error!(booking = booking_id, step, "an escalation step could not fire: {error:#}");
                return Ok(Ran::Later(self.db.clock.stamp_after(RETRY)));
            }
        }
        Ok(match escalation::next_beat(&self.db, booking_id).await? {
            Some((_, due)) => Ran::Later(due),
            None => Ran::Done,
        })
    }

    /// How long after a new request its escalation's first step comes, if it escalates (read
    /// from a reader): an emergency always; an urgent request that arrived while the shop is
    /// open (`urgent_in_shop_hours`) when the owner chose so.
    pub async fn escalation_starts_after(
        &self,
        emergency: bool,
        urgent_in_shop_hours: bool,
    ) -> anyhow::Result<Option<std::time::Duration>> {
        if !emergency && !urgent_in_shop_hours {
            return Ok(None);
        }
        let steps = steps::get(&self.reader).await?;
        Ok((emergency || steps.urgent_in_shop_hours).then(|| steps.next(0).1))
    }

    /// How a step's people are told besides their devices: by text when texts are set up, else
    /// by e-mail.
    fn page_by(&self) -> PageBy {
        match (self.text.is_some(), self.email.is_some()) {
            (true, email) => PageBy::Text { email },
            (false, true) => PageBy::Email,
            (false, false) => PageBy::Nothing,
        }
    }

    /// Sends member `member` the page of booking `message`'s escalation step (`purpose`), by text
    /// or by e-mail.
    pub(super) async fn page(
        &self,
        message: &BookingMessage,
        purpose: Purpose,
        member: i64,
        by_text: bool,
    ) -> anyhow::Result<Sent> {
        let Some(paged) = users::reachable(&self.reader, member).await? else {
            self.page_failed(message.booking_id).await?;
            return Ok(Sent::Stale("the member was removed from the team"));
        };
        let (subject, body) = self.messages.shop_notice(message, purpose).await?;
        if !by_text {
            let sender =
                self.email.as_ref().ok_or_else(|| anyhow::anyhow!("email delivery is not configured"))?;
            sender.direct(&paged.email, &subject, body).await?;
            return Ok(Sent::Delivered);
        }
        let sender = self.text.as_ref().ok_or_else(|| anyhow::anyhow!("text delivery is not configured"))?;
        let Some(phone) = paged.phone else {
            self.page_failed(message.booking_id).await?;
            return Ok(Sent::Stale("the member has no mobile number"));
        };
        let key = purpose.key();
        // An earlier try whose instance died before it heard back may have reached the provider:
        // it is asked first.
        let written = handover::unsent(&self.reader, message.booking_id, &key).await?;
        if let Some(written) = written.as_ref().filter(|w| w.sending)
            && let Some(listed) = taken_before(sender, &self.reader, &phone, &written.body).await?
        {
            let status = TextStatus::from_provider(&listed.status).unwrap_or(TextStatus::Queued);
            return Ok(Sent::Texted(Taken { id: written.id, sid: listed.sid, status }));
        }
        let draft = Draft {
            booking_id: message.booking_id,
            phone: &phone,
            body: &body,
            purpose: &key,
            member: Some(member),
        };
        let id = handover::write(&self.db, &draft, written.map(|w| w.id)).await?;
        match handover::send(&self.db, sender, id, &phone, &body).await? {
            Ok(taken) => Ok(Sent::Texted(taken)),
            Err(refused) => {
                self.page_failed(message.booking_id).await?;
                Ok(Sent::Undelivered(text::explain(&refused.code.to_string())))
            }
        }
    }

    /// A page of booking `booking_id`'s escalation did not reach its member: the next beat goes
    /// at once, to the next people.
    pub async fn page_failed(&self, booking_id: i64) -> anyhow::Result<()> {
        escalation::hurry(&self.db, booking_id).await?;
        self.wake();
        Ok(())
    }
}
