//! What the messages of a sent quote or invoice read and leave: the request's contact details,
//! whether its e-mail went out and when its reminder did, and the reminder's text.

use super::payment::PaidFor;
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

/// The table of `document`'s kind.
fn table(document: PaidFor) -> &'static str {
    match document {
        PaidFor::Quote(_) => "quotes",
        PaidFor::Invoice(_) => "invoices",
    }
}

/// The e-mail of `document` was handed to the mail server.
pub async fn emailed(db: &Db, document: PaidFor) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    let sql = format!("UPDATE {} SET emailed_at = $2, email_error = NULL WHERE id = $1", table(document));
    with_db!(db, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(document.id()).bind(now).execute(pool).await?;
    });
    Ok(())
}

/// The reminder of `document` went to the customer.
pub async fn reminded(db: &Db, document: PaidFor) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    let sql = format!("UPDATE {} SET reminded_at = $2 WHERE id = $1", table(document));
    with_db!(db, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(document.id()).bind(now).execute(pool).await?;
    });
    Ok(())
}

/// The e-mail of `document` could not be sent, for `error`, after its last try.
pub async fn email_failed(db: &Db, document: PaidFor, error: &str) -> anyhow::Result<()> {
    let sql = format!("UPDATE {} SET email_error = $2 WHERE id = $1", table(document));
    with_db!(db, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(document.id()).bind(error).execute(pool).await?;
    });
    Ok(())
}

/// Writes the reminder text `body` of `document` with its `link` to `number` (E.164) in request
/// `booking`'s thread.
pub async fn text_reminder(
    db: &Db,
    document: PaidFor,
    booking: i64,
    number: &str,
    body: &str,
    link: &Unsaved,
) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tx.save_link(booking, link, &now).await?;
        tx.write_text(booking, number, body, document.kind(), None, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
