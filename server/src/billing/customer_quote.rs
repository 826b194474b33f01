//! A sent quote as its customer reads it on their own page: every line with its price, each
//! option's figures as the server adds them up, the deposit, the terms, its dates on the shop's
//! clock, and their answer. Nothing of the team's (who wrote it, the address an answer came from).

use jiff::tz::TimeZone;
use serde::Serialize;

use super::document::LineKind;
use super::payment::{DepositStanding, Payment, PaymentMethod};
use super::quote::{Deposit, OptionTotals, QuoteState};
use super::quote_sending::QuoteAnswerKind;
use super::quote_store::StoredQuote;
use crate::blog::model::long_date;
use crate::clock::At;
use crate::domain::{Money, Quantity};

/// A sent quote on the customer's page.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerQuote {
    pub id: i64,
    /// Q-2026-0001.
    pub number: String,
    /// Sent, viewed, approved, changes-asked or expired.
    pub state: QuoteState,
    /// "December 7, 2026".
    pub sent: String,
    /// The last day it may be approved, "January 6, 2027".
    pub until: String,
    /// The shop's note.
    pub message: String,
    /// What approving it agrees to.
    pub terms: String,
    /// 1 to 3; with more than one, the customer approves one.
    pub options: Vec<CustomerQuoteOption>,
    pub deposit: Deposit,
    /// Their last answer.
    pub answer: Option<CustomerQuoteAnswer>,
    /// Once approved: the deposit asked, paid and left to pay.
    pub deposit_standing: DepositStanding,
    /// The payments received for it, oldest first.
    pub payments: Vec<CustomerPayment>,
    /// Whether what is left of the deposit can be paid online now.
    pub pay_online: bool,
}

/// A payment as its customer reads it.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPayment {
    pub amount: Money,
    pub refunded: Money,
    pub method: PaymentMethod,
    /// "December 8, 2026".
    pub on: String,
}

/// One option of a sent quote.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerQuoteOption {
    pub title: String,
    pub lines: Vec<CustomerQuoteLine>,
    /// Without the optional lines.
    pub totals: Option<OptionTotals>,
}

/// A line as the customer reads it.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerQuoteLine {
    pub kind: LineKind,
    pub description: String,
    pub quantity: Quantity,
    /// Each (labour at the quote's hourly rate); negative for a discount.
    pub price: Money,
    pub amount: Money,
    /// They may tick it.
    pub optional: bool,
}

/// The customer's answer, as their page shows it.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerQuoteAnswer {
    pub answer: QuoteAnswerKind,
    /// "December 8, 2026".
    pub on: String,
    pub option: Option<usize>,
    pub optional: Vec<usize>,
    pub total: Option<Money>,
    pub deposit: Option<Money>,
    pub name: Option<String>,
    pub message: Option<String>,
}

/// Sent quote `quote` with its `payments` as its customer reads it at `now` (none for a draft);
/// `online` when the shop takes payments online.
pub fn customer_quote(
    quote: StoredQuote,
    payments: &[Payment],
    online: bool,
    now: &At,
    zone: &TimeZone,
) -> Option<CustomerQuote> {
    let state = quote.state_at(now);
    let deposit_standing = DepositStanding::of(quote.deposit_asked(), payments);
    let sending = quote.sending?;
    let hourly = quote.rates.hourly(quote.form.rate);
    let figures = quote.form.figures(&quote.rates);
    let options = quote
        .form
        .options
        .into_iter()
        .zip(figures)
        .map(|(option, figures)| CustomerQuoteOption {
            title: option.title,
            lines: option
                .lines
                .into_iter()
                .zip(figures.lines)
                .map(|(line, amount)| CustomerQuoteLine {
                    kind: line.kind,
                    description: line.description,
                    quantity: line.quantity,
                    price: line.price.unwrap_or(hourly),
                    amount,
                    optional: line.optional,
                })
                .collect(),
            totals: figures.totals,
        })
        .collect();
    let answer = quote.answers.into_iter().last().map(|answer| CustomerQuoteAnswer {
        answer: answer.answer,
        on: long_date(answer.at, zone),
        option: answer.option,
        optional: answer.optional,
        total: answer.total,
        deposit: answer.deposit,
        name: answer.name,
        message: answer.message,
    });
    Some(CustomerQuote {
        id: quote.id,
        number: quote.number,
        state,
        sent: long_date(sending.sent_at, zone),
        until: long_date(sending.expires_at, zone),
        message: quote.form.message,
        terms: sending.terms,
        options,
        deposit: quote.form.deposit,
        answer,
        deposit_standing,
        payments: customer_payments(payments, zone),
        pay_online: online && deposit_standing.due > Money::ZERO,
    })
}

/// The payments as their customer reads them.
pub fn customer_payments(payments: &[Payment], zone: &TimeZone) -> Vec<CustomerPayment> {
    payments
        .iter()
        .map(|payment| CustomerPayment {
            amount: payment.amount,
            refunded: payment.refunded,
            method: payment.method,
            on: long_date(payment.paid_at, zone),
        })
        .collect()
}
