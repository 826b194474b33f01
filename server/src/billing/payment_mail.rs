//! The receipt a customer gets by e-mail for each payment the shop receives, online or recorded
//! by the team: what was paid, for which quote, and what of the deposit is left.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::quote_mail::QuoteDesk;
use super::{payment_reads, quote_mail_store, quote_store};
use crate::blog::model::long_date;
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
        let Some((payment, quote_id)) = payment_reads::find(db, id).await? else { return Ok(()) };
        let Some(quote) = quote_store::find(db, quote_id).await? else { return Ok(()) };
        let Some(contact) = quote_mail_store::contact(db, quote.booking_id).await? else { return Ok(()) };
        let (_, standing) = payment_reads::of_quote(db, &quote).await?;
        let url = self.link(quote.booking_id).await?;
        let content = self.site.content();
        let business = &content.business;
        let mut body = format!(
            "Hello {},\n\nThank you: we received {} {} on {} for the deposit of quote {} (request #{}).\n",
            contact.name,
            payment.amount,
            payment.method.words(),
            long_date(payment.paid_at, &business.zone()),
            quote.number,
            quote.booking_id,
        );
        if !payment.note.is_empty() {
            body.push_str(&format!("Note: {}\n", payment.note));
        }
        body.push_str(&format!("\nDeposit asked: {}\nPaid so far: {}\n", standing.asked, standing.paid));
        if standing.due > crate::domain::Money::ZERO {
            body.push_str(&format!("Left to pay: {}\n", standing.due));
        }
        body.push_str(&format!(
            "\nYour request's page, with the quote and this payment:\n{url}\n\nKeep this e-mail as your receipt.\n\n{}\n",
            business.name
        ));
        if let Some(phone) = business.real_phone() {
            body.push_str(&format!("{phone}\n"));
        }
        let subject = format!("Receipt for your deposit on quote {} from {}", quote.number, business.name);
        self.outbox.email_customer(&contact.email, &format!("receipt-{id}"), subject, body).await
    }
}
