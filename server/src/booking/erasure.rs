//! A customer's requests with what they say of the person erased, at the customer's request: the
//! name, contact details, typed words, places, photos (theirs and the team's) and notes go; the
//! request's number, dates, status, picked answers, time and history stay, so the shop's figures
//! and calendar hold.

use std::future::Future;

use crate::{clock::At, for_both_connections};

/// The name an erased request and customer are shown by.
pub const ERASED_NAME: &str = "Erased customer";

/// Statements that erase requests, inside the caller's transaction.
pub trait RequestErasure {
    /// Erases what customer `customer`'s requests say of the person; the requests' ids and the
    /// names of their photos, whose files the caller deletes once the transaction is kept.
    fn erase_requests_of(
        &mut self,
        customer: i64,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<(Vec<i64>, Vec<String>)>> + Send;
}

for_both_connections!(impl RequestErasure {
    async fn erase_requests_of(&mut self, customer: i64, now: &At) -> sqlx::Result<(Vec<i64>, Vec<String>)> {
        let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM bookings WHERE customer_id = $1 ORDER BY id")
            .bind(customer)
            .fetch_all(&mut *self)
            .await?;
        sqlx::query(
            "UPDATE bookings SET name = $2, email = '', phone = '', phone_national = NULL, details = '', message = '',
                 location = NULL, street_address = NULL, cancel_reason = NULL, client_ip = '', user_agent = NULL,
                 email_customer_id = NULL, updated_at = $3
             WHERE customer_id = $1",
        )
        .bind(customer)
        .bind(ERASED_NAME)
        .bind(now)
        .execute(&mut *self)
        .await?;
        let mut photos = Vec::new();
        for id in &ids {
            // What they typed goes; the options they picked stay (they say what the job was).
            sqlx::query("DELETE FROM booking_answers WHERE booking_id = $1 AND option_key IS NULL")
                .bind(id)
                .execute(&mut *self)
                .await?;
            sqlx::query("DELETE FROM booking_notes WHERE booking_id = $1").bind(id).execute(&mut *self).await?;
            sqlx::query("DELETE FROM booking_search WHERE booking_id = $1").bind(id).execute(&mut *self).await?;
            let names: Vec<String> = sqlx::query_scalar("DELETE FROM booking_photos WHERE booking_id = $1 RETURNING name")
                .bind(id)
                .fetch_all(&mut *self)
                .await?;
            photos.extend(names);
        }
        Ok((ids, photos))
    }
});
