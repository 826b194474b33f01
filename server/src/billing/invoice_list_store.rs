//! Invoices as lists show them: the team's list (drafts, unpaid, overdue, paid, void) and its
//! CSV, and Today's invoices past their day with something left to pay and what they are owed
//! together. An issued invoice keeps the total it was issued with, so what stands of it is counted
//! in SQL: what the shop keeps of its payments and of its quote's deposit, and the balance left.

use super::invoice::InvoiceState;
use crate::clock::At;
use crate::db::{self, Db};
use crate::domain::Money;
use crate::{text_enum, with_db};

text_enum! {
    /// Which invoices a list shows.
    pub enum InvoiceShown {
        All => "all",
        Drafts => "drafts",
        /// Issued with something left to pay.
        Unpaid => "unpaid",
        /// Unpaid past their day.
        Overdue => "overdue",
        /// Issued and paid in full.
        Paid => "paid",
        Void => "void",
    }
}

/// An invoice in a list.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ListedInvoice {
    pub id: i64,
    /// INV-2026-0001, once issued.
    pub number: Option<String>,
    pub booking_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub state: InvoiceState,
    pub issued_at: Option<At>,
    pub due_at: Option<At>,
    /// What it was issued for (none for a draft).
    pub total: Option<Money>,
    /// What the shop keeps of its quote's deposit.
    pub deposit_paid: Money,
    /// What the shop keeps of its own payments.
    pub paid: Money,
    /// What is left to pay (0 for a draft or a void one).
    pub balance: Money,
    /// Issued, past its day, with something left to pay.
    pub overdue: bool,
}

/// Invoices in a list: some shown, and how many there are.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
pub struct InvoiceListing {
    pub invoices: Vec<ListedInvoice>,
    pub total: i64,
}

/// An invoice past its day, as Today lists it.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct OverdueInvoice {
    pub id: i64,
    /// INV-2026-0001.
    pub number: String,
    pub booking_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub due_at: At,
    pub balance: Money,
}

/// Overdue invoices: some shown, how many there are, and what they are owed together.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct OverdueInvoices {
    /// The longest overdue first.
    pub shown: Vec<OverdueInvoice>,
    pub total: i64,
    /// Their balances added up.
    pub owed: Money,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    number: Option<String>,
    booking_id: i64,
    customer_id: i64,
    state: InvoiceState,
    issued_at: Option<At>,
    due_at: Option<At>,
    total: Option<Money>,
    deposit_paid: Money,
    paid: Money,
}

/// Every invoice with what the shop keeps of its payments and of its quote's deposit.
const STANDING: &str = "SELECT invoices.id, invoices.number, invoices.booking_id, invoices.customer_id, invoices.state,
                               invoices.issued_at, invoices.due_at, invoices.total,
                               CAST(COALESCE((SELECT SUM(amount - refunded) FROM payments
                                              WHERE payments.invoice_id = invoices.id), 0) AS BIGINT) AS paid,
                               CAST(COALESCE((SELECT SUM(amount - refunded) FROM payments
                                              WHERE invoices.quote_id IS NOT NULL
                                                AND payments.quote_id = invoices.quote_id), 0) AS BIGINT) AS deposit_paid
                        FROM invoices";

impl InvoiceShown {
    /// The condition on the invoices' standing, with `$1` the time now, and the order.
    fn sql(self) -> (String, &'static str) {
        let issued = format!("state = {}", db::name(InvoiceState::Issued));
        let owed = format!("{issued} AND total - paid - deposit_paid > 0");
        match self {
            Self::All => ("TRUE".into(), "id DESC"),
            Self::Drafts => (format!("state = {}", db::name(InvoiceState::Draft)), "id DESC"),
            Self::Unpaid => (owed, "due_at, id"),
            Self::Overdue => (format!("{owed} AND due_at < $1"), "due_at, id"),
            Self::Paid => (format!("{issued} AND total - paid - deposit_paid <= 0"), "id DESC"),
            Self::Void => (format!("state = {}", db::name(InvoiceState::Void)), "id DESC"),
        }
    }
}

impl Row {
    fn balance(&self) -> Money {
        match (self.state, self.total) {
            (InvoiceState::Issued, Some(total)) => (total - self.paid - self.deposit_paid).max(Money::ZERO),
            _ => Money::ZERO,
        }
    }
}

/// The invoices `shown` at `now`, `limit` at most (none: all), and how many there are in all.
pub async fn list(
    db: &Db,
    shown: InvoiceShown,
    now: &At,
    limit: Option<i64>,
) -> anyhow::Result<(Vec<ListedInvoice>, i64)> {
    let (invoices, total, _) = listed(db, shown, now, limit, false).await?;
    Ok((invoices, total))
}

/// `list`'s invoices and how many there are, and when `owed` what their balances add up to
/// (counted together, in one pass over the invoices; else 0, and no balance is worked out to
/// count them).
async fn listed(
    db: &Db,
    shown: InvoiceShown,
    now: &At,
    limit: Option<i64>,
    owed: bool,
) -> anyhow::Result<(Vec<ListedInvoice>, i64, Money)> {
    let balances = if owed { "SUM(total - paid - deposit_paid)" } else { "0" };
    let (condition, order) = shown.sql();
    // `$1 IS NOT NULL` names the time now in every statement, so each binds it alike.
    let listed_sql = sqlx::AssertSqlSafe(format!(
        "SELECT * FROM ({STANDING}) AS standing WHERE $1 IS NOT NULL AND {condition} ORDER BY {order} LIMIT $2"
    ));
    let counted_sql = sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*), CAST(COALESCE({balances}, 0) AS BIGINT)
         FROM ({STANDING}) AS standing WHERE $1 IS NOT NULL AND {condition}"
    ));
    let (rows, (total, owed)): (Vec<Row>, (i64, Money)) = with_db!(db, |pool| {
        let rows =
            sqlx::query_as(listed_sql).bind(now).bind(limit.unwrap_or(i64::MAX)).fetch_all(pool).await?;
        let counted = sqlx::query_as(counted_sql).bind(now).fetch_one(pool).await?;
        (rows, counted)
    });
    let customers: Vec<i64> = rows.iter().map(|row| row.customer_id).collect();
    let names = crate::customers::reads::names(db, &customers).await?;
    let invoices = rows
        .into_iter()
        .map(|row| {
            let balance = row.balance();
            ListedInvoice {
                name: names.get(&row.customer_id).cloned().unwrap_or_default(),
                overdue: balance > Money::ZERO && row.due_at.is_some_and(|due| due < *now),
                balance,
                id: row.id,
                number: row.number,
                booking_id: row.booking_id,
                state: row.state,
                issued_at: row.issued_at,
                due_at: row.due_at,
                total: row.total,
                deposit_paid: row.deposit_paid,
                paid: row.paid,
            }
        })
        .collect();
    Ok((invoices, total, owed))
}

/// Issued invoices past their day at `now` with something left to pay: the `limit` longest
/// overdue, how many there are, and what they are owed together.
pub async fn overdue(db: &Db, now: &At, limit: i64) -> anyhow::Result<OverdueInvoices> {
    let (listed, total, owed) = listed(db, InvoiceShown::Overdue, now, Some(limit), true).await?;
    let shown = listed
        .into_iter()
        .filter_map(|invoice| {
            Some(OverdueInvoice {
                number: invoice.number?,
                due_at: invoice.due_at?,
                id: invoice.id,
                booking_id: invoice.booking_id,
                name: invoice.name,
                balance: invoice.balance,
            })
        })
        .collect();
    Ok(OverdueInvoices { shown, total, owed })
}
