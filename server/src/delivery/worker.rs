//! The delivery worker: claims what is due (on any instance, one at a time per row), sends it,
//! and marks it sent, failed (to retry with a growing wait) or dead; sleeps until the next row is
//! due or it is woken.

use std::{
    collections::HashMap,
    sync::{Arc, atomic::Ordering},
    time::Duration,
};

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use tokio::task::JoinSet;

use super::{Channel, Outbox, Purpose, Sent, outcome, store, text::received};
use crate::{db::Pool, error::caught, metrics, queue::notices};

/// Longest wait between two retries of one delivery.
const MAX_BACKOFF: Duration = Duration::from_secs(6 * 60 * 60);
/// The worker looks for due rows at least this often, even when nothing wakes it (and at least
/// twice per lease, so a delivery another instance left behind is resumed soon after its lease).
const IDLE_POLL: Duration = Duration::from_secs(30);
/// The longest the worker waits for a gap between visitors' requests before it claims anyway.
const YIELD_AT_MOST: Duration = Duration::from_millis(250);
/// How often the worker looks whether the visitors' requests it yields to are stored.
const INTAKE_POLL: Duration = Duration::from_millis(1);

impl Outbox {
    /// Runs the worker until `stop`: delivers what is due, then sleeps until the next row is due
    /// or it is woken (by this instance, or on PostgreSQL by another that released a delivery:
    /// `hear_releases`). Runs under the supervisor, which starts it again after a panic.
    pub async fn run(self: Arc<Self>) {
        loop {
            if let Err(error) = self.deliver_due().await {
                tracing::error!("The delivery worker failed: {error:#}");
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = self.until_next_due(Channel::ALL) => {}
                () = self.stopped() => break,
            }
        }
    }

    /// On PostgreSQL, wakes the worker whenever another instance releases a delivery (runs until
    /// aborted); on SQLite only this process delivers, and it returns at once.
    pub async fn hear_releases(self: Arc<Self>) {
        let Pool::Postgres(pool) = &self.db.pool else { return };
        notices::hear(pool, store::RELEASED_CHANNEL, "other instances' released deliveries", || self.wake())
            .await;
    }

    fn idle_poll(&self) -> Duration {
        IDLE_POLL.min(self.lease / 2)
    }

    /// Sends every delivery that is due now, each channel `Channel::at_once` at a time, and
    /// returns once all are done (or released, when the server is stopping); returns how many
    /// were attempted.
    pub async fn deliver_due(self: &Arc<Self>) -> anyhow::Result<usize> {
        let mut attempted = 0;
        let mut sending: JoinSet<()> = JoinSet::new();
        // The channel of each delivery being sent, by its task.
        let mut channels: HashMap<tokio::task::Id, Channel> = HashMap::new();
        loop {
            let stopping = *self.stopping.borrow();
            let open: Vec<Channel> =
                Channel::ALL.iter().copied().filter(|channel| room(*channel, &channels) > 0).collect();
            let mut queued_any = false;
            if !stopping {
                self.yield_to_intake().await;
                // The "received" texts of the requests stored meanwhile are due as they are
                // queued: they are claimed next.
                queued_any = self.queue_received_texts().await;
            }
            let claiming = Sending::start(self);
            let claimed = if stopping { Ok(Vec::new()) } else { self.claim(&open, &channels).await };
            drop(claiming);
            let claimed = match claimed {
                Ok(claimed) => claimed,
                Err(error) => {
                    // What is being sent is finished (never cut off) before the error goes up.
                    while sending.join_next().await.is_some() {}
                    return Err(error);
                }
            };
            let claimed_any = !claimed.is_empty();
            for (channel, claimed) in claimed {
                attempted += 1;
                let counted = Sending::start(self);
                let outbox = Arc::clone(self);
                let task = sending.spawn(async move {
                    if let Err(error) = outbox.deliver(claimed).await {
                        tracing::error!("A delivery could not be recorded: {error:#}");
                    }
                    drop(counted);
                });
                channels.insert(task.id(), channel);
            }
            if claimed_any || queued_any {
                continue;
            }
            // Nothing more can be claimed now: stop when none is being sent; else wait for one to
            // end (its channel may have more), for new work, or for the next due time.
            if sending.is_empty() {
                break;
            }
            let ended = if stopping {
                sending.join_next_with_id().await
            } else {
                tokio::select! {
                    ended = sending.join_next_with_id() => ended,
                    () = self.wake.notified() => continue,
                    () = self.until_next_due(&open) => continue,
                }
            };
            let id = match ended {
                Some(Ok((id, ()))) => id,
                Some(Err(error)) => {
                    // A panic while recording how a send went (a panic in the send itself is
                    // its failure): its lease runs out and it is sent again.
                    tracing::error!("A delivery's task failed: {error}");
                    error.id()
                }
                None => break,
            };
            channels.remove(&id);
        }
        Ok(attempted)
    }

    /// Waits until no visitor's request is being stored here, for `YIELD_AT_MOST` at most: the
    /// requests come first (on SQLite they share one writer with the outbox, and everywhere the
    /// processor), so a burst of them is taken at full speed and its messages follow it. It looks
    /// every `INTAKE_POLL` rather than being woken by each request, which would cost each one.
    async fn yield_to_intake(&self) {
        let until = tokio::time::Instant::now() + YIELD_AT_MOST;
        while self.intake.load(Ordering::Relaxed) > 0 && tokio::time::Instant::now() < until {
            tokio::time::sleep(INTAKE_POLL).await;
        }
    }

    /// Queues the "received" texts of requests stored since the last time, when there are any
    /// (looked for on a reader, so the one writer is taken only for work); whether it queued any.
    /// Counted as a send, so `settle` waits for texts another worker is queuing.
    async fn queue_received_texts(self: &Arc<Self>) -> bool {
        let _queuing = Sending::start(self);
        let queued = caught("received texts", async {
            match received::any_waiting(&self.reader).await? {
                false => Ok(0),
                true => received::queue_waiting(&self.db).await,
            }
        })
        .await;
        queued.unwrap_or_else(|error| {
            tracing::error!("Requests' \"received\" texts could not be queued: {error:#}");
            0
        }) > 0
    }

    /// Claims what is due on the `open` channels, as many of each as there is room for beside
    /// those `busy` sends. Which have something due is read first (on SQLite, from a reader), so a
    /// claim takes the one writer only when there is something to claim.
    async fn claim(
        &self,
        open: &[Channel],
        busy: &HashMap<tokio::task::Id, Channel>,
    ) -> anyhow::Result<Vec<(Channel, store::Claimed)>> {
        let now = self.db.clock.stamp();
        let mut claimed = Vec::new();
        for (channel, due) in store::earliest_due(&self.reader, open).await? {
            if due <= now {
                let rows =
                    store::claim_due((&self.db, &self.reader), self.lease, channel, room(channel, busy))
                        .await?;
                claimed.extend(rows.into_iter().map(|row| (channel, row)));
            }
        }
        Ok(claimed)
    }

    /// Waits until the next delivery on one of `channels` is due (at most the idle poll).
    async fn until_next_due(&self, channels: &[Channel]) {
        let wait = match store::next_due(&self.reader, channels).await {
            Ok(Some(at)) => Duration::try_from(at.timestamp().duration_since(self.db.clock.now()))
                .unwrap_or(Duration::ZERO)
                .min(self.idle_poll()),
            Ok(None) | Err(_) => self.idle_poll(),
        };
        self.db.clock.sleep(wait).await;
    }

    /// Sends `claimed` and records how it went (released, when the server is told to stop).
    async fn deliver(&self, claimed: store::Claimed) -> anyhow::Result<()> {
        let result = tokio::select! {
            result = caught("delivery", self.send(&claimed)) => result,
            () = self.stopped() => {
                store::release(&self.db, claimed.id).await?;
                tracing::info!(delivery = claimed.id, "stopping: released the delivery being sent");
                return Ok(());
            }
        };
        let attempts = claimed.attempts + 1;
        let channel = claimed.delivery.channel().as_str();
        let purpose = claimed.purpose.key();
        let (booking, test) = claimed.delivery.about();
        match result {
            Ok(sent @ (Sent::Delivered | Sent::Texted(_))) => {
                let also = match sent {
                    Sent::Texted(taken) => outcome::AlsoSent::Text(taken),
                    _ => {
                        claimed.delivery.device().map_or(outcome::AlsoSent::Nothing, outcome::AlsoSent::Push)
                    }
                };
                outcome::mark_sent(&self.db, claimed.id, attempts, also).await?;
                metrics::delivery(channel, "sent");
                tracing::info!(?booking, ?test, channel, purpose, attempts, "delivered");
            }
            Ok(Sent::Stale(why)) => {
                outcome::mark_cancelled(&self.db, claimed.id, why).await?;
                tracing::info!(?booking, channel, purpose, "not sent: {why}");
            }
            Ok(Sent::Undelivered(why)) => {
                outcome::mark_dead(&self.db, claimed.id, attempts, why).await?;
                metrics::delivery(channel, "dead");
                tracing::info!(?booking, channel, purpose, "will not get through: {why}");
            }
            Ok(Sent::Later(at)) => {
                outcome::postpone(&self.db, claimed.id, at).await?;
                tracing::info!(?booking, channel, purpose, %at, "held back until then");
            }
            Err(error) => {
                let error = format!("{error:#}");
                if attempts >= self.max_attempts {
                    outcome::mark_dead(&self.db, claimed.id, attempts, &error).await?;
                    if let (Purpose::Page { .. }, Some(booking)) = (claimed.purpose, booking) {
                        self.page_failed(booking).await?;
                    }
                    metrics::delivery(channel, "dead");
                    tracing::warn!(?booking, ?test, channel, purpose, attempts, "delivery is dead: {error}");
                } else {
                    let retry_in = jittered(backoff(self.retry_base, attempts), OsRng.next_u32());
                    outcome::mark_failed(&self.db, claimed.id, attempts, &error, retry_in).await?;
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
        Ok(())
    }

    /// Sends everything due now, here or by the worker, and returns once none is being sent: what
    /// a test waits on instead of polling for the messages to arrive. How many tries it made here.
    pub async fn settle(self: &Arc<Self>) -> anyhow::Result<usize> {
        let mut sending = self.sending.subscribe();
        let mut attempted = 0;
        loop {
            attempted += self.deliver_due().await?;
            sending.wait_for(|count| *count == 0).await?;
            let next = store::next_due(&self.db, Channel::ALL).await?;
            if next.is_none_or(|at| at > self.db.clock.stamp()) {
                return Ok(attempted);
            }
        }
    }
}

/// How many more deliveries of `channel` may be sent now, beside those `busy` sends.
fn room(channel: Channel, busy: &HashMap<tokio::task::Id, Channel>) -> usize {
    channel.at_once().saturating_sub(busy.values().filter(|sent| **sent == channel).count())
}

/// Deliveries being queued, claimed or sent, counted while it lives.
struct Sending(Arc<Outbox>);

impl Sending {
    fn start(outbox: &Arc<Outbox>) -> Self {
        outbox.sending.send_modify(|count| *count += 1);
        Self(Arc::clone(outbox))
    }
}

impl Drop for Sending {
    fn drop(&mut self) {
        self.0.sending.send_modify(|count| *count -= 1);
    }
}

fn backoff(base: Duration, attempts: u32) -> Duration {
    base.saturating_mul(1 << attempts.saturating_sub(1).min(20)).min(MAX_BACKOFF)
}

/// `wait` spread by up to a fifth either way, by `random`: deliveries that failed together (a
/// provider's outage) are not all tried again at the same moment.
fn jittered(wait: Duration, random: u32) -> Duration {
    let spread = f64::from(random) / f64::from(u32::MAX) * 0.4 - 0.2;
    wait.mul_f64(1.0 + spread)
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

    #[test]
    fn a_retry_is_spread_by_up_to_a_fifth_either_way() {
        let wait = Duration::from_secs(100);
        assert_eq!(jittered(wait, 0), Duration::from_secs(80));
        assert_eq!(jittered(wait, u32::MAX), Duration::from_secs(120));
        assert_eq!(jittered(wait, u32::MAX / 2).as_secs(), 99);
    }
}
