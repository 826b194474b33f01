//! Invoices issued and voided: issuing a draft gives it the year's next number in the transaction
//! that issues it (so numbers have no gaps, and a deleted draft takes none), with its e-mail and
//! its one reminder as jobs of `invoice_mail` and its text written; the owner voids an issued one
//! with the reason while it holds no payment. An issued invoice is never deleted.

use super::invoice::InvoiceState;
use super::invoice_mail::{InvoiceReminder, InvoiceToCustomer, InvoiceVoided, REMINDER_AFTER, text_body};
use super::invoice_store::{InvoiceStatements as _, Refused, draft};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::store::NoteWrites as _;
use crate::clock::At;
use crate::delivery::text::thread::TextWrites as _;
use crate::domain::Money;
use crate::queue::JobWrites as _;
use crate::schedule::links::{LinkWrites as _, Unsaved};
use crate::{db::Db, with_db};

/// A draft on its way to the customer.
pub struct Issue<'a> {
    pub booking: i64,
    /// The shop's year, which numbers it.
    pub year: i16,
    pub due_at: At,
    /// What it comes to.
    pub total: Money,
    /// Whether it is e-mailed (a job, which makes the link when it sends).
    pub email: bool,
    /// The text to write, once it has its number.
    pub text: Option<IssueText>,
    /// The link the text carries.
    pub link: &'a Unsaved,
    /// Who issues it.
    pub by: &'a str,
}

/// The text that carries an invoice (`invoice_mail::text_body`).
pub struct IssueText {
    /// The customer's number (E.164).
    pub phone: String,
    pub shop: String,
    pub total: Money,
    /// The customer's link.
    pub url: String,
}

/// Issues draft `id` as `issue`: the year's next number, its dates, its e-mail and text, its
/// reminder for 7 days after it is due, a note in the request's history, and `line` in the audit
/// log, in one transaction; its number.
pub async fn issue(
    db: &Db,
    id: i64,
    issue: &Issue<'_>,
    line: &Line<'_>,
) -> anyhow::Result<Result<String, Refused>> {
    let now = db.clock.stamp();
    let remind_at: At =
        issue.due_at.timestamp().saturating_add(REMINDER_AFTER).map_err(anyhow::Error::from)?.into();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = draft(tx.state(id).await?) {
            return Ok(Err(refused));
        }
        // The year's next number, counted in the transaction: two copies issuing at once take
        // turns on the year's row, and a number is given only to an invoice that is issued.
        let count: i64 = sqlx::query_scalar(
            "INSERT INTO invoice_numbers (year, last) VALUES ($1, 1)
             ON CONFLICT (year) DO UPDATE SET last = invoice_numbers.last + 1 RETURNING last",
        )
        .bind(i64::from(issue.year))
        .fetch_one(&mut *tx)
        .await?;
        let number = format!("INV-{}-{count:04}", issue.year);
        sqlx::query(
            "UPDATE invoices SET state = $2, number = $3, issued_at = $4, due_at = $5, texted_at = $6, updated_at = $4,
                                 total = $7
             WHERE id = $1",
        )
        .bind(id)
        .bind(InvoiceState::Issued)
        .bind(&number)
        .bind(now)
        .bind(issue.due_at)
        .bind(issue.text.as_ref().map(|_| now))
        .bind(issue.total)
        .execute(&mut *tx)
        .await?;
        if issue.email {
            tx.enqueue(&InvoiceToCustomer { invoice: id }, Some(&format!("invoice-email-{id}")), &now, &now)
                .await?;
        }
        if let Some(text) = &issue.text {
            let body = text_body(&text.shop, &number, text.total, &text.url);
            tx.save_link(issue.booking, issue.link, &now).await?;
            tx.write_text(issue.booking, &text.phone, &body, "invoice", Some(issue.by), &now).await?;
        }
        tx.enqueue(
            &InvoiceReminder { invoice: id },
            Some(&format!("invoice-reminder-{id}")),
            &remind_at,
            &now,
        )
        .await?;
        tx.add_note(issue.booking, &format!("Invoice {number} sent to the customer."), issue.by, &now)
            .await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(number))
    })
}

/// Voids issued invoice `id` for `reason`, while the shop keeps nothing paid toward it, with a
/// note in the request's history, the e-mail that tells the customer and `line` in the audit log
/// (wake the job queue after).
pub async fn void(db: &Db, id: i64, reason: &str, line: &Line<'_>) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        match tx.state(id).await? {
            None => return Ok(Err(Refused::Gone)),
            Some(InvoiceState::Issued) => {}
            Some(_) => return Ok(Err(Refused::NotIssued)),
        }
        let kept: Money = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(amount - refunded), 0) AS BIGINT) FROM payments WHERE invoice_id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if kept > Money::ZERO {
            return Ok(Err(Refused::HoldsPayments));
        }
        let (booking, number): (i64, String) = sqlx::query_as(
            "UPDATE invoices SET state = $2, voided_at = $3, void_reason = $4, updated_at = $3 WHERE id = $1
             RETURNING booking_id, number",
        )
        .bind(id)
        .bind(InvoiceState::Void)
        .bind(now)
        .bind(reason)
        .fetch_one(&mut *tx)
        .await?;
        tx.add_note(booking, &format!("Invoice {number} voided: {reason}"), line.actor.email, &now).await?;
        tx.enqueue(&InvoiceVoided { invoice: id }, None, &now, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}
