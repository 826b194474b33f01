//! Payments, written (toward a quote's deposit or an invoice): an event from Stripe applied once (its id recorded in the transaction of
//! the payment or refund it makes), a payment the team records, each with its note in the
//! request's history and the receipt to the customer.

use super::payment::{PaidFor, PaymentForm, PaymentMethod, RefundForm};
use super::payment_mail::{PaidOnline, PaymentReceipt, RefundNotice};
use super::stripe_event::{Event, Meaning, SessionPaid};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::shared_store::BookingStatements as _;
use crate::booking::store::NoteWrites as _;
use crate::clock::At;
use crate::db::Db;
use crate::domain::Money;
use crate::queue::JobWrites as _;
use crate::{for_both_connections, with_db};

/// Who the notes of payments made online are by.
const STRIPE: &str = "Stripe (online payment)";

/// What applying an event did.
#[derive(Debug, PartialEq, Eq)]
pub enum Applied {
    /// Recorded, and whatever it made is made.
    Done,
    /// Recorded before: nothing changed.
    Again,
    /// A refund of a payment we have not heard of yet (its events came out of order): nothing
    /// recorded, so Stripe sends it again later.
    TooEarly,
}

/// A payment to write.
struct NewPayment<'a> {
    paid_for: PaidFor,
    amount: Money,
    method: PaymentMethod,
    session: Option<&'a str>,
    payment_intent: Option<&'a str>,
    note: &'a str,
    recorded_by: Option<&'a str>,
}

/// A refund to write.
struct NewRefund<'a> {
    payment: i64,
    amount: Money,
    reason: &'a str,
    /// None for one made in Stripe's dashboard.
    recorded_by: Option<&'a str>,
}

/// The statements of a payment, inside the caller's transaction.
trait PaymentWrites {
    /// The request and the number of what `paid_for` names (a quote, or an issued invoice).
    fn document(
        &mut self,
        paid_for: PaidFor,
    ) -> impl Future<Output = sqlx::Result<Option<(i64, String)>>> + Send;

    /// Writes `payment` of its document's request with the history's note, the receipt's job and
    /// (made online) the shop's; none when the document is gone, or the session's payment is
    /// written already.
    fn pay(
        &mut self,
        payment: &NewPayment<'_>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;

    /// Writes `refund` beside its payment, adds it to the payment's refunded sum, notes it in the
    /// request's history and queues its notice to the customer.
    fn refund(&mut self, refund: &NewRefund<'_>, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl PaymentWrites {
    async fn document(&mut self, paid_for: PaidFor) -> sqlx::Result<Option<(i64, String)>> {
        let sql = match paid_for {
            PaidFor::Quote(_) => "SELECT booking_id, number FROM quotes WHERE id = $1",
            PaidFor::Invoice(_) => "SELECT booking_id, number FROM invoices WHERE id = $1 AND number IS NOT NULL",
        };
        sqlx::query_as(sql).bind(paid_for.id()).fetch_optional(&mut *self).await
    }

    async fn pay(&mut self, payment: &NewPayment<'_>, now: &At) -> sqlx::Result<Option<i64>> {
        let Some((booking, number)) = self.document(payment.paid_for).await? else { return Ok(None) };
        let (quote, invoice) = match payment.paid_for {
            PaidFor::Quote(id) => (Some(id), None),
            PaidFor::Invoice(id) => (None, Some(id)),
        };
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO payments (booking_id, quote_id, invoice_id, method, amount, checkout_session, payment_intent,
                                   note, recorded_by, paid_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (checkout_session) DO NOTHING RETURNING id",
        )
        .bind(booking)
        .bind(quote)
        .bind(invoice)
        .bind(payment.method)
        .bind(payment.amount)
        .bind(payment.session)
        .bind(payment.payment_intent)
        .bind(payment.note)
        .bind(payment.recorded_by)
        .bind(now)
        .fetch_optional(&mut *self)
        .await?;
        let Some(id) = id else { return Ok(None) };
        let note = format!(
            "{} paid {} toward {} {number}.",
            payment.amount,
            payment.method.words(),
            payment.paid_for.words()
        );
        self.add_note(booking, &note, payment.recorded_by.unwrap_or(STRIPE), now).await?;
        self.enqueue(&PaymentReceipt { payment: id }, None, now, now).await?;
        if payment.recorded_by.is_none() {
            self.enqueue(&PaidOnline { payment: id }, None, now, now).await?;
        }
        Ok(Some(id))
    }

    async fn refund(&mut self, refund: &NewRefund<'_>, now: &At) -> sqlx::Result<()> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO refunds (payment_id, amount, reason, recorded_by, refunded_at) VALUES ($1, $2, $3, $4, $5)
             RETURNING id",
        )
        .bind(refund.payment)
        .bind(refund.amount)
        .bind(refund.reason)
        .bind(refund.recorded_by)
        .bind(now)
        .fetch_one(&mut *self)
        .await?;
        self.enqueue(&RefundNotice { refund: id }, None, now, now).await?;
        sqlx::query("UPDATE payments SET refunded = refunded + $2 WHERE id = $1")
            .bind(refund.payment)
            .bind(refund.amount)
            .execute(&mut *self)
            .await?;
        let (quote, invoice): (Option<i64>, Option<i64>) =
            sqlx::query_as("SELECT quote_id, invoice_id FROM payments WHERE id = $1")
                .bind(refund.payment)
                .fetch_one(&mut *self)
                .await?;
        let paid_for = PaidFor::of_columns(quote, invoice).ok_or(sqlx::Error::RowNotFound)?;
        let (booking, number) = self.document(paid_for).await?.ok_or(sqlx::Error::RowNotFound)?;
        let how = if refund.recorded_by.is_some() { "" } else { " through Stripe" };
        let why = if refund.reason.is_empty() { String::new() } else { format!(": {}", refund.reason) };
        let note = format!("{} paid toward {} {number} refunded{how}{why}.", refund.amount, paid_for.words());
        self.add_note(booking, &note, refund.recorded_by.unwrap_or(STRIPE), now).await
    }
});

/// Applies Stripe's `event`, which means `meaning`, once: a second delivery of the same event
/// changes nothing.
pub async fn apply(db: &Db, event: &Event, meaning: &Meaning) -> anyhow::Result<Applied> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let recorded = sqlx::query(
            "INSERT INTO stripe_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&event.id)
        .bind(&event.kind)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if recorded == 0 {
            return Ok(Applied::Again);
        }
        match meaning {
            Meaning::Paid(SessionPaid { session, paid_for, amount, payment_intent }) => {
                let payment = NewPayment {
                    paid_for: *paid_for,
                    amount: *amount,
                    method: PaymentMethod::Online,
                    session: Some(session),
                    payment_intent: payment_intent.as_deref(),
                    note: "",
                    recorded_by: None,
                };
                tx.pay(&payment, &now).await?;
            }
            Meaning::PaymentFailed(paid_for) => {
                if let Some((booking, number)) = tx.document(*paid_for).await? {
                    let note = format!(
                        "The customer's bank payment toward {} {number} failed: nothing was paid.",
                        paid_for.words()
                    );
                    tx.add_note(booking, &note, STRIPE, &now).await?;
                    tx.mark_customer_change(booking, &now).await?;
                }
            }
            Meaning::Refunded { payment_intent, refunded } => {
                let found: Option<(i64, Money, Money)> =
                    sqlx::query_as("SELECT id, amount, refunded FROM payments WHERE payment_intent = $1")
                        .bind(payment_intent)
                        .fetch_optional(&mut *tx)
                        .await?;
                let Some((id, amount, before)) = found else { return Ok(Applied::TooEarly) };
                // Stripe says how much is refunded in all: an older event never lowers it.
                let refunded = (*refunded).min(amount);
                if refunded > before {
                    let refund =
                        NewRefund { payment: id, amount: refunded - before, reason: "", recorded_by: None };
                    tx.refund(&refund, &now).await?;
                }
            }
            Meaning::Nothing => {}
        }
        tx.commit().await?;
        Ok(Applied::Done)
    })
}

/// Records `form`, received toward `paid_for`, with `line` in the audit log; its id.
pub async fn record(
    db: &Db,
    paid_for: PaidFor,
    form: &PaymentForm,
    line: &Line<'_>,
) -> anyhow::Result<Option<i64>> {
    let now = db.clock.stamp();
    let payment = NewPayment {
        paid_for,
        amount: form.amount,
        method: form.method,
        session: None,
        payment_intent: None,
        note: &form.note,
        recorded_by: Some(line.actor.email),
    };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = tx.pay(&payment, &now).await?;
        if id.is_some() {
            tx.audit(line, &now).await?;
            tx.commit().await?;
        }
        Ok(id)
    })
}

/// Records the owner's refund of `amount` of payment `payment` for `reason`, with `line` in the
/// audit log (a refund online is made at Stripe first).
pub async fn refund(db: &Db, payment: i64, form: &RefundForm, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    let refund =
        NewRefund { payment, amount: form.amount, reason: &form.reason, recorded_by: Some(line.actor.email) };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        tx.refund(&refund, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}
