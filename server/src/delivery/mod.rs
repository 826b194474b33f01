//! The outbox worker: sends each booking's pending deliveries (e-mail, webhook), retrying with
//! exponential backoff. Rows live in the database, so nothing is lost to a restart or an outage.

mod email;
mod store;
mod webhook;

use std::{sync::Arc, time::Duration};

use tokio::sync::Notify;

pub use email::EmailSettings;
pub use webhook::WebhookSettings;

use crate::{clock, db::Db};

/// Longest wait between two retries of one delivery.
const MAX_BACKOFF: Duration = Duration::from_secs(6 * 60 * 60);
/// The worker looks for due rows at least this often, even when nothing wakes it (and at least
/// twice per lease, so a delivery another instance left behind is resumed soon after its lease).
const IDLE_POLL: Duration = Duration::from_secs(30);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// The shop's notification e-mail.
    Email,
    Webhook,
    /// The visitor's copy, with the request number.
    Confirmation,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Webhook => "webhook",
            Self::Confirmation => "confirmation",
        }
    }

    fn parse(name: &str) -> Option<Self> {
        [Self::Email, Self::Webhook, Self::Confirmation].into_iter().find(|channel| channel.as_str() == name)
    }
}

pub struct DeliverySettings {
    pub email: Option<EmailSettings>,
    pub webhook: Option<WebhookSettings>,
    /// The wait before the first retry; each later retry waits twice as long.
    pub retry_base: Duration,
    /// After this many failed attempts a delivery is marked dead.
    pub max_attempts: u32,
    /// How long a claimed delivery is reserved for the instance that claimed it; if that
    /// instance dies mid-send, another sends it once the lease is over.
    pub lease: Duration,
}

/// What a channel sends: the booking's contact details and composed message.
pub struct Outgoing {
    pub booking_id: i64,
    /// The same for every attempt of one booking (its submission id): sent as the webhook's
    /// `Webhook-Id` and in the e-mail's Message-ID, so a receiver can drop a repeat.
    pub key: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    /// The visitor gave an emergency answer: the shop's subject says so.
    pub urgent: bool,
}

pub struct Outbox {
    db: Db,
    email: Option<email::EmailSender>,
    webhook: Option<webhook::WebhookSender>,
    retry_base: Duration,
    max_attempts: u32,
    lease: Duration,
    wake: Notify,
}

impl Outbox {
    pub fn new(db: Db, settings: DeliverySettings) -> anyhow::Result<Self> {
        Ok(Self {
            db,
            email: settings.email.map(email::EmailSender::new).transpose()?,
            webhook: settings.webhook.map(webhook::WebhookSender::new).transpose()?,
            retry_base: settings.retry_base,
            max_attempts: settings.max_attempts.max(1),
            lease: settings.lease,
            wake: Notify::new(),
        })
    }

    /// The channels a new booking is delivered to.
    pub fn channels(&self) -> Vec<Channel> {
        let mut channels = Vec::new();
        if self.email.is_some() {
            channels.extend([Channel::Email, Channel::Confirmation]);
        }
        if self.webhook.is_some() {
            channels.push(Channel::Webhook);
        }
        channels
    }

    /// Tells the worker that new deliveries are waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Runs the worker: delivers what is due, then sleeps until the next row is due or it is woken.
    pub async fn run(self: Arc<Self>) {
        loop {
            if let Err(error) = self.deliver_due().await {
                tracing::error!("The delivery worker failed: {error:#}");
            }
            let wait = match store::next_due(&self.db).await {
                Ok(Some(at)) => clock::parse(&at)
                    .map(|at| (at - time::OffsetDateTime::now_utc()).try_into().unwrap_or(Duration::ZERO))
                    .unwrap_or(Duration::ZERO)
                    .min(self.idle_poll()),
                Ok(None) | Err(_) => self.idle_poll(),
            };
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
            }
        }
    }

    fn idle_poll(&self) -> Duration {
        IDLE_POLL.min(self.lease / 2)
    }

    /// Sends every delivery that is due now; returns how many were attempted.
    pub async fn deliver_due(&self) -> anyhow::Result<usize> {
        let mut attempted = 0;
        while let Some(claimed) = store::claim_due(&self.db, self.lease).await? {
            attempted += 1;
            let result = match claimed.channel {
                Channel::Email => match &self.email {
                    Some(sender) => sender.notify_shop(&claimed.outgoing).await,
                    None => Err(anyhow::anyhow!("E-mail delivery is not configured")),
                },
                Channel::Confirmation => match &self.email {
                    Some(sender) => sender.confirm_to_visitor(&claimed.outgoing).await,
                    None => Err(anyhow::anyhow!("E-mail delivery is not configured")),
                },
                Channel::Webhook => match &self.webhook {
                    Some(sender) => sender.send(&claimed.outgoing).await,
                    None => Err(anyhow::anyhow!("Webhook delivery is not configured")),
                },
            };
            let attempts = claimed.attempts + 1;
            let channel = claimed.channel.as_str();
            let booking = claimed.outgoing.booking_id;
            match result {
                Ok(()) => {
                    store::mark_sent(&self.db, claimed.id, attempts).await?;
                    tracing::info!(booking, channel, attempts, "booking delivered");
                }
                Err(error) => {
                    let error = format!("{error:#}");
                    if attempts >= self.max_attempts {
                        store::mark_dead(&self.db, claimed.id, attempts, &error).await?;
                        tracing::warn!(booking, channel, attempts, "booking delivery is dead: {error}");
                    } else {
                        let retry_in = backoff(self.retry_base, attempts);
                        store::mark_failed(&self.db, claimed.id, attempts, &error, retry_in).await?;
                        tracing::warn!(
                            booking,
                            channel,
                            attempts,
                            ?retry_in,
                            "booking delivery failed: {error}"
                        );
                    }
                }
            }
        }
        Ok(attempted)
    }
}

/// The wait after the `attempts`-th failure: base, 2 x base, 4 x base, ... up to six hours.
fn backoff(base: Duration, attempts: u32) -> Duration {
    base.saturating_mul(1 << attempts.saturating_sub(1).min(20)).min(MAX_BACKOFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_and_is_capped() {
        let base = Duration::from_secs(30);
        assert_eq!(backoff(base, 1), Duration::from_secs(30));
        assert_eq!(backoff(base, 2), Duration::from_secs(60));
        assert_eq!(backoff(base, 4), Duration::from_secs(240));
        assert_eq!(backoff(base, 40), MAX_BACKOFF);
    }
}
