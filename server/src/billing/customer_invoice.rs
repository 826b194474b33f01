//! An issued invoice as its customer reads (and prints) it on their own page: the shop's details
//! and theirs, the trailer, every line with its price, the figures as the server adds them up,
//! the deposit and payments counted, the balance and the day it is due, on the shop's clock.

use serde::Serialize;

use super::customer_quote::{CustomerPayment, CustomerQuoteLine, customer_payments};
use super::invoice::{InvoiceStanding, InvoiceState};
use super::invoice_store::{self, StoredInvoice};
use super::payment::Payment;
use super::payment_reads;
use super::quote::OptionTotals;
use crate::blog::model::long_date;
use crate::clock::At;
use crate::customers::model::TrailerRecord;
use crate::customers::trailer_reads;
use crate::db::Db;
use crate::domain::Money;
use crate::site::content::Content;

/// An issued (or voided) invoice on the customer's page.
#[derive(Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CustomerInvoice {
    pub id: i64,
    /// INV-2026-0001.
    pub number: String,
    /// Issued or void.
    pub state: InvoiceState,
    /// "December 7, 2026".
    pub issued: String,
    /// The last day to pay it, "December 21, 2026".
    pub due: String,
    /// Past its day with something left to pay.
    pub overdue: bool,
    /// The shop's name, address, phone and e-mail, a line each.
    pub from: Vec<String>,
    /// The trailer worked on, in words.
    pub trailer: Option<String>,
    /// The shop's note.
    pub message: String,
    pub lines: Vec<CustomerQuoteLine>,
    /// None while it does not add up.
    pub totals: Option<OptionTotals>,
    /// The total, the deposit paid, what was paid toward it and the balance.
    pub standing: InvoiceStanding,
    /// The payments toward it, oldest first.
    pub payments: Vec<CustomerPayment>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// Whether the balance can be paid online now.
    pub pay_online: bool,
}

/// The trailer in words: "2019 Big Tex 14GN gooseneck, VIN 1ABC…".
fn trailer_words(trailer: &TrailerRecord) -> String {
    let year = trailer.year.map(|year| year.to_string());
    let named: Vec<&str> = [
        year.as_deref(),
        Some(trailer.make.as_str()),
        Some(trailer.model.as_str()),
        Some(trailer.kind_text.as_str()),
    ]
    .into_iter()
    .flatten()
    .filter(|part| !part.is_empty())
    .collect();
    let mut words = named.join(" ");
    if !trailer.vin.is_empty() {
        words.push_str(&format!(", VIN {}", trailer.vin));
    }
    words
}

/// The shop's details as an invoice heads them.
fn from(content: &Content) -> Vec<String> {
    let business = &content.business;
    let address = &business.address;
    let mut lines = vec![
        business.name.clone(),
        address.street.clone(),
        format!("{}, {} {}", address.city, address.region, address.postal_code),
    ];
    lines.extend(business.real_phone().map(str::to_owned));
    // An example address reaches nobody: it is left out until the shop sets its own.
    lines.extend(business.real_email().map(str::to_owned));
    lines
}

/// `invoice` with its `payments` and `standing` as its customer reads it at `now` (none for a
/// draft); `online` when the shop takes payments online.
fn customer_invoice(
    invoice: StoredInvoice,
    payments: &[Payment],
    standing: InvoiceStanding,
    trailer: Option<String>,
    (content, online, now): (&Content, bool, &At),
) -> Option<CustomerInvoice> {
    let zone = content.business.zone();
    let (number, issued_at, due_at) = (invoice.number?, invoice.issued_at?, invoice.due_at?);
    let hourly = invoice.rates.hourly(invoice.form.rate);
    let figures = invoice.form.figures(&invoice.rates);
    let issued = invoice.state == InvoiceState::Issued;
    let lines = invoice
        .form
        .lines
        .into_iter()
        .zip(figures.lines)
        .map(|(line, amount)| CustomerQuoteLine {
            kind: line.kind,
            description: line.description,
            quantity: line.quantity,
            price: line.price.unwrap_or(hourly),
            amount,
            optional: false,
        })
        .collect();
    Some(CustomerInvoice {
        id: invoice.id,
        number,
        state: invoice.state,
        issued: long_date(issued_at, &zone),
        due: long_date(due_at, &zone),
        overdue: issued && standing.balance > Money::ZERO && due_at < *now,
        from: from(content),
        trailer,
        message: invoice.form.message,
        lines,
        totals: figures.totals,
        standing,
        payments: customer_payments(payments, &zone),
        void_reason: invoice.void_reason,
        pay_online: online && issued && standing.balance > Money::ZERO,
    })
}

/// Request `booking`'s issued invoices as its customer reads them, oldest first (`online` when
/// the shop takes payments online).
pub async fn customer_invoices(
    db: &Db,
    booking: i64,
    online: bool,
    content: &Content,
) -> anyhow::Result<Vec<CustomerInvoice>> {
    let now = db.clock.stamp();
    let mut shown = Vec::new();
    for id in invoice_store::of_request(db, booking, true).await? {
        let Some(invoice) = invoice_store::find(db, id).await? else { continue };
        let (payments, standing) = payment_reads::of_invoice(db, &invoice).await?;
        let trailer = match invoice.trailer_id {
            Some(trailer) => trailer_reads::of(db, invoice.customer_id, &content.chat)
                .await?
                .iter()
                .find(|each| each.id == trailer)
                .map(trailer_words),
            None => None,
        };
        shown.extend(customer_invoice(invoice, &payments, standing, trailer, (content, online, &now)));
    }
    Ok(shown)
}
