//! The receipt a customer gets by e-mail for each payment the shop receives, online or recorded
//! by the team, the shop's e-mail of each one made online, and the notice of each refund of one:
//! what was paid or given back, toward which quote's deposit or invoice, and what is left of it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::payment::{PaidFor, Payment, PaymentMethod};
use super::quote_mail::QuoteDesk;
use super::{invoice_store, payment_reads, quote_mail_store, quote_store};
use crate::blog::model::long_date;
use crate::booking::shared_store::Contact;
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

/// E-mails the customer that refund `refund` of one of their payments was made.
#[derive(Serialize, Deserialize)]
pub struct RefundNotice {
    pub refund: i64,
}

impl Job for RefundNotice {
    const KIND: &'static str = "refund-notice";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.refund_notice(self.refund).await?;
        Ok(Ran::Done)
    }
}

/// Tells the shop by e-mail of payment `payment`, made online (the team records the others).
#[derive(Serialize, Deserialize)]
pub struct PaidOnline {
    pub payment: i64,
}

impl Job for PaidOnline {
    const KIND: &'static str = "paid-online";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.paid_online(self.payment).await?;
        Ok(Ran::Done)
    }
}

/// A payment as its e-mails tell it: what it was toward and who paid it.
struct Paid {
    payment: Payment,
    paid_for: PaidFor,
    /// The quote's or invoice's number.
    number: String,
    booking: i64,
    /// Its figures since, a line each.
    figures: String,
    contact: Contact,
}

impl QuoteDesk {
    /// Payment `id` with what it was toward and who paid it; none without e-mail (the customer's
    /// page says it all) or once the payment, its document or its request is gone.
    async fn paid(&self, id: i64) -> anyhow::Result<Option<Paid>> {
        let db = self.outbox.db();
        if !self.outbox.configured().0 {
            return Ok(None);
        }
        let Some((payment, paid_for)) = payment_reads::find(db, id).await? else { return Ok(None) };
        let Some((number, booking, figures)) = self.toward(paid_for).await? else { return Ok(None) };
        let Some(contact) = quote_mail_store::contact(db, booking).await? else { return Ok(None) };
        Ok(Some(Paid { payment, paid_for, number, booking, figures, contact }))
    }

    /// The number, request and figures of what `paid_for` names; none once it is gone.
    async fn toward(&self, paid_for: PaidFor) -> anyhow::Result<Option<(String, i64, String)>> {
        let db = self.outbox.db();
        Ok(match paid_for {
            PaidFor::Quote(quote) => {
                let Some(quote) = quote_store::find(db, quote).await? else { return Ok(None) };
                let (_, standing) = payment_reads::of_quote(db, &quote).await?;
                let mut figures =
                    format!("Deposit asked: {}\nPaid so far: {}\n", standing.asked, standing.paid);
                if standing.due > Money::ZERO {
                    figures.push_str(&format!("Left to pay: {}\n", standing.due));
                }
                Some((quote.number, quote.booking_id, figures))
            }
            PaidFor::Invoice(invoice) => {
                let Some(invoice) = invoice_store::find(db, invoice).await? else { return Ok(None) };
                let (_, standing) = payment_reads::of_invoice(db, &invoice).await?;
                let mut figures = format!("Invoice total: {}\n", standing.total);
                if standing.deposit_paid > Money::ZERO {
                    figures.push_str(&format!("Deposit paid: {}\n", standing.deposit_paid));
                }
                figures.push_str(&format!(
                    "Paid toward the invoice: {}\nBalance due: {}\n",
                    standing.paid, standing.balance
                ));
                Some((invoice.number.unwrap_or_default(), invoice.booking_id, figures))
            }
        })
    }

    async fn receipt(&self, id: i64) -> anyhow::Result<()> {
        let Some(Paid { payment, paid_for, number, booking, figures, contact }) = self.paid(id).await? else {
            return Ok(());
        };
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
        let closing = "Keep this e-mail as your receipt.\n\n";
        body.push_str(&self.signed(booking, "", "Your request's page, with this payment", closing).await?);
        let what = match paid_for {
            PaidFor::Quote(_) => format!("your deposit on quote {number}"),
            PaidFor::Invoice(_) => format!("your payment of invoice {number}"),
        };
        let subject = format!("Receipt for {what} from {}", business.name);
        self.outbox.email_customer(&contact.email, &format!("receipt-{id}"), subject, body).await
    }

    async fn paid_online(&self, id: i64) -> anyhow::Result<()> {
        let Some(Paid { payment, paid_for, number, booking, figures, contact }) = self.paid(id).await? else {
            return Ok(());
        };
        let subject = format!(
            "{} paid online by {} toward {} {number}",
            payment.amount,
            contact.name,
            paid_for.words()
        );
        let body = format!(
            "{} paid {} online toward {} {number} (request #{booking}).\n\n{figures}",
            contact.name,
            payment.amount,
            paid_for.words()
        );
        self.outbox.email_shop(booking, &format!("paid-online-{id}"), subject, body).await
    }

    async fn refund_notice(&self, id: i64) -> anyhow::Result<()> {
        let Some(refund) = payment_reads::refund(self.outbox.db(), id).await? else { return Ok(()) };
        let Some(Paid { payment, paid_for, number, booking, figures, contact }) =
            self.paid(refund.payment).await?
        else {
            return Ok(());
        };
        let content = self.site.content();
        let business = &content.business;
        let mut body = format!(
            "Hello {},\n\nWe refunded {} of the {} you paid {} on {} toward {} {number} (request #{booking}).\n",
            contact.name,
            refund.amount,
            payment.amount,
            payment.method.words(),
            long_date(payment.paid_at, &business.zone()),
            paid_for.words(),
        );
        if !refund.reason.is_empty() {
            body.push_str(&format!("Why: {}\n", refund.reason));
        }
        if payment.method == PaymentMethod::Online {
            body.push_str(
                "It goes back to the card or bank account you paid with; banks usually show it within 5 to 10 business days.\n",
            );
        }
        body.push_str(&format!("\n{figures}"));
        body.push_str(&self.signed(booking, "", "Your request's page", "").await?);
        let subject = format!("Refund of {} from {}", refund.amount, business.name);
        self.outbox.email_customer(&contact.email, &format!("refund-{id}"), subject, body).await
    }
}
