//! Invoices, stored: made from a request (one at a time: a request has one invoice that is not
//! void), saved whole while a draft, deleted while a draft, and read. Issuing and voiding one are
//! `invoice_issue_store`'s.

use super::document::LineKind;
use super::invoice::{InvoiceForm, InvoiceLine, InvoiceState};
use super::price_book::KindRate;
use super::quote::{LabourRate, QuoteRates};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::shared_store::BookingStatements as _;
use crate::clock::At;
use crate::domain::{Money, Quantity, Rate};
use crate::{db::Db, for_both_connections, with_db};

/// An invoice as stored.
pub struct StoredInvoice {
    pub id: i64,
    /// INV-2026-0001 once issued.
    pub number: Option<String>,
    pub booking_id: i64,
    pub customer_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub trailer_id: Option<i64>,
    /// The approved quote it was made from.
    pub quote_id: Option<i64>,
    pub state: InvoiceState,
    pub rates: QuoteRates,
    pub form: InvoiceForm,
    pub updated_at: At,
    pub issued_at: Option<At>,
    /// The end of the last day to pay it, on the shop's clock.
    pub due_at: Option<At>,
    pub emailed_at: Option<At>,
    pub email_error: Option<String>,
    pub texted_at: Option<At>,
    pub reminded_at: Option<At>,
    pub voided_at: Option<At>,
    pub void_reason: Option<String>,
}

/// Why an invoice was not made or changed.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The request has no customer (spam), or there is no such request.
    NoCustomer,
    /// The request has an invoice already (one not void).
    Invoiced(i64),
    /// There is no such invoice.
    Gone,
    /// It has been issued: only a draft is changed or deleted.
    NotDraft,
    /// It is not issued (a draft, or void already).
    NotIssued,
    /// It holds payments the shop keeps: they are refunded before it is voided.
    HoldsPayments,
}

#[derive(sqlx::FromRow)]
struct InvoiceRow {
    id: i64,
    number: Option<String>,
    booking_id: i64,
    customer_id: i64,
    trailer_id: Option<i64>,
    quote_id: Option<i64>,
    state: InvoiceState,
    rate: LabourRate,
    standard_rate: Money,
    insurance_rate: Money,
    supplies_rate: Rate,
    supplies_cap: Option<Money>,
    tax_rates: String,
    message: String,
    due_days: i64,
    updated_at: At,
    issued_at: Option<At>,
    due_at: Option<At>,
    emailed_at: Option<At>,
    email_error: Option<String>,
    texted_at: Option<At>,
    reminded_at: Option<At>,
    voided_at: Option<At>,
    void_reason: Option<String>,
}

type LineRow = (LineKind, String, Quantity, Option<Money>);

const COLUMNS: &str = "id, number, booking_id, customer_id, trailer_id, quote_id, state, rate, standard_rate,
                       insurance_rate, supplies_rate, supplies_cap, tax_rates, message, due_days, updated_at,
                       issued_at, due_at, emailed_at, email_error, texted_at, reminded_at, voided_at, void_reason";

fn assembled(row: InvoiceRow, name: String, lines: Vec<LineRow>) -> anyhow::Result<StoredInvoice> {
    let tax_rates: Vec<KindRate> = serde_json::from_str(&row.tax_rates)?;
    let lines = lines
        .into_iter()
        .map(|(kind, description, quantity, price)| InvoiceLine { kind, description, quantity, price })
        .collect();
    Ok(StoredInvoice {
        id: row.id,
        number: row.number,
        booking_id: row.booking_id,
        customer_id: row.customer_id,
        name,
        trailer_id: row.trailer_id,
        quote_id: row.quote_id,
        state: row.state,
        rates: QuoteRates {
            standard_rate: row.standard_rate,
            insurance_rate: row.insurance_rate,
            supplies_rate: row.supplies_rate,
            supplies_cap: row.supplies_cap,
            tax_rates,
        },
        form: InvoiceForm { rate: row.rate, lines, message: row.message, due_days: row.due_days },
        updated_at: row.updated_at,
        issued_at: row.issued_at,
        due_at: row.due_at,
        emailed_at: row.emailed_at,
        email_error: row.email_error,
        texted_at: row.texted_at,
        reminded_at: row.reminded_at,
        voided_at: row.voided_at,
        void_reason: row.void_reason,
    })
}

/// What a change of an invoice checks first, and writes, inside its transaction.
pub(super) trait InvoiceStatements {
    /// Invoice `id`'s state, if there is one.
    fn state(&mut self, id: i64) -> impl Future<Output = sqlx::Result<Option<InvoiceState>>> + Send;

    /// Writes `form` (checked) as draft `id`'s, its lines replaced, at `now`.
    fn write_form(
        &mut self,
        id: i64,
        form: &InvoiceForm,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl InvoiceStatements {
    async fn state(&mut self, id: i64) -> sqlx::Result<Option<InvoiceState>> {
        sqlx::query_scalar("SELECT state FROM invoices WHERE id = $1").bind(id).fetch_optional(&mut *self).await
    }

    async fn write_form(&mut self, id: i64, form: &InvoiceForm, now: &At) -> sqlx::Result<()> {
        sqlx::query("UPDATE invoices SET rate = $2, message = $3, due_days = $4, updated_at = $5 WHERE id = $1")
            .bind(id)
            .bind(form.rate)
            .bind(&form.message)
            .bind(form.due_days)
            .bind(now)
            .execute(&mut *self)
            .await?;
        sqlx::query("DELETE FROM invoice_lines WHERE invoice_id = $1").bind(id).execute(&mut *self).await?;
        for (position, line) in (0_i64..).zip(&form.lines) {
            sqlx::query(
                "INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, price)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(position)
            .bind(line.kind)
            .bind(&line.description)
            .bind(line.quantity)
            .bind(line.price)
            .execute(&mut *self)
            .await?;
        }
        Ok(())
    }
});

/// Whether `state` is a draft: Gone or NotDraft when not.
pub(super) fn draft(state: Option<InvoiceState>) -> Result<(), Refused> {
    match state {
        None => Err(Refused::Gone),
        Some(InvoiceState::Draft) => Ok(()),
        Some(_) => Err(Refused::NotDraft),
    }
}

/// Invoice `id`, if there is one, with its customer's name.
pub async fn find(db: &Db, id: i64) -> anyhow::Result<Option<StoredInvoice>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM invoices WHERE id = $1"));
    let (row, lines) = with_db!(db, |pool| {
        let Some(row): Option<InvoiceRow> = sqlx::query_as(sql).bind(id).fetch_optional(pool).await? else {
            return Ok(None);
        };
        let lines: Vec<LineRow> = sqlx::query_as(
            "SELECT kind, description, quantity, price FROM invoice_lines WHERE invoice_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(pool)
        .await?;
        (row, lines)
    });
    let name = crate::customers::reads::names(db, &[row.customer_id])
        .await?
        .remove(&row.customer_id)
        .unwrap_or_default();
    assembled(row, name, lines).map(Some)
}

/// The ids of request `booking`'s invoices, oldest first; with `issued`, only those issued or
/// voided (what the customer sees).
pub async fn of_request(db: &Db, booking: i64, issued: bool) -> anyhow::Result<Vec<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT id FROM invoices WHERE booking_id = $1 AND ($2 = FALSE OR number IS NOT NULL) ORDER BY id")
            .bind(booking)
            .bind(issued)
            .fetch_all(pool)
            .await?
    }))
}

/// A draft to make.
pub struct NewInvoice<'a> {
    pub booking: i64,
    /// The approved quote's figures, or the price book's of today.
    pub rates: &'a QuoteRates,
    pub quote: Option<i64>,
    /// Who makes it.
    pub user: i64,
    pub form: &'a InvoiceForm,
}

/// Makes draft `new` with `line` in the audit log, in one transaction; its id.
pub async fn create(db: &Db, new: &NewInvoice<'_>, line: &Line<'_>) -> anyhow::Result<Result<i64, Refused>> {
    let now = db.clock.stamp();
    let tax_rates = serde_json::to_string(&new.rates.tax_rates)?;
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let Some(contact) = tx.contact(new.booking).await? else {
            return Ok(Err(Refused::NoCustomer));
        };
        let Some(customer) = contact.customer_id else {
            return Ok(Err(Refused::NoCustomer));
        };
        let open: Option<i64> =
            sqlx::query_scalar("SELECT id FROM invoices WHERE booking_id = $1 AND state != $2")
                .bind(new.booking)
                .bind(InvoiceState::Void)
                .fetch_optional(&mut *tx)
                .await?;
        if let Some(open) = open {
            return Ok(Err(Refused::Invoiced(open)));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO invoices (booking_id, customer_id, trailer_id, quote_id, state, rate, standard_rate, insurance_rate,
                                   supplies_rate, supplies_cap, tax_rates, message, due_days, created_by, created_at,
                                   updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '', 0, $12, $13, $13)
             RETURNING id",
        )
        .bind(new.booking)
        .bind(customer)
        .bind(contact.trailer_id)
        .bind(new.quote)
        .bind(InvoiceState::Draft)
        .bind(new.form.rate)
        .bind(new.rates.standard_rate)
        .bind(new.rates.insurance_rate)
        .bind(new.rates.supplies_rate)
        .bind(new.rates.supplies_cap)
        .bind(&tax_rates)
        .bind(new.user)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.write_form(id, new.form, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(id))
    })
}

/// Saves draft `id` as `form` (checked), its lines replaced, in one transaction.
pub async fn save(db: &Db, id: i64, form: &InvoiceForm) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = draft(tx.state(id).await?) {
            return Ok(Err(refused));
        }
        tx.write_form(id, form, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Deletes draft `id` with `line` in the audit log, in one transaction.
pub async fn delete(db: &Db, id: i64, line: &Line<'_>) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = draft(tx.state(id).await?) {
            return Ok(Err(refused));
        }
        sqlx::query("DELETE FROM invoice_lines WHERE invoice_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM invoices WHERE id = $1").bind(id).execute(&mut *tx).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}
