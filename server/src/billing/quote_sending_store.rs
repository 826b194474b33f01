//! Sent quotes, stored: sending a draft (its e-mail a job, its text written, in the transaction
//! that marks it sent), withdrawing it, its e-mail's outcome, the customer's first look, and the
//! customer's answers, each with the note the request's history and Today show and the e-mail
//! that tells the shop.

use jiff::tz::TimeZone;

use super::customer_quote::{CustomerQuote, customer_quote};
use super::payment_reads;
use super::quote::QuoteState;
use super::quote_mail::{QuoteAnswered, QuoteReminder, QuoteToCustomer, REMINDER_AFTER};
use super::quote_sending::QuoteAnswerKind;
use super::quote_store::{self, QuoteStatements as _, Refused};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::events::{Event, EventWrites as _};
use crate::booking::shared_store::BookingStatements as _;
use crate::booking::store::{NoteWrites as _, VISITOR};
use crate::clock::At;
use crate::db::{self, Db};
use crate::delivery::text::thread::TextWrites as _;
use crate::domain::Money;
use crate::queue::JobWrites as _;
use crate::schedule::links::{LinkWrites as _, Unsaved};
use crate::{for_both_connections, with_db};

/// A draft on its way out.
pub struct Outgoing<'a> {
    pub booking: i64,
    /// The price book's terms, copied onto it.
    pub terms: &'a str,
    pub expires_at: At,
    /// Whether it is e-mailed (a job, which makes the link when it sends).
    pub email: bool,
    /// The text to the customer's number (E.164), with the link it carries.
    pub text: Option<(&'a str, String, &'a Unsaved)>,
    /// Who sends it.
    pub by: &'a str,
}

/// An answer of the customer, before it is kept.
pub struct NewQuoteAnswer<'a> {
    pub answer: QuoteAnswerKind,
    pub option: Option<usize>,
    pub optional: &'a [usize],
    pub total: Option<Money>,
    pub deposit: Option<Money>,
    pub name: Option<&'a str>,
    pub message: Option<&'a str>,
    pub address: &'a str,
    pub agent: &'a str,
    /// The note the request's history shows.
    pub note: &'a str,
}

/// What a quote's answer checks first, inside its transaction.
trait AnswerStatements {
    /// Whether quote `id` of request `booking` waits for an answer at `now`.
    fn waiting(
        &mut self,
        id: i64,
        booking: i64,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<Result<(), Refused>>> + Send;
}

for_both_connections!(impl AnswerStatements {
    async fn waiting(&mut self, id: i64, booking: i64, now: &At) -> sqlx::Result<Result<(), Refused>> {
        let found: Option<(QuoteState, Option<At>)> =
            sqlx::query_as("SELECT state, expires_at FROM quotes WHERE id = $1 AND booking_id = $2")
                .bind(id)
                .bind(booking)
                .fetch_optional(&mut *self)
                .await?;
        Ok(match found {
            None => Err(Refused::Gone),
            Some((state, Some(expires_at))) if QuoteState::WAITING.contains(&state) && expires_at >= *now => Ok(()),
            Some(_) => Err(Refused::NotWaiting),
        })
    }
});

/// Sends draft `id` as `outgoing`, with `line` in the audit log, in one transaction.
pub async fn send(
    db: &Db,
    id: i64,
    outgoing: &Outgoing<'_>,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = tx.draft(id).await? {
            return Ok(Err(refused));
        }
        sqlx::query(
            "UPDATE quotes SET state = $2, terms = $3, sent_at = $4, expires_at = $5, updated_at = $4,
                               texted_at = $6
             WHERE id = $1",
        )
        .bind(id)
        .bind(QuoteState::Sent)
        .bind(outgoing.terms)
        .bind(now)
        .bind(outgoing.expires_at)
        .bind(outgoing.text.as_ref().map(|_| now))
        .execute(&mut *tx)
        .await?;
        if outgoing.email {
            tx.enqueue(&QuoteToCustomer { quote: id }, Some(&format!("quote-email-{id}")), &now, &now)
                .await?;
        }
        if let Some((number, body, link)) = &outgoing.text {
            tx.save_link(outgoing.booking, link, &now).await?;
            tx.write_text(outgoing.booking, number, body, "quote", Some(outgoing.by), &now).await?;
        }
        let remind_at = now.timestamp().saturating_add(REMINDER_AFTER).map_err(anyhow::Error::from)?.into();
        tx.enqueue(&QuoteReminder { quote: id }, Some(&format!("quote-reminder-{id}")), &remind_at, &now)
            .await?;
        // A quote answers the request as a call would.
        tx.record_event(outgoing.booking, Event::QuoteSent, outgoing.by, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Withdraws quote `id` while it waits for an answer, with `line` in the audit log.
pub async fn withdraw(db: &Db, id: i64, line: &Line<'_>) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE quotes SET state = $2, updated_at = $3 WHERE id = $1 AND state {}",
        db::in_names(&QuoteState::WAITING)
    ));
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let state: Option<QuoteState> = sqlx::query_scalar("SELECT state FROM quotes WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        if state.is_none() {
            return Ok(Err(Refused::Gone));
        }
        let changed = sqlx::query(sql)
            .bind(id)
            .bind(QuoteState::Withdrawn)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if changed == 0 {
            return Ok(Err(Refused::NotWaiting));
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// The customer opened their page with request `booking`'s sent quotes on it: the first time,
/// each is marked viewed.
async fn viewed(db: &Db, booking: i64) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        sqlx::query("UPDATE quotes SET state = $3, viewed_at = $2 WHERE booking_id = $1 AND state = $4")
            .bind(booking)
            .bind(now)
            .bind(QuoteState::Viewed)
            .bind(QuoteState::Sent)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Request `booking`'s sent quotes as its customer reads them (`online` when the shop takes
/// payments online); when `opened` (by the customer, not in a copy of their data), the first look
/// marks them viewed.
pub async fn customer_quotes(
    db: &Db,
    booking: i64,
    online: bool,
    opened: bool,
    zone: &TimeZone,
) -> anyhow::Result<Vec<CustomerQuote>> {
    let mut quotes = Vec::new();
    for id in shown_of_request(db, booking).await? {
        quotes.extend(quote_store::find(db, id).await?);
    }
    if opened && quotes.iter().any(|quote| quote.state == QuoteState::Sent) {
        viewed(db, booking).await?;
        for quote in quotes.iter_mut().filter(|quote| quote.state == QuoteState::Sent) {
            quote.state = QuoteState::Viewed;
        }
    }
    let now = db.clock.stamp();
    let ids: Vec<i64> = quotes.iter().map(|quote| quote.id).collect();
    let mut payments = payment_reads::of_quotes(db, &ids).await?;
    Ok(quotes
        .into_iter()
        .filter_map(|quote| {
            let paid = payments.remove(&quote.id).unwrap_or_default();
            customer_quote(quote, &paid, online, &now, zone)
        })
        .collect())
}

/// The ids of request `booking`'s quotes the customer sees (sent, and not withdrawn), oldest first.
async fn shown_of_request(db: &Db, booking: i64) -> anyhow::Result<Vec<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT id FROM quotes WHERE booking_id = $1 AND state NOT IN ($2, $3) ORDER BY id",
        )
        .bind(booking)
        .bind(QuoteState::Draft)
        .bind(QuoteState::Withdrawn)
        .fetch_all(pool)
        .await?
    }))
}

/// Keeps the customer's `answer` to quote `id` of request `booking`, while it waits for one: its
/// state, the note, the request marked as the customer's change, and the shop's e-mail, in one
/// transaction.
pub async fn answer(
    db: &Db,
    id: i64,
    booking: i64,
    answer: &NewQuoteAnswer<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    let optional = serde_json::to_string(answer.optional)?;
    let option = answer.option.map(i64::try_from).transpose()?;
    let state = match answer.answer {
        QuoteAnswerKind::Approved => QuoteState::Approved,
        QuoteAnswerKind::ChangesAsked => QuoteState::ChangesAsked,
    };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = tx.waiting(id, booking, &now).await? {
            return Ok(Err(refused));
        }
        sqlx::query("UPDATE quotes SET state = $2, updated_at = $3 WHERE id = $1")
            .bind(id)
            .bind(state)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let answer_id: i64 = sqlx::query_scalar(
            "INSERT INTO quote_answers (quote_id, answer, option, optional, total, deposit, name, message, address, agent,
                                        created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(id)
        .bind(answer.answer)
        .bind(option)
        .bind(&optional)
        .bind(answer.total)
        .bind(answer.deposit)
        .bind(answer.name)
        .bind(answer.message)
        .bind(answer.address)
        .bind(answer.agent)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.add_note(booking, answer.note, VISITOR, &now).await?;
        tx.mark_customer_change(booking, &now).await?;
        tx.enqueue(&QuoteAnswered { quote: id, answer: answer_id }, None, &now, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}
