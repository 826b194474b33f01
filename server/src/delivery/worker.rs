//! The delivery worker: claims what is due (on any instance, one at a time per row), sends it,
//! and marks it sent, failed (to retry with a growing wait) or dead; sleeps until the next row is
//! due or it is woken.

use std::{sync::Arc, time::Duration};

use sqlx::{PgPool, postgres::PgListener};
use tokio::sync::watch;

use super::{Outbox, Outgoing, Sent, store};
use crate::{clock, db::Pool, metrics};

/// Longest wait between two retries of one delivery.
const MAX_BACKOFF: Duration = Duration::from_secs(6 * 60 * 60);
/// The worker looks for due rows at least this often, even when nothing wakes it (and at least
/// twice per lease, so a delivery another instance left behind is resumed soon after its lease).
const IDLE_POLL: Duration = Duration::from_secs(30);

impl Outbox {
    /// Runs the worker until `stop`: delivers what is due, then sleeps until the next row is due
    /// or it is woken (by this instance, or on PostgreSQL by another that released a delivery).
    pub async fn run(self: Arc<Self>) {
        let releases = match &self.db.pool {
            Pool::Postgres(pool) => Some(tokio::spawn(Arc::clone(&self).hear_releases(pool.clone()))),
            Pool::Sqlite(_) => None,
        };
        loop {
            if let Err(error) = self.deliver_due().await {
                tracing::error!("The delivery worker failed: {error:#}");
            }
            let wait = match store::next_due(&self.db).await {
                Ok(Some(at)) => clock::instant(&at)
                    .map(|at| {
                        Duration::try_from(at.duration_since(self.db.clock.now())).unwrap_or(Duration::ZERO)
                    })
                    .unwrap_or(Duration::ZERO)
                    .min(self.idle_poll()),
                Ok(None) | Err(_) => self.idle_poll(),
            };
            tokio::select! {
                () = self.wake.notified() => {}
                () = self.db.clock.sleep(wait) => {}
                () = self.stopped() => break,
            }
        }
        if let Some(releases) = releases {
            releases.abort();
        }
    }

    /// Wakes the worker whenever another instance releases a delivery (runs until aborted).
    async fn hear_releases(self: Arc<Self>, pool: PgPool) {
        loop {
            let error = self.listen_for_releases(&pool).await;
            tracing::warn!("Cannot hear other instances' released deliveries: {error}");
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    /// Listens until the connection fails; answers why it did.
    async fn listen_for_releases(&self, pool: &PgPool) -> sqlx::Error {
        let mut listener = match PgListener::connect_with(pool).await {
            Ok(listener) => listener,
            Err(error) => return error,
        };
        if let Err(error) = listener.listen(store::RELEASED_CHANNEL).await {
            return error;
        }
        loop {
            match listener.recv().await {
                Ok(_) => self.wake(),
                Err(error) => return error,
            }
        }
    }

    fn idle_poll(&self) -> Duration {
        IDLE_POLL.min(self.lease / 2)
    }

    /// Sends every delivery that is due now; returns how many were attempted.
    pub async fn deliver_due(&self) -> anyhow::Result<usize> {
        let mut attempted = 0;
        while !*self.stopping.borrow() {
            let _sending = Sending::start(&self.sending);
            let Some(claimed) = store::claim_due(&self.db, self.lease).await? else { break };
            attempted += 1;
            let result = tokio::select! {
                result = self.send(&claimed) => result,
                () = self.stopped() => {
                    store::release(&self.db, claimed.id).await?;
                    tracing::info!(delivery = claimed.id, "stopping: released the delivery being sent");
                    break;
                }
            };
            let attempts = claimed.attempts + 1;
            let channel = claimed.channel.as_str();
            let purpose = claimed.purpose.key();
            let (booking, test) = match &claimed.outgoing {
                Outgoing::Booking(message) => (Some(message.booking_id), None),
                Outgoing::Test(test) => (None, Some(test.id)),
                Outgoing::Composed(_) => (None, None),
            };
            match result {
                Ok(Sent::Delivered) => {
                    store::mark_sent(&self.db, claimed.id, attempts).await?;
                    metrics::delivery(channel, "sent");
                    tracing::info!(?booking, ?test, channel, purpose, attempts, "delivered");
                }
                Ok(Sent::Stale(why)) => {
                    store::mark_cancelled(&self.db, claimed.id, why).await?;
                    tracing::info!(?booking, channel, purpose, "not sent: {why}");
                }
                Err(error) => {
                    let error = format!("{error:#}");
                    if attempts >= self.max_attempts {
                        store::mark_dead(&self.db, claimed.id, attempts, &error).await?;
                        metrics::delivery(channel, "dead");
                        tracing::warn!(
                            ?booking,
                            ?test,
                            channel,
                            purpose,
                            attempts,
                            "delivery is dead: {error}"
                        );
                    } else {
                        let retry_in = backoff(self.retry_base, attempts);
                        store::mark_failed(&self.db, claimed.id, attempts, &error, retry_in).await?;
                        metrics::delivery(channel, "failed");
                        tracing::warn!(
                            ?booking,
                            ?test,
                            channel,
                            purpose,
                            attempts,
                            ?retry_in,
                            "delivery failed: {error}"
                        );
                    }
                }
            }
        }
        Ok(attempted)
    }

    /// Sends everything due now, here or by the worker, and returns once none is being sent: what
    /// a test waits on instead of polling for the messages to arrive.
    pub async fn settle(&self) -> anyhow::Result<()> {
        let mut sending = self.sending.subscribe();
        loop {
            self.deliver_due().await?;
            sending.wait_for(|count| *count == 0).await?;
            let next = store::next_due(&self.db).await?.and_then(|at| clock::instant(&at));
            if next.is_none_or(|at| at > self.db.clock.now()) {
                return Ok(());
            }
        }
    }
}

/// A delivery being claimed or sent, counted while it lives.
struct Sending<'a>(&'a watch::Sender<usize>);

impl<'a> Sending<'a> {
    fn start(count: &'a watch::Sender<usize>) -> Self {
        count.send_modify(|count| *count += 1);
        Self(count)
    }
}

impl Drop for Sending<'_> {
    fn drop(&mut self) {
        self.0.send_modify(|count| *count -= 1);
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
