//! Quotes, stored: made from a request with the price book's figures of the day, saved whole
//! while a draft (the quote and its lines in one transaction), listed by request, and deleted
//! while a draft. Making and deleting one are in the audit log; a draft's saves are not.

use super::document::LineKind;
use super::price_book::KindRate;
use super::quote::{
    Deposit, DepositKind, LabourRate, QuoteForm, QuoteLine, QuoteOption, QuoteRates, QuoteState,
};
use super::quote_sending::{QuoteAnswer, QuoteAnswerKind, QuoteSending};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::shared_store::BookingStatements as _;
use crate::clock::At;
use crate::domain::{Money, Quantity, Rate};
use crate::{db::Db, for_both_connections, with_db};

/// A quote as stored.
pub struct StoredQuote {
    pub id: i64,
    pub number: String,
    pub booking_id: i64,
    pub customer_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub trailer_id: Option<i64>,
    pub state: QuoteState,
    pub rates: QuoteRates,
    pub form: QuoteForm,
    pub updated_at: At,
    /// Once it is sent.
    pub sending: Option<QuoteSending>,
    /// The customer's answers, oldest first.
    pub answers: Vec<QuoteAnswer>,
}

impl StoredQuote {
    /// Where it stands at `now` (a sent quote waiting past its date has expired).
    pub fn state_at(&self, now: &At) -> QuoteState {
        self.sending.as_ref().map_or(self.state, |sending| sending.state_at(self.state, now))
    }

    /// The customer's approval, when they approved it.
    pub fn approved(&self) -> Option<&QuoteAnswer> {
        let approved = self.state == QuoteState::Approved;
        approved
            .then(|| self.answers.iter().rev().find(|answer| answer.answer == QuoteAnswerKind::Approved))
            .flatten()
    }

    /// The deposit of the option the customer approved (0 until they do).
    pub fn deposit_asked(&self) -> Money {
        self.approved().and_then(|answer| answer.deposit).unwrap_or_default()
    }
}

/// Why a quote was not made or changed.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The request has no customer (spam), or there is no such request.
    NoCustomer,
    /// There is no such quote.
    Gone,
    /// It has been sent: a sent quote is not changed.
    NotDraft,
    /// It is no longer waiting for an answer (answered, withdrawn, or past its date).
    NotWaiting,
}

#[derive(sqlx::FromRow)]
struct QuoteRow {
    id: i64,
    number: String,
    booking_id: i64,
    customer_id: i64,
    trailer_id: Option<i64>,
    state: QuoteState,
    rate: LabourRate,
    standard_rate: Money,
    insurance_rate: Money,
    supplies_rate: Rate,
    supplies_cap: Option<Money>,
    tax_rates: String,
    option_titles: String,
    deposit_kind: DepositKind,
    deposit_amount: Money,
    deposit_rate: Rate,
    message: String,
    updated_at: At,
    terms: Option<String>,
    sent_at: Option<At>,
    expires_at: Option<At>,
    viewed_at: Option<At>,
    emailed_at: Option<At>,
    email_error: Option<String>,
    texted_at: Option<At>,
    reminded_at: Option<At>,
}

type LineRow = (i64, LineKind, String, Quantity, Option<Money>, bool);

const COLUMNS: &str =
    "id, number, booking_id, customer_id, trailer_id, state, rate, standard_rate, insurance_rate,
                       supplies_rate, supplies_cap, tax_rates, option_titles, deposit_kind, deposit_amount,
                       deposit_rate, message, updated_at, terms, sent_at, expires_at, viewed_at, emailed_at,
                       email_error, texted_at, reminded_at";

/// The quote of `row` with its `lines` (by option and place).
fn assembled(
    row: QuoteRow,
    name: String,
    lines: Vec<LineRow>,
    answers: Vec<QuoteAnswer>,
) -> anyhow::Result<StoredQuote> {
    let titles: Vec<String> = serde_json::from_str(&row.option_titles)?;
    let tax_rates: Vec<KindRate> = serde_json::from_str(&row.tax_rates)?;
    let mut options: Vec<QuoteOption> =
        titles.into_iter().map(|title| QuoteOption { title, lines: Vec::new() }).collect();
    for (option, kind, description, quantity, price, optional) in lines {
        let option = usize::try_from(option).ok().and_then(|n| options.get_mut(n));
        let option = option.ok_or_else(|| anyhow::anyhow!("quote {}: a line of no option", row.id))?;
        option.lines.push(QuoteLine { kind, description, quantity, price, optional });
    }
    Ok(StoredQuote {
        id: row.id,
        number: row.number,
        booking_id: row.booking_id,
        customer_id: row.customer_id,
        name,
        trailer_id: row.trailer_id,
        state: row.state,
        rates: QuoteRates {
            standard_rate: row.standard_rate,
            insurance_rate: row.insurance_rate,
            supplies_rate: row.supplies_rate,
            supplies_cap: row.supplies_cap,
            tax_rates,
        },
        form: QuoteForm {
            rate: row.rate,
            options,
            deposit: Deposit { kind: row.deposit_kind, amount: row.deposit_amount, rate: row.deposit_rate },
            message: row.message,
        },
        updated_at: row.updated_at,
        sending: match (row.sent_at, row.expires_at) {
            (Some(sent_at), Some(expires_at)) => Some(QuoteSending {
                sent_at,
                expires_at,
                viewed_at: row.viewed_at,
                emailed_at: row.emailed_at,
                email_error: row.email_error,
                texted_at: row.texted_at,
                reminded_at: row.reminded_at,
                terms: row.terms.unwrap_or_default(),
            }),
            _ => None,
        },
        answers,
    })
}

/// What a change of a quote checks first, and writes, inside its transaction.
pub(super) trait QuoteStatements {
    /// Whether quote `id` is a draft: Gone or NotDraft when not.
    fn draft(&mut self, id: i64) -> impl Future<Output = sqlx::Result<Result<(), Refused>>> + Send;

    /// Writes `form` (checked) as draft `id`'s, its lines replaced, at `now`.
    fn write_form(
        &mut self,
        id: i64,
        form: &QuoteForm,
        now: &At,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

for_both_connections!(impl QuoteStatements {
    async fn draft(&mut self, id: i64) -> sqlx::Result<Result<(), Refused>> {
        let state: Option<QuoteState> =
            sqlx::query_scalar("SELECT state FROM quotes WHERE id = $1").bind(id).fetch_optional(&mut *self).await?;
        Ok(match state {
            None => Err(Refused::Gone),
            Some(QuoteState::Draft) => Ok(()),
            Some(_) => Err(Refused::NotDraft),
        })
    }

    async fn write_form(&mut self, id: i64, form: &QuoteForm, now: &At) -> anyhow::Result<()> {
        let titles = serde_json::to_string(&form.options.iter().map(|option| &option.title).collect::<Vec<_>>())?;
        sqlx::query(
            "UPDATE quotes SET rate = $2, option_titles = $3, deposit_kind = $4, deposit_amount = $5, deposit_rate = $6,
                               message = $7, updated_at = $8
             WHERE id = $1",
        )
        .bind(id)
        .bind(form.rate)
        .bind(&titles)
        .bind(form.deposit.kind)
        .bind(form.deposit.amount)
        .bind(form.deposit.rate)
        .bind(&form.message)
        .bind(now)
        .execute(&mut *self)
        .await?;
        sqlx::query("DELETE FROM quote_lines WHERE quote_id = $1").bind(id).execute(&mut *self).await?;
        for (option, each) in (0_i64..).zip(&form.options) {
            for (position, line) in (0_i64..).zip(&each.lines) {
                sqlx::query(
                    "INSERT INTO quote_lines (quote_id, option, position, kind, description, quantity, price, optional)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(id)
                .bind(option)
                .bind(position)
                .bind(line.kind)
                .bind(&line.description)
                .bind(line.quantity)
                .bind(line.price)
                .bind(line.optional)
                .execute(&mut *self)
                .await?;
            }
        }
        Ok(())
    }
});

/// Quote `id`, if there is one, with its customer's name.
pub async fn find(db: &Db, id: i64) -> anyhow::Result<Option<StoredQuote>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM quotes WHERE id = $1"));
    let (row, lines) = with_db!(db, |pool| {
        let Some(row): Option<QuoteRow> = sqlx::query_as(sql).bind(id).fetch_optional(pool).await? else {
            return Ok(None);
        };
        let lines: Vec<LineRow> = sqlx::query_as(
            "SELECT option, kind, description, quantity, price, optional FROM quote_lines
             WHERE quote_id = $1 ORDER BY option, position",
        )
        .bind(id)
        .fetch_all(pool)
        .await?;
        (row, lines)
    });
    let answers = answers(db, id).await?;
    let name = crate::customers::reads::names(db, &[row.customer_id])
        .await?
        .remove(&row.customer_id)
        .unwrap_or_default();
    assembled(row, name, lines, answers).map(Some)
}

/// The ids of request `booking`'s quotes, oldest first.
pub async fn of_request(db: &Db, booking: i64) -> anyhow::Result<Vec<i64>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT id FROM quotes WHERE booking_id = $1 ORDER BY id")
            .bind(booking)
            .fetch_all(pool)
            .await?
    }))
}

/// A draft to make.
pub struct NewQuote<'a> {
    pub booking: i64,
    /// The price book's figures of today.
    pub rates: &'a QuoteRates,
    /// The shop's year, which numbers it.
    pub year: i16,
    /// Who makes it.
    pub user: i64,
    /// Its options, lines, deposit and note: blank, or a sent quote's.
    pub form: &'a QuoteForm,
    /// The sent quote it revises, withdrawn with it while that one waits for an answer.
    pub replaces: Option<i64>,
}

/// Makes draft `new` with `line` in the audit log, in one transaction; its id.
pub async fn create(db: &Db, new: &NewQuote<'_>, line: &Line<'_>) -> anyhow::Result<Result<i64, Refused>> {
    let now = db.clock.stamp();
    let (booking, year) = (new.booking, new.year);
    let tax_rates = serde_json::to_string(&new.rates.tax_rates)?;
    let withdraw = format!(
        "UPDATE quotes SET state = $2, updated_at = $3 WHERE id = $1 AND state {} AND expires_at >= $3",
        crate::db::in_names(&QuoteState::WAITING)
    );
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let Some(contact) = tx.contact(booking).await? else {
            return Ok(Err(Refused::NoCustomer));
        };
        let Some(customer) = contact.customer_id else {
            return Ok(Err(Refused::NoCustomer));
        };
        // The year's next number, counted in the transaction: a number is given once, and two
        // copies making one at once take turns on the year's row.
        let count: i64 = sqlx::query_scalar(
            "INSERT INTO quote_numbers (year, last) VALUES ($1, 1)
             ON CONFLICT (year) DO UPDATE SET last = quote_numbers.last + 1 RETURNING last",
        )
        .bind(i64::from(year))
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO quotes (number, booking_id, customer_id, trailer_id, state, rate, standard_rate, insurance_rate,
                                 supplies_rate, supplies_cap, tax_rates, option_titles, deposit_kind, deposit_amount,
                                 deposit_rate, message, created_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '[]', $12, 0, 0, '', $13, $14, $14)
             RETURNING id",
        )
        .bind(format!("Q-{year}-{count:04}"))
        .bind(booking)
        .bind(customer)
        .bind(contact.trailer_id)
        .bind(QuoteState::Draft)
        .bind(new.form.rate)
        .bind(new.rates.standard_rate)
        .bind(new.rates.insurance_rate)
        .bind(new.rates.supplies_rate)
        .bind(new.rates.supplies_cap)
        .bind(&tax_rates)
        .bind(new.form.deposit.kind)
        .bind(new.user)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.write_form(id, new.form, &now).await?;
        if let Some(old) = new.replaces {
            sqlx::query(sqlx::AssertSqlSafe(withdraw.clone()))
                .bind(old)
                .bind(QuoteState::Withdrawn)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(id))
    })
}

/// Saves draft `id` as `form` (checked), its lines replaced, in one transaction.
pub async fn save(db: &Db, id: i64, form: &QuoteForm) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = tx.draft(id).await? {
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
        if let Err(refused) = tx.draft(id).await? {
            return Ok(Err(refused));
        }
        sqlx::query("DELETE FROM quote_lines WHERE quote_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM quotes WHERE id = $1").bind(id).execute(&mut *tx).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

type AnswerRow = (
    i64,
    QuoteAnswerKind,
    At,
    Option<i64>,
    Option<String>,
    Option<Money>,
    Option<Money>,
    Option<String>,
    Option<String>,
    String,
    String,
);

/// Quote `id`'s answers, oldest first.
pub async fn answers(db: &Db, id: i64) -> anyhow::Result<Vec<QuoteAnswer>> {
    let rows: Vec<AnswerRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, answer, created_at, option, optional, total, deposit, name, message, address, agent
             FROM quote_answers WHERE quote_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(pool)
        .await?
    });
    rows.into_iter()
        .map(|(id, answer, at, option, optional, total, deposit, name, message, address, agent)| {
            Ok(QuoteAnswer {
                id,
                answer,
                at,
                option: option.map(usize::try_from).transpose()?,
                optional: optional.map(|list| serde_json::from_str(&list)).transpose()?.unwrap_or_default(),
                total,
                deposit,
                name,
                message,
                address,
                agent,
            })
        })
        .collect()
}
