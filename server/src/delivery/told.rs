//! Who hears of a change to a request, as far as the server's channels are set up: the shop by
//! e-mail, and the customer by e-mail (with the calendar file that updates their event) and by
//! text when they agreed to texts about that request.

use std::future::Future;

use super::{BookingChannel, Channel, Purpose, store::OutboxWrites};
use crate::{clock::At, for_both_connections};

#[derive(Clone, Copy, Debug)]
pub struct Told {
    pub shop: bool,
    pub customer: bool,
    pub text: bool,
}

impl Told {
    /// Everyone `channels` reach.
    pub fn by(channels: &[BookingChannel]) -> Self {
        Self {
            shop: channels.contains(&BookingChannel::Email),
            customer: channels.contains(&BookingChannel::Confirmation),
            text: channels.contains(&BookingChannel::Text),
        }
    }

    /// Only the customer, by whatever reaches them: the shop made the change itself.
    pub fn customer_only(self) -> Self {
        Self { shop: false, ..self }
    }

    /// Whether anyone hears of it at all.
    pub fn anyone(self) -> bool {
        self.shop || self.customer || self.text
    }

    /// Queues `purpose`'s messages to request `id` in `tx`, due at `due`.
    pub async fn enqueue(
        self,
        tx: &mut (impl OutboxWrites + TextQueue),
        id: i64,
        purpose: Purpose,
        due: &At,
        now: &At,
    ) -> sqlx::Result<()> {
        if self.shop {
            tx.enqueue(id, BookingChannel::Email, purpose, due, now).await?;
        }
        if self.customer {
            tx.enqueue(id, BookingChannel::Confirmation, purpose, due, now).await?;
        }
        if self.text {
            tx.enqueue_text(id, purpose, due, now).await?;
        }
        Ok(())
    }
}

/// The customer's text of a change, written inside the caller's transaction.
pub trait TextQueue {
    /// A text of `purpose` to request `booking_id`, due at `due`, when the customer agreed to
    /// texts about it (whether they stopped since is asked when it is sent).
    fn enqueue_text(
        &mut self,
        booking_id: i64,
        purpose: Purpose,
        due: &At,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl TextQueue {
    async fn enqueue_text(&mut self, booking_id: i64, purpose: Purpose, due: &At, now: &At) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO deliveries (booking_id, channel, purpose, next_attempt_at, created_at)
             SELECT $1, $5, $2, $3, $4
             WHERE EXISTS (SELECT 1 FROM text_consents WHERE booking_id = $1 AND given)
             ON CONFLICT DO NOTHING",
        )
        .bind(booking_id)
        .bind(purpose.key())
        .bind(due)
        .bind(now)
        .bind(Channel::Text)
        .execute(&mut *self)
        .await?;
        Ok(())
    }
});
