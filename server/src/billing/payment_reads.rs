//! Payments as they are read: one with what it pays (for its receipt), a refund (for its
//! notice), a quote's or an invoice's (their pages, the customer's page) and the deposits paid
//! lately (Today).

use std::collections::HashMap;

use super::invoice::{InvoiceStanding, InvoiceState};
use super::invoice_store::StoredInvoice;
use super::payment::{DepositStanding, PaidFor, Payment, PaymentMethod};
use super::quote_store::{self, StoredQuote};
use crate::clock::At;
use crate::db::Db;
use crate::domain::Money;
use crate::with_db;

/// A payment's row.
#[derive(sqlx::FromRow)]
struct PaymentRow {
    id: i64,
    quote_id: Option<i64>,
    invoice_id: Option<i64>,
    amount: Money,
    refunded: Money,
    method: PaymentMethod,
    paid_at: At,
    note: String,
    recorded_by: Option<String>,
}

impl From<PaymentRow> for Payment {
    fn from(row: PaymentRow) -> Self {
        Self {
            id: row.id,
            amount: row.amount,
            refunded: row.refunded,
            method: row.method,
            paid_at: row.paid_at,
            note: row.note,
            recorded_by: row.recorded_by,
        }
    }
}

/// A payment's columns.
const COLUMNS: &str = "id, quote_id, invoice_id, amount, refunded, method, paid_at, note, recorded_by";

/// Payment `id`, with what it pays.
pub async fn find(db: &Db, id: i64) -> anyhow::Result<Option<(Payment, PaidFor)>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM payments WHERE id = $1"));
    let row: Option<PaymentRow> =
        with_db!(db, |pool| sqlx::query_as(sql).bind(id).fetch_optional(pool).await?);
    Ok(row.and_then(|row| {
        let paid_for = PaidFor::of_columns(row.quote_id, row.invoice_id)?;
        Some((Payment::from(row), paid_for))
    }))
}

/// A refund as its notice to the customer tells it.
#[derive(sqlx::FromRow)]
pub struct Refund {
    pub payment: i64,
    pub amount: Money,
    /// Empty for one made in Stripe's dashboard.
    pub reason: String,
}

/// Refund `id`.
pub async fn refund(db: &Db, id: i64) -> anyhow::Result<Option<Refund>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT payment_id AS payment, amount, reason FROM refunds WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// The Stripe PaymentIntent payment `id` was made through; none for one recorded by hand.
pub async fn payment_intent(db: &Db, id: i64) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar::<_, Option<String>>("SELECT payment_intent FROM payments WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
            .flatten()
    }))
}

/// What the shop keeps of the payments toward request `booking` (paid, less refunds).
pub async fn kept_on_request(db: &Db, booking: i64) -> anyhow::Result<Money> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar::<_, Money>(
            "SELECT CAST(COALESCE(SUM(amount - refunded), 0) AS BIGINT) FROM payments WHERE booking_id = $1",
        )
        .bind(booking)
        .fetch_one(pool)
        .await?
    }))
}

/// The payments of `quote`, oldest first, and where its deposit stands.
pub async fn of_quote(db: &Db, quote: &StoredQuote) -> anyhow::Result<(Vec<Payment>, DepositStanding)> {
    let payments = of_quotes(db, &[quote.id]).await?.remove(&quote.id).unwrap_or_default();
    let standing = DepositStanding::of(quote.deposit_asked(), &payments);
    Ok((payments, standing))
}

/// The payments of quotes `quotes`, oldest first, by quote.
pub async fn of_quotes(db: &Db, quotes: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Payment>>> {
    of_documents(db, "quote_id", quotes).await
}

/// The payments of invoices `invoices`, oldest first, by invoice.
pub async fn of_invoices(db: &Db, invoices: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Payment>>> {
    of_documents(db, "invoice_id", invoices).await
}

/// The payments whose `column` (quote_id or invoice_id) is one of `ids`, oldest first, by it.
async fn of_documents(
    db: &Db,
    column: &'static str,
    ids: &[i64],
) -> anyhow::Result<HashMap<i64, Vec<Payment>>> {
    let mut grouped: HashMap<i64, Vec<Payment>> = HashMap::new();
    if ids.is_empty() {
        return Ok(grouped);
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM payments WHERE {column} IN ({}) ORDER BY id",
        crate::db::placeholders(ids.len())
    ));
    let rows: Vec<PaymentRow> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql);
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    });
    for row in rows {
        if let Some(document) = if column == "quote_id" { row.quote_id } else { row.invoice_id } {
            grouped.entry(document).or_default().push(Payment::from(row));
        }
    }
    Ok(grouped)
}

/// A payment as Today lists it.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PaidDeposit {
    pub quote_id: i64,
    /// Q-2026-0001.
    pub number: String,
    pub booking_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub payment: Payment,
    /// What is left to pay of the quote's deposit now (0: paid in full).
    pub left: Money,
}

/// A payment of a deposit, with its quote.
#[derive(sqlx::FromRow)]
struct DepositRow {
    #[sqlx(flatten)]
    payment: PaymentRow,
    number: String,
    booking_id: i64,
    customer_id: i64,
}

/// Deposits paid since `since`, newest first, `limit` at most, and how many there are.
pub async fn deposits_since(db: &Db, since: &At, limit: i64) -> anyhow::Result<(Vec<PaidDeposit>, i64)> {
    let (rows, total): (Vec<DepositRow>, i64) = with_db!(db, |pool| {
        let rows = sqlx::query_as(
            "SELECT payments.id, payments.quote_id, payments.invoice_id, payments.amount, payments.refunded, payments.method,
                    payments.paid_at, payments.note, payments.recorded_by, quotes.number, quotes.booking_id,
                    quotes.customer_id
             FROM payments JOIN quotes ON quotes.id = payments.quote_id
             WHERE payments.paid_at >= $1 ORDER BY payments.paid_at DESC, payments.id DESC LIMIT $2",
        )
        .bind(since)
        .bind(limit)
        .fetch_all(pool)
        .await?;
        let total =
            sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE paid_at >= $1 AND quote_id IS NOT NULL")
                .bind(since)
                .fetch_one(pool)
                .await?;
        (rows, total)
    });
    let customers: Vec<i64> = rows.iter().map(|row| row.customer_id).collect();
    let names = crate::customers::reads::names(db, &customers).await?;
    let mut quotes: Vec<i64> = rows.iter().filter_map(|row| row.payment.quote_id).collect();
    quotes.sort_unstable();
    quotes.dedup();
    let mut payments = of_quotes(db, &quotes).await?;
    let mut left = HashMap::new();
    for id in quotes {
        if let Some(quote) = quote_store::find(db, id).await? {
            let paid = payments.remove(&id).unwrap_or_default();
            left.insert(id, DepositStanding::of(quote.deposit_asked(), &paid).due);
        }
    }
    let paid = rows
        .into_iter()
        .filter_map(|row| {
            let quote_id = row.payment.quote_id?;
            Some(PaidDeposit {
                quote_id,
                left: left.get(&quote_id).copied().unwrap_or_default(),
                name: names.get(&row.customer_id).cloned().unwrap_or_default(),
                number: row.number,
                booking_id: row.booking_id,
                payment: Payment::from(row.payment),
            })
        })
        .collect();
    Ok((paid, total))
}

/// The payments of `invoice`, oldest first, and what is left to pay of it (its approved quote's
/// deposit counted).
pub async fn of_invoice(db: &Db, invoice: &StoredInvoice) -> anyhow::Result<(Vec<Payment>, InvoiceStanding)> {
    let payments = of_invoices(db, &[invoice.id]).await?.remove(&invoice.id).unwrap_or_default();
    let deposit = match invoice.quote_id {
        Some(quote) => of_quotes(db, &[quote]).await?.remove(&quote).unwrap_or_default(),
        None => Vec::new(),
    };
    let total = invoice.form.figures(&invoice.rates).totals.map_or(Money::ZERO, |totals| totals.total);
    let mut standing = InvoiceStanding::of(total, &deposit, &payments);
    // Nothing is owed on a void invoice.
    if invoice.state == InvoiceState::Void {
        standing.balance = Money::ZERO;
    }
    Ok((payments, standing))
}
