//! The events Stripe posts, read into what they mean for the shop: a Checkout Session paid (at
//! once, or later for a bank debit), one whose bank debit failed, or a charge refunded. Anything
//! else, or one about no quote or invoice of ours, means nothing here.

use serde::Deserialize;

use super::payment::PaidFor;
use crate::domain::Money;

/// An event as Stripe sends it.
#[derive(Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// The fields of a Checkout Session we read.
#[derive(Deserialize)]
struct Session {
    id: String,
    amount_total: Option<i64>,
    currency: Option<String>,
    payment_status: Option<String>,
    payment_intent: Option<String>,
    #[serde(default)]
    metadata: Metadata,
}

#[derive(Deserialize, Default)]
struct Metadata {
    quote: Option<String>,
    invoice: Option<String>,
}

/// The fields of a charge we read.
#[derive(Deserialize)]
struct Charge {
    payment_intent: Option<String>,
    amount_refunded: i64,
}

/// A paid Checkout Session of a quote's deposit or an invoice.
#[derive(Debug, PartialEq, Eq)]
pub struct SessionPaid {
    pub session: String,
    pub paid_for: PaidFor,
    pub amount: Money,
    pub payment_intent: Option<String>,
}

/// What an event means for the shop.
#[derive(Debug, PartialEq, Eq)]
pub enum Meaning {
    /// The deposit or the invoice was paid.
    Paid(SessionPaid),
    /// The customer's bank debit for a deposit or an invoice failed: nothing was paid.
    PaymentFailed(PaidFor),
    /// Of the payment through `payment_intent`, `refunded` in all is refunded now.
    Refunded { payment_intent: String, refunded: Money },
    /// Nothing for us (another type, another currency, no quote or invoice of ours, not paid yet).
    Nothing,
}

impl Event {
    /// What the event means.
    pub fn meaning(&self) -> Meaning {
        let object = self.data.object.clone();
        match self.kind.as_str() {
            "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
                let Ok(session) = serde_json::from_value::<Session>(object) else { return Meaning::Nothing };
                session.paid().map_or(Meaning::Nothing, Meaning::Paid)
            }
            "checkout.session.async_payment_failed" => serde_json::from_value::<Session>(object)
                .ok()
                .and_then(|session| session.paid_for())
                .map_or(Meaning::Nothing, Meaning::PaymentFailed),
            "charge.refunded" => match serde_json::from_value::<Charge>(object) {
                Ok(Charge { payment_intent: Some(payment_intent), amount_refunded })
                    if amount_refunded >= 0 =>
                {
                    Meaning::Refunded { payment_intent, refunded: Money::from_cents(amount_refunded) }
                }
                _ => Meaning::Nothing,
            },
            _ => Meaning::Nothing,
        }
    }
}

impl Session {
    /// The quote or invoice it pays, as its metadata names it.
    fn paid_for(&self) -> Option<PaidFor> {
        let id = |field: &Option<String>| field.as_deref().and_then(|id| id.parse().ok());
        id(&self.metadata.quote)
            .map(PaidFor::Quote)
            .or_else(|| id(&self.metadata.invoice).map(PaidFor::Invoice))
    }

    /// The payment, when the session is of a quote or an invoice, in dollars, and paid.
    fn paid(self) -> Option<SessionPaid> {
        let paid_for = self.paid_for()?;
        let amount = self.amount_total.filter(|cents| *cents > 0)?;
        let usd = self.currency.as_deref().is_some_and(|currency| currency.eq_ignore_ascii_case("usd"));
        let paid = self.payment_status.as_deref() == Some("paid");
        (usd && paid).then(|| SessionPaid {
            session: self.id,
            paid_for,
            amount: Money::from_cents(amount),
            payment_intent: self.payment_intent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(kind: &str, object: serde_json::Value) -> Event {
        serde_json::from_value(
            serde_json::json!({ "id": "evt_1", "type": kind, "data": { "object": object } }),
        )
        .expect("an event")
    }

    fn session(status: &str, currency: &str) -> serde_json::Value {
        serde_json::json!({
            "id": "cs_1", "object": "checkout.session", "amount_total": 31250, "currency": currency,
            "payment_status": status, "payment_intent": "pi_1", "metadata": { "quote": "12" }
        })
    }

    #[test]
    fn a_paid_session_pays_its_quotes_deposit() {
        let paid = Meaning::Paid(SessionPaid {
            session: "cs_1".into(),
            paid_for: PaidFor::Quote(12),
            amount: Money::from_cents(31_250),
            payment_intent: Some("pi_1".into()),
        });
        assert_eq!(event("checkout.session.completed", session("paid", "usd")).meaning(), paid);
        assert_eq!(event("checkout.session.async_payment_succeeded", session("paid", "usd")).meaning(), paid);
        let mut of_invoice = session("paid", "usd");
        of_invoice["metadata"] = serde_json::json!({ "invoice": "7" });
        let Meaning::Paid(paid) = event("checkout.session.completed", of_invoice).meaning() else {
            panic!("paid")
        };
        assert_eq!(paid.paid_for, PaidFor::Invoice(7));
    }

    #[test]
    fn unpaid_foreign_or_unknown_sessions_mean_nothing() {
        assert_eq!(event("checkout.session.completed", session("unpaid", "usd")).meaning(), Meaning::Nothing);
        assert_eq!(event("checkout.session.completed", session("paid", "eur")).meaning(), Meaning::Nothing);
        let other = serde_json::json!({ "id": "cs_2", "amount_total": 500, "currency": "usd", "payment_status": "paid" });
        assert_eq!(event("checkout.session.completed", other).meaning(), Meaning::Nothing);
        assert_eq!(
            event("customer.created", serde_json::json!({ "id": "cus_1" })).meaning(),
            Meaning::Nothing
        );
    }

    #[test]
    fn a_failed_debit_and_a_refund_are_read() {
        assert_eq!(
            event("checkout.session.async_payment_failed", session("unpaid", "usd")).meaning(),
            Meaning::PaymentFailed(PaidFor::Quote(12))
        );
        let charge = serde_json::json!({ "id": "ch_1", "amount": 31250, "amount_refunded": 10000, "payment_intent": "pi_1" });
        assert_eq!(
            event("charge.refunded", charge).meaning(),
            Meaning::Refunded { payment_intent: "pi_1".into(), refunded: Money::from_cents(10_000) }
        );
    }
}
