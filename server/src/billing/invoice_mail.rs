//! The messages of an issued invoice, as jobs of the queue: the e-mail to the customer with a
//! fresh link to their own page (where they read it, print it and pay it), the one reminder
//! 7 days after it was due while something is left to pay, the ways it was sent, in the shop's
//! day, and the e-mail that says it is void. The text that carries it is written when it is
//! issued (`text_body`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::invoice::{InvoiceStanding, InvoiceState};
use super::invoice_store::{self, StoredInvoice};
use super::payment::PaidFor;
use super::payment_reads;
use super::quote_mail::QuoteDesk;
use super::quote_mail_store;
use crate::{
    blog::model::long_date,
    delivery::text::quiet_until,
    domain::Money,
    queue::{Job, Ran},
};

/// How long after it was due an unpaid invoice's one reminder goes.
pub const REMINDER_AFTER: jiff::SignedDuration = jiff::SignedDuration::from_hours(7 * 24);

/// E-mails issued invoice `invoice` to its request's address.
#[derive(Serialize, Deserialize)]
pub struct InvoiceToCustomer {
    pub invoice: i64,
}

impl Job for InvoiceToCustomer {
    const KIND: &'static str = "invoice-to-customer";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        let db = desk.outbox.db();
        let Some(invoice) = invoice_store::find(db, self.invoice).await? else { return Ok(Ran::Done) };
        if invoice.state == InvoiceState::Issued && desk.email_invoice(&invoice, false).await? {
            quote_mail_store::emailed(db, PaidFor::Invoice(invoice.id)).await?;
        }
        Ok(Ran::Done)
    }

    async fn given_up(self, desk: Arc<QuoteDesk>, error: String) -> anyhow::Result<()> {
        quote_mail_store::email_failed(desk.outbox.db(), PaidFor::Invoice(self.invoice), &error).await
    }
}

/// Reminds the customer of issued invoice `invoice` once, 7 days after it was due, while
/// something is left to pay.
#[derive(Serialize, Deserialize)]
pub struct InvoiceReminder {
    pub invoice: i64,
}

impl Job for InvoiceReminder {
    const KIND: &'static str = "invoice-reminder";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.remind_invoice(self.invoice).await
    }
}

/// Tells the customer by e-mail that invoice `invoice`, which they were e-mailed, is void.
#[derive(Serialize, Deserialize)]
pub struct InvoiceVoided {
    pub invoice: i64,
}

impl Job for InvoiceVoided {
    const KIND: &'static str = "invoice-voided";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.voided(self.invoice).await?;
        Ok(Ran::Done)
    }
}

/// The text that carries issued invoice `number` of `total` and the customer's link `url`.
pub fn text_body(shop: &str, number: &str, total: Money, url: &str) -> String {
    format!("{shop}: your invoice {number} for {total} is ready. Read it and pay here: {url}")
}

/// The reminder text of invoice `number`, `balance` left to pay, with the customer's link `url`.
fn reminder_text(shop: &str, number: &str, balance: Money, url: &str) -> String {
    format!("{shop}: a reminder that {balance} of invoice {number} is past due. Pay here: {url}")
}

/// The figures of an invoice as its e-mails say them.
fn figures(standing: &InvoiceStanding) -> String {
    let mut lines = format!("Total: {}\n", standing.total);
    if standing.deposit_paid > Money::ZERO {
        lines.push_str(&format!("Deposit paid: {}\n", standing.deposit_paid));
    }
    if standing.paid > Money::ZERO {
        lines.push_str(&format!("Paid since: {}\n", standing.paid));
    }
    lines.push_str(&format!("Balance due: {}\n", standing.balance));
    lines
}

impl QuoteDesk {
    /// E-mails `invoice` (or its reminder) to its request's address with a fresh link to the
    /// customer's page; false when the request has no address to write to.
    async fn email_invoice(&self, invoice: &StoredInvoice, reminder: bool) -> anyhow::Result<bool> {
        let db = self.outbox.db();
        let (Some(number), Some(due_at)) = (&invoice.number, invoice.due_at) else { return Ok(false) };
        let Some(contact) = quote_mail_store::contact(db, invoice.booking_id).await? else {
            return Ok(false);
        };
        let (_, standing) = payment_reads::of_invoice(db, invoice).await?;
        let content = self.site.content();
        let business = &content.business;
        let due = long_date(due_at, &business.zone());
        let mut body = format!("Hello {},\n\n", contact.name);
        if reminder {
            body.push_str(&format!(
                "A reminder: our invoice {number} for your request #{} was due on {due}, and {} of it is still to pay.\n\n",
                invoice.booking_id, standing.balance
            ));
        } else {
            body.push_str(&format!(
                "Thank you for your business. Here is our invoice {number} for your request #{}.\n\n",
                invoice.booking_id
            ));
            if !invoice.form.message.is_empty() {
                body.push_str(&format!("{}\n\n", invoice.form.message));
            }
        }
        body.push_str(&figures(&standing));
        if !reminder && standing.balance > Money::ZERO {
            body.push_str(&format!("Due by {due}.\n"));
        }
        // The link opens the page at the invoice: below the request and its quote, on a phone
        // it is a few screens down.
        let at = format!("#invoice-{}", invoice.id);
        body.push_str(
            &self
                .signed(invoice.booking_id, &at, "Read every line, print it, and see how to pay", "")
                .await?,
        );
        let (subject, key) = if reminder {
            (
                format!("Reminder: invoice {number} from {} is past due", business.name),
                format!("invoice-reminder-{}", invoice.id),
            )
        } else {
            (format!("Invoice {number} from {}", business.name), format!("invoice-{}", invoice.id))
        };
        self.outbox.email_customer(&contact.email, &key, subject, body).await?;
        Ok(true)
    }

    /// E-mails the customer that invoice `id` is void and why, when it was e-mailed to them.
    async fn voided(&self, id: i64) -> anyhow::Result<()> {
        let db = self.outbox.db();
        let Some(invoice) = invoice_store::find(db, id).await? else { return Ok(()) };
        let (InvoiceState::Void, Some(number), Some(_)) =
            (invoice.state, &invoice.number, invoice.emailed_at)
        else {
            return Ok(());
        };
        let Some(contact) = quote_mail_store::contact(db, invoice.booking_id).await? else { return Ok(()) };
        let content = self.site.content();
        let business = &content.business;
        let mut body = format!(
            "Hello {},\n\nOur invoice {number} for your request #{} is void: nothing is owed on it.\n",
            contact.name, invoice.booking_id
        );
        if let Some(reason) = invoice.void_reason.as_deref().filter(|reason| !reason.is_empty()) {
            body.push_str(&format!("Why: {reason}\n"));
        }
        body.push_str(&self.signed(invoice.booking_id, "", "Your request's page", "").await?);
        let subject = format!("Invoice {number} from {} is void", business.name);
        self.outbox.email_customer(&contact.email, &format!("invoice-void-{id}"), subject, body).await
    }

    /// Reminds the customer of invoice `id` the ways it was sent, once, while it is issued and
    /// something is left to pay; in the morning when it is night at the shop.
    async fn remind_invoice(&self, id: i64) -> anyhow::Result<Ran> {
        let db = self.outbox.db();
        let Some(invoice) = invoice_store::find(db, id).await? else { return Ok(Ran::Done) };
        if invoice.state != InvoiceState::Issued || invoice.reminded_at.is_some() {
            return Ok(Ran::Done);
        }
        let (_, standing) = payment_reads::of_invoice(db, &invoice).await?;
        if standing.balance <= Money::ZERO {
            return Ok(Ran::Done);
        }
        let content = self.site.content();
        if let Some(morning) = quiet_until(db.clock.now(), &content.business.zone())? {
            return Ok(Ran::Later(morning));
        }
        if invoice.emailed_at.is_some() {
            self.email_invoice(&invoice, true).await?;
        }
        if let (Some(_), Some(number)) = (invoice.texted_at, &invoice.number) {
            let shop = &content.business.name;
            let balance = standing.balance;
            self.text_reminder(PaidFor::Invoice(id), invoice.booking_id, |url| {
                reminder_text(shop, number, balance, url)
            })
            .await?;
        }
        quote_mail_store::reminded(db, PaidFor::Invoice(id)).await?;
        Ok(Ran::Done)
    }
}
