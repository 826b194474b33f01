//! A customer's quotes and invoices when their record changes hands: moved with a merge, and
//! cleared of what they say of the person when the customer's data is erased. The documents
//! themselves stay (their numbers, lines, amounts and payments are the shop's books); what goes
//! is the name typed as a signature, the address and browser it came from, the changes asked in
//! their words, the notes written to them and the notes of their payments.

use std::future::Future;

use crate::for_both_connections;

/// Statements on a customer's documents, inside the caller's transaction (a merge, an erasure).
pub trait DocumentWrites {
    /// Moves customer `from`'s quotes and invoices to customer `into`.
    fn move_documents(&mut self, from: i64, into: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Erases what customer `customer`'s quotes, their answers, invoices and payments say of the
    /// person, with `erased` where a signature was.
    fn erase_documents_of(
        &mut self,
        customer: i64,
        erased: &str,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl DocumentWrites {
    async fn move_documents(&mut self, from: i64, into: i64) -> sqlx::Result<()> {
        for sql in [
            "UPDATE quotes SET customer_id = $2 WHERE customer_id = $1",
            "UPDATE invoices SET customer_id = $2 WHERE customer_id = $1",
        ] {
            sqlx::query(sql).bind(from).bind(into).execute(&mut *self).await?;
        }
        Ok(())
    }

    async fn erase_documents_of(&mut self, customer: i64, erased: &str) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE quote_answers SET name = CASE WHEN name IS NULL THEN NULL ELSE $2 END,
                 message = CASE WHEN message IS NULL THEN NULL ELSE '' END, address = '', agent = ''
             WHERE quote_id IN (SELECT id FROM quotes WHERE customer_id = $1)",
        )
        .bind(customer)
        .bind(erased)
        .execute(&mut *self)
        .await?;
        for sql in [
            "UPDATE quotes SET message = '' WHERE customer_id = $1",
            "UPDATE invoices SET message = '' WHERE customer_id = $1",
            "UPDATE payments SET note = '' WHERE quote_id IN (SELECT id FROM quotes WHERE customer_id = $1)
                 OR invoice_id IN (SELECT id FROM invoices WHERE customer_id = $1)",
        ] {
            sqlx::query(sql).bind(customer).execute(&mut *self).await?;
        }
        Ok(())
    }
});
