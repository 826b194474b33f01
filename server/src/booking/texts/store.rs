//! A text the owner sends from a request's page, stored: the text queued with the response it is,
//! in one transaction.

use crate::booking::events::{Contact, Event, EventWrites as _};
use crate::{audit::Actor, db::Db, delivery::text::thread::TextWrites as _, with_db};

/// The phone booking `id`'s customer gave, as typed; None when there is no such booking.
pub async fn phone(db: &Db, id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT phone FROM bookings WHERE id = $1").bind(id).fetch_optional(pool).await?
    }))
}

/// Queues `body` to `number` (E.164) about booking `id` as a text `purpose` by `actor`, with the
/// text tap in the request's history (a response to it).
pub async fn queue(
    db: &Db,
    id: i64,
    number: &str,
    body: &str,
    purpose: &str,
    actor: &Actor<'_>,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tx.record_event(id, Event::Contact(Contact::Text), actor.email, &now).await?;
        tx.write_text(id, number, body, purpose, Some(actor.email), &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
