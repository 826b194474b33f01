//! A customer's personal data erased at their request, in one transaction with its audit line:
//! the record keeps its number, dates and history under `ERASED_NAME`; its numbers, addresses,
//! tags, notes, the trailers' VINs and plates, and what the requests and their quotes and
//! invoices say of the person go (see `booking::erasure` and `billing::customer_documents`), with
//! the texts, the links, the messages not sent yet and (by the job queue) the photos' files. The
//! consents and STOPs stay: they are the shop's proof of what the number agreed to; the
//! documents' numbers, lines and payments stay: they are the shop's books.

use super::store::{CustomerWrites as _, Refused, live_in};
use crate::{
    audit::{AuditWrites as _, Line},
    billing::customer_documents::DocumentWrites as _,
    booking::erasure::{ERASED_NAME, RequestErasure as _},
    db::Db,
    delivery::{store::OutboxWrites as _, text::conversation::ConversationWrites as _},
    domain::Phone,
    media::{Folder, forget::ForgetFiles},
    on_call::escalation::EscalationWrites as _,
    queue::JobWrites,
    schedule::links::LinkWrites as _,
    with_db,
};

/// Erases customer `id`'s personal data with `line` in the audit log, and queues the deletion of
/// their requests' photos (wake the job queue after); how many requests were erased. Refused for
/// a record merged away or erased already.
pub async fn erase(db: &Db, id: i64, line: &Line<'_>) -> anyhow::Result<Result<usize, Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = live_in(&mut *tx, id).await? {
            return Ok(Err(refused));
        }
        let numbers: Vec<String> =
            sqlx::query_scalar("SELECT national FROM customer_phones WHERE customer_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
        for number in numbers.iter().filter_map(|national| Phone::parse(national).ok()) {
            tx.erase_texts_with(&number.e164()).await?;
        }
        let (requests, photos) = tx.erase_requests_of(id, &now).await?;
        tx.erase_documents_of(id, ERASED_NAME).await?;
        for &request in &requests {
            tx.erase_texts_of(request).await?;
            tx.drop_waiting(request).await?;
            tx.stop_escalation(request, &now).await?;
            tx.end_links(request, None).await?;
        }
        for table in ["customer_phones", "customer_emails", "customer_tags"] {
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE customer_id = $1")))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE trailers SET vin = '', plate = '', plate_state = '', updated_at = $2 WHERE customer_id = $1")
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE customers SET name = $2, company = '', address = '', notes = '', erased_at = $3, updated_at = $3
             WHERE id = $1",
        )
        .bind(id)
        .bind(ERASED_NAME)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if !photos.is_empty() {
            let files = ForgetFiles { folder: Folder::BookingPhotos, names: photos };
            JobWrites::enqueue(&mut *tx, &files, None, &now, &now).await?;
        }
        tx.refresh_search(id).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(requests.len()))
    })
}
