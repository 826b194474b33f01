//! What the messages of a sent quote read and leave: the request's contact details, and whether
//! the quote's e-mail went out and when its reminder did, and the reminder's text.

use crate::booking::shared_store::{BookingStatements as _, Contact};
use crate::db::Db;
use crate::delivery::text::thread::TextWrites as _;
use crate::schedule::links::{LinkWrites as _, Unsaved};
use crate::with_db;

/// The request's contact details, for the quote's messages (none for spam or no request).
pub async fn contact(db: &Db, booking: i64) -> anyhow::Result<Option<Contact>> {
    Ok(with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.contact(booking).await?
    }))
}

/// Quote `id`'s e-mail was handed to the mail server.
pub async fn emailed(db: &Db, id: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE quotes SET emailed_at = $2, email_error = NULL WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Quote `id`'s reminder went to the customer.
pub async fn reminded(db: &Db, id: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE quotes SET reminded_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Quote `id`'s e-mail could not be sent, for `error`, after its last try.
pub async fn email_failed(db: &Db, id: i64, error: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("UPDATE quotes SET email_error = $2 WHERE id = $1")
            .bind(id)
            .bind(error)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Writes the reminder text `body` with its `link` to `number` (E.164) in request `booking`'s
/// thread.
pub async fn text_reminder(
    db: &Db,
    booking: i64,
    number: &str,
    body: &str,
    link: &Unsaved,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tx.save_link(booking, link, &now).await?;
        tx.write_text(booking, number, body, "quote", None, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
