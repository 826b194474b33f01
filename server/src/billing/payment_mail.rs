//! The receipt a customer gets by e-mail for each payment the shop receives, online or recorded
//! by the team: what was paid, toward which quote's deposit or invoice, and what is left of it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::payment::PaidFor;
use super::quote_mail::QuoteDesk;
use super::{invoice_store, payment_reads, quote_mail_store, quote_store};
use crate::blog::model::long_date;
use crate::domain::Money;
use crate::queue::{Job, Ran};

/// E-mails the receipt of payment `payment` to its request's address.
#[derive(Serialize, Deserialize)]
pub struct PaymentReceipt {
    pub payment: i64,
}

impl Job for PaymentReceipt {
    const KIND: &'static str = "payment-receipt";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.receipt(self.payment).await?;
        Ok(Ran::Done)
    }
}

impl QuoteDesk {
    async fn receipt(&self, id: i64) -> anyhow::Result<()> {
        let db = self.outbox.db();
        // Without e-mail, the customer's page is their receipt.
        if !self.outbox.configured().0 {
            return Ok(());
        }
        let Some((payment, paid_for)) = payment_reads::find(db, id).await? else { return Ok(()) };
        // What it paid toward: the document's number, its request, and its figures since.
        let (number, booking, figures) = match paid_for {
            PaidFor::Quote(quote) => {
                let Some(quote) = quote_store::find(db, quote).await? else { return Ok(()) };
                let (_, standing) = payment_reads::of_quote(db, &quote).await?;
                let mut figures =
                    format!("Deposit asked: {}\nPaid so far: {}\n", standing.asked, standing.paid);
                if standing.due > Money::ZERO {
                    figures.push_str(&format!("Left to pay: {}\n", standing.due));
                }
                (quote.number, quote.booking_id, figures)
            }
            PaidFor::Invoice(invoice) => {
                let Some(invoice) = invoice_store::find(db, invoice).await? else { return Ok(()) };
                let (_, standing) = payment_reads::of_invoice(db, &invoice).await?;
                let mut figures = format!("Invoice total: {}\n", standing.total);
                if standing.deposit_paid > Money::ZERO {
                    figures.push_str(&format!("Deposit paid: {}\n", standing.deposit_paid));
                }
                figures.push_str(&format!(
                    "Paid toward the invoice: {}\nBalance due: {}\n",
                    standing.paid, standing.balance
                ));
                (invoice.number.unwrap_or_default(), invoice.booking_id, figures)
            }
        };
        let Some(contact) = quote_mail_store::contact(db, booking).await? else { return Ok(()) };
        let url = self.link(booking).await?;
        let content = self.site.content();
        let business = &content.business;
        let mut body = format!(
            "Hello {},\n\nThank you: we received {} {} on {} toward {} {number} (request #{booking}).\n",
            contact.name,
            payment.amount,
            payment.method.words(),
            long_date(payment.paid_at, &business.zone()),
            paid_for.words(),
        );
        if !payment.note.is_empty() {
            body.push_str(&format!("Note: {}\n", payment.note));
        }
        body.push_str(&format!("\n{figures}"));
        body.push_str(&format!(
            "\nYour request's page, with this payment:\n{url}\n\nKeep this e-mail as your receipt.\n\n{}\n",
            business.name
        ));
        if let Some(phone) = business.real_phone() {
            body.push_str(&format!("{phone}\n"));
        }
        let what = match paid_for {
            PaidFor::Quote(_) => format!("your deposit on quote {number}"),
            PaidFor::Invoice(_) => format!("your payment of invoice {number}"),
        };
        let subject = format!("Receipt for {what} from {}", business.name);
        self.outbox.email_customer(&contact.email, &format!("receipt-{id}"), subject, body).await
    }
}
