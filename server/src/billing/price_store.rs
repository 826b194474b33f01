//! The price book, stored: its settings, tax rates and trip fee bands in one transaction, and
//! each part and common job, every change with its audit line.

use super::document::LineKind;
use super::price_book::{
    CommonJob, CommonJobForm, JobLine, KindRate, Part, PartForm, PriceBook, PriceSettings, TripBand,
};
use crate::audit::{AuditWrites as _, Line};
use crate::domain::{CURRENCY, Money, Rate};
use crate::{db::Db, with_db};

/// A part or a common job, as saved.
#[derive(Clone, Copy)]
pub enum Item<'a> {
    Part(&'a PartForm),
    Job(&'a CommonJobForm),
}

/// Which of the price book's lists an item is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum List {
    Parts,
    Jobs,
}

/// Why an item was not saved.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Another item of its list has its name (in any case).
    Taken,
    /// There is no such item.
    Gone,
}

impl Item<'_> {
    pub fn list(self) -> List {
        match self {
            Self::Part(_) => List::Parts,
            Self::Job(_) => List::Jobs,
        }
    }
}

type SettingsRow = (Money, Money, Rate, Option<Money>, Rate, String, i64, bool);

/// The whole price book.
pub async fn book(db: &Db) -> anyhow::Result<PriceBook> {
    let (settings, tax_rates, trip_bands, parts, jobs) = with_db!(db, |pool| {
        let settings: SettingsRow = sqlx::query_as(
            "SELECT labour_rate, insurance_rate, supplies_rate, supplies_cap, card_fee_rate, quote_terms, quote_days,
                    updated_at IS NOT NULL
             FROM price_settings WHERE id = 1",
        )
        .fetch_one(pool)
        .await?;
        let tax_rates: Vec<(LineKind, Rate)> =
            sqlx::query_as("SELECT kind, rate FROM price_tax_rates").fetch_all(pool).await?;
        let trip_bands: Vec<(i64, Money)> =
            sqlx::query_as("SELECT up_to_miles, fee FROM price_trip_bands ORDER BY up_to_miles")
                .fetch_all(pool)
                .await?;
        let parts: Vec<(i64, String, Money, bool)> =
            sqlx::query_as("SELECT id, name, price, prepaid FROM price_parts ORDER BY LOWER(name), id")
                .fetch_all(pool)
                .await?;
        let jobs: Vec<(i64, String, String)> =
            sqlx::query_as("SELECT id, name, lines FROM price_jobs ORDER BY LOWER(name), id")
                .fetch_all(pool)
                .await?;
        (settings, tax_rates, trip_bands, parts, jobs)
    });
    let (
        labour_rate,
        insurance_rate,
        supplies_rate,
        supplies_cap,
        card_fee_rate,
        quote_terms,
        quote_days,
        settings_saved,
    ) = settings;
    let mut tax_rates: Vec<KindRate> =
        tax_rates.into_iter().map(|(kind, rate)| KindRate { kind, rate }).collect();
    tax_rates.sort_by_key(|each| each.kind);
    let jobs = jobs
        .into_iter()
        .map(|(id, name, lines)| {
            let lines: Vec<JobLine> = serde_json::from_str(&lines)?;
            Ok(CommonJob { id, name, lines })
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(PriceBook {
        currency: CURRENCY,
        settings: PriceSettings {
            labour_rate,
            insurance_rate,
            supplies_rate,
            supplies_cap,
            card_fee_rate,
            tax_rates,
            trip_bands: trip_bands
                .into_iter()
                .map(|(up_to_miles, fee)| TripBand { up_to_miles, fee })
                .collect(),
            quote_terms,
            quote_days,
        },
        settings_saved,
        parts: parts
            .into_iter()
            .map(|(id, name, price, prepaid)| Part { id, name, price, prepaid })
            .collect(),
        jobs,
    })
}

/// Saves `settings` (checked) with `line` in the audit log, in one transaction.
pub async fn save_settings(db: &Db, settings: &PriceSettings, line: &Line<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE price_settings SET labour_rate = $1, insurance_rate = $2, supplies_rate = $3, supplies_cap = $4,
                                      card_fee_rate = $5, updated_at = $6, quote_terms = $7, quote_days = $8
             WHERE id = 1",
        )
        .bind(settings.labour_rate)
        .bind(settings.insurance_rate)
        .bind(settings.supplies_rate)
        .bind(settings.supplies_cap)
        .bind(settings.card_fee_rate)
        .bind(now)
        .bind(&settings.quote_terms)
        .bind(settings.quote_days)
        .execute(&mut *tx)
        .await?;
        for each in &settings.tax_rates {
            sqlx::query("UPDATE price_tax_rates SET rate = $2 WHERE kind = $1")
                .bind(each.kind)
                .bind(each.rate)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM price_trip_bands").execute(&mut *tx).await?;
        for band in &settings.trip_bands {
            sqlx::query("INSERT INTO price_trip_bands (up_to_miles, fee) VALUES ($1, $2)")
                .bind(band.up_to_miles)
                .bind(band.fee)
                .execute(&mut *tx)
                .await?;
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(())
    })
}

/// Adds `item` with `line` in the audit log, in one transaction; its id.
pub async fn add(db: &Db, item: Item<'_>, line: &Line<'_>) -> anyhow::Result<Result<i64, Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: sqlx::Result<i64> = match item {
            Item::Part(part) => sqlx::query_scalar(
                "INSERT INTO price_parts (name, price, prepaid, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                 RETURNING id",
            )
            .bind(&part.name)
            .bind(part.price)
            .bind(part.prepaid)
            .bind(now)
            .fetch_one(&mut *tx)
            .await,
            Item::Job(job) => sqlx::query_scalar(
                "INSERT INTO price_jobs (name, lines, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id",
            )
            .bind(&job.name)
            .bind(serde_json::to_string(&job.lines)?)
            .bind(now)
            .fetch_one(&mut *tx)
            .await,
        };
        let id = match id {
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                return Ok(Err(Refused::Taken));
            }
            id => id?,
        };
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(id))
    })
}

/// Changes item `id` to `item` with `line` in the audit log, in one transaction.
pub async fn change(
    db: &Db,
    id: i64,
    item: Item<'_>,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let changed = match item {
            Item::Part(part) => sqlx::query(
                "UPDATE price_parts SET name = $2, price = $3, prepaid = $4, updated_at = $5 WHERE id = $1",
            )
            .bind(id)
            .bind(&part.name)
            .bind(part.price)
            .bind(part.prepaid)
            .bind(now)
            .execute(&mut *tx)
            .await,
            Item::Job(job) => {
                sqlx::query("UPDATE price_jobs SET name = $2, lines = $3, updated_at = $4 WHERE id = $1")
                    .bind(id)
                    .bind(&job.name)
                    .bind(serde_json::to_string(&job.lines)?)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
            }
        };
        match changed {
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                return Ok(Err(Refused::Taken));
            }
            Ok(done) if done.rows_affected() == 0 => return Ok(Err(Refused::Gone)),
            done => done?,
        };
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Takes item `id` out of `list` with `line` in the audit log, in one transaction; false when
/// there was none. Quotes keep the lines they took from it.
pub async fn delete(db: &Db, list: List, id: i64, line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let sql = match list {
        List::Parts => "DELETE FROM price_parts WHERE id = $1",
        List::Jobs => "DELETE FROM price_jobs WHERE id = $1",
    };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if sqlx::query(sql).bind(id).execute(&mut *tx).await?.rows_affected() == 0 {
            return Ok(false);
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}
