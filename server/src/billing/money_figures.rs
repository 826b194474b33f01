//! The shop's money over a period, for Insights: how many quotes sent were approved, the invoices
//! issued and their average ticket, how many days an invoice takes to be paid in full, and the
//! money received (less refunds) by month and by the service the customer asked for. Amounts are
//! whole cents; months are the shop's.

use std::collections::{BTreeMap, HashMap};

use jiff::tz::TimeZone;
use serde::Serialize;

use super::invoice::InvoiceState;
use super::invoice_list_store::{self, InvoiceShown};
use super::payment_reads;
use super::quote::QuoteState;
use crate::clock::At;
use crate::db::Db;
use crate::domain::Money;
use crate::site::content::Content;
use crate::with_db;

/// The step of the assistant that asks which service the customer needs, by its key.
const SERVICE_STEP: &str = "service";
/// What a request that did not say its service is counted under.
const NOT_SAID: &str = "Not said";

/// The period's money.
#[derive(Serialize, utoipa::ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MoneyFigures {
    /// Quotes sent in the period.
    pub quotes_sent: i64,
    /// Of those, how many the customer approved.
    pub quotes_approved: i64,
    /// Invoices issued in the period (not void).
    pub invoices_issued: i64,
    /// Their average total; none without one.
    pub average_ticket: Option<Money>,
    /// Of those now paid in full, the average days from issued to the payment that paid it off
    /// (to a tenth); none without one.
    pub days_to_paid: Option<f64>,
    /// Money received in the period less what was refunded of it, by the shop's month, oldest
    /// first ("2026-11").
    pub by_month: Vec<Revenue>,
    /// The same by the service the request asked for, the largest first.
    pub by_service: Vec<Revenue>,
}

/// Money received, less refunds, under one name (a month, a service).
#[derive(Serialize, utoipa::ToSchema, Debug, PartialEq, Eq)]
pub struct Revenue {
    pub name: String,
    pub received: Money,
}

/// A payment received in the period.
#[derive(sqlx::FromRow)]
struct Received {
    booking_id: i64,
    amount: Money,
    refunded: Money,
    paid_at: At,
}

/// The money of the period from `from` to `to`, months and days on the shop's clock (`content`).
pub async fn between(db: &Db, (from, to): (At, At), content: &Content) -> anyhow::Result<MoneyFigures> {
    let zone = content.business.zone();
    let (quotes_sent, quotes_approved, (invoices_issued, issued_total), payments): (
        i64,
        i64,
        (i64, Money),
        Vec<Received>,
    ) = with_db!(db, |pool| {
        let sent = sqlx::query_scalar("SELECT COUNT(*) FROM quotes WHERE sent_at >= $1 AND sent_at <= $2")
            .bind(from)
            .bind(to)
            .fetch_one(pool)
            .await?;
        let approved = sqlx::query_scalar(
            "SELECT COUNT(*) FROM quotes WHERE sent_at >= $1 AND sent_at <= $2 AND state = $3",
        )
        .bind(from)
        .bind(to)
        .bind(QuoteState::Approved)
        .fetch_one(pool)
        .await?;
        let issued = sqlx::query_as(
            "SELECT COUNT(*), CAST(COALESCE(SUM(total), 0) AS BIGINT) FROM invoices
                 WHERE issued_at >= $1 AND issued_at <= $2 AND state = $3",
        )
        .bind(from)
        .bind(to)
        .bind(InvoiceState::Issued)
        .fetch_one(pool)
        .await?;
        let payments = sqlx::query_as(
                "SELECT booking_id, amount, refunded, paid_at FROM payments WHERE paid_at >= $1 AND paid_at <= $2",
            )
            .bind(from)
            .bind(to)
            .fetch_all(pool)
            .await?;
        (sent, approved, issued, payments)
    });
    let average_ticket =
        (invoices_issued > 0).then(|| Money::from_cents(issued_total.cents() / invoices_issued));
    Ok(MoneyFigures {
        quotes_sent,
        quotes_approved,
        invoices_issued,
        average_ticket,
        days_to_paid: days_to_paid(db, (from, to)).await?,
        by_month: by_month(&payments, &zone),
        by_service: by_service(db, &payments, content).await?,
    })
}

/// The average days from issued to paid in full of the invoices issued from `from` to `to` and
/// paid in full now, to a tenth.
async fn days_to_paid(db: &Db, (from, to): (At, At)) -> anyhow::Result<Option<f64>> {
    let (paid, _) = invoice_list_store::list(db, InvoiceShown::Paid, &db.clock.stamp(), None).await?;
    let paid: Vec<_> = paid
        .into_iter()
        .filter(|invoice| invoice.issued_at.is_some_and(|at| at >= from && at <= to))
        .collect();
    let ids: Vec<i64> = paid.iter().map(|invoice| invoice.id).collect();
    let payments = payment_reads::of_invoices(db, &ids).await?;
    let days: Vec<f64> = paid
        .iter()
        .filter_map(|invoice| {
            let issued = invoice.issued_at?.timestamp();
            // Paid off by its last payment, or by the deposit before it was issued.
            let last =
                payments.get(&invoice.id).and_then(|list| list.iter().map(|payment| payment.paid_at).max());
            let seconds = last.map_or(0, |last| (last.timestamp().as_second() - issued.as_second()).max(0));
            Some(seconds as f64 / 86_400.0)
        })
        .collect();
    Ok((!days.is_empty()).then(|| (days.iter().sum::<f64>() / days.len() as f64 * 10.0).round() / 10.0))
}

/// `payments` kept by the shop's month of payment, oldest first.
fn by_month(payments: &[Received], zone: &TimeZone) -> Vec<Revenue> {
    let mut months: BTreeMap<String, Money> = BTreeMap::new();
    for payment in payments {
        let month = payment.paid_at.timestamp().to_zoned(zone.clone()).strftime("%Y-%m").to_string();
        let kept = months.entry(month).or_default();
        *kept = *kept + payment.amount - payment.refunded;
    }
    months.into_iter().map(|(name, received)| Revenue { name, received }).collect()
}

/// `payments` kept by the service their request asked for (the option's words of today), the
/// largest first.
async fn by_service(db: &Db, payments: &[Received], content: &Content) -> anyhow::Result<Vec<Revenue>> {
    let step = content.chat.steps.iter().find(|step| step.key == SERVICE_STEP);
    let mut bookings: Vec<i64> = payments.iter().map(|payment| payment.booking_id).collect();
    bookings.sort_unstable();
    bookings.dedup();
    let mut services: HashMap<i64, String> = HashMap::new();
    for booking in bookings {
        let answers = crate::booking::shared_store::answers(db, booking).await?;
        let words = answers.iter().find(|given| given.key == SERVICE_STEP).map(|given| {
            let current = step.and_then(|step| {
                step.options.iter().find(|option| Some(&option.key) == given.option.as_ref())
            });
            current.map_or_else(|| given.answer.clone(), |option| option.text.clone())
        });
        services.insert(booking, words.unwrap_or_else(|| NOT_SAID.to_owned()));
    }
    let mut kept: HashMap<String, Money> = HashMap::new();
    for payment in payments {
        let service = services.get(&payment.booking_id).cloned().unwrap_or_else(|| NOT_SAID.to_owned());
        let sum = kept.entry(service).or_default();
        *sum = *sum + payment.amount - payment.refunded;
    }
    let mut list: Vec<Revenue> =
        kept.into_iter().map(|(name, received)| Revenue { name, received }).collect();
    list.sort_by(|a, b| b.received.cmp(&a.received).then_with(|| a.name.cmp(&b.name)));
    Ok(list)
}
