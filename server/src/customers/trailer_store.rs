//! The customers' trailers, stored: added and changed on a customer's record, and named by a
//! request, each with its audit line in one transaction (read by `trailer_reads`).

use super::store::{CustomerWrites as _, Refused};
use crate::audit::{AuditWrites as _, Line};
use crate::booking::shared_store::BookingStatements as _;
use crate::{db::Db, with_db};

/// A trailer as the owner saves it, checked.
pub struct TrailerFields {
    pub kind_key: String,
    pub kind_text: String,
    pub make: String,
    pub model: String,
    pub year: Option<i64>,
    pub vin: String,
    pub plate: String,
    pub plate_state: String,
    pub axles: Option<i64>,
    pub gvwr_lbs: Option<i64>,
    pub colour: String,
}

/// `query` with the trailer's fields bound next, in `TrailerFields`' order (kind key to colour).
macro_rules! bind_fields {
    ($query:expr, $fields:expr) => {
        $query
            .bind(&$fields.kind_key)
            .bind(&$fields.kind_text)
            .bind(&$fields.make)
            .bind(&$fields.model)
            .bind($fields.year)
            .bind(&$fields.vin)
            .bind(&$fields.plate)
            .bind(&$fields.plate_state)
            .bind($fields.axles)
            .bind($fields.gvwr_lbs)
            .bind(&$fields.colour)
    };
}

/// Adds a trailer to customer `customer` with `line` in the audit log, in one transaction; its id.
pub async fn add(
    db: &Db,
    customer: i64,
    fields: &TrailerFields,
    line: &Line<'_>,
) -> anyhow::Result<Result<i64, Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = super::store::live_in(&mut *tx, customer).await? {
            return Ok(Err(refused));
        }
        let query = sqlx::query_scalar(
            "INSERT INTO trailers (customer_id, kind_key, kind_text, make, model, year, vin, plate, plate_state, axles,
                                   gvwr_lbs, colour, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id",
        )
        .bind(customer);
        let id: i64 = bind_fields!(query, fields).bind(now).fetch_one(&mut *tx).await?;
        tx.refresh_search(customer).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(id))
    })
}

/// Changes trailer `trailer` of customer `customer` with `line` in the audit log, in one
/// transaction.
pub async fn change(
    db: &Db,
    customer: i64,
    trailer: i64,
    fields: &TrailerFields,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = super::store::live_in(&mut *tx, customer).await? {
            return Ok(Err(refused));
        }
        let query = sqlx::query(
            "UPDATE trailers SET kind_key = $3, kind_text = $4, make = $5, model = $6, year = $7, vin = $8, plate = $9,
                                 plate_state = $10, axles = $11, gvwr_lbs = $12, colour = $13, updated_at = $14
             WHERE id = $1 AND customer_id = $2",
        )
        .bind(trailer)
        .bind(customer);
        let changed = bind_fields!(query, fields).bind(now).execute(&mut *tx).await?.rows_affected();
        if changed == 0 {
            return Ok(Err(Refused::NoSuchTrailer));
        }
        tx.refresh_search(customer).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Request `booking` is about trailer `trailer` (one of its customer's), or about none, with
/// `line` in the audit log, in one transaction.
pub async fn link(
    db: &Db,
    booking: i64,
    trailer: Option<i64>,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let Some(customer) = tx.contact(booking).await?.and_then(|contact| contact.customer_id) else {
            return Ok(Err(Refused::NotTheirs));
        };
        if let Some(trailer) = trailer {
            let theirs: Option<i64> =
                sqlx::query_scalar("SELECT id FROM trailers WHERE id = $1 AND customer_id = $2")
                    .bind(trailer)
                    .bind(customer)
                    .fetch_optional(&mut *tx)
                    .await?;
            if theirs.is_none() {
                return Ok(Err(Refused::NoSuchTrailer));
            }
        }
        tx.set_trailer(booking, trailer).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}
