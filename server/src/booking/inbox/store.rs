//! Which bookings the admin sees and in what order, a page at a time: the inbox's filters
//! (status, urgent, the page a request was started on, the days it arrived, one customer's
//! requests, a search), its order (open emergencies, then open urgent requests, then the rest;
//! newest first in each) and the cursor that pages through every booking. The CSV export reads
//! the same pages.
//!
//! Pages are cut by the last row's sort key, not by an offset: a deep page costs what the first
//! does, and a booking arriving meanwhile never shifts a booking onto two pages.

use std::collections::HashMap;

use jiff::{civil::Date, tz::TimeZone};
use serde::{Deserialize, Serialize};

use super::search::Search;
use crate::booking::{
    records::{self, BookingRow, open_rank, row_columns},
    views::BookingRecord,
};
use crate::{
    clock,
    db::Db,
    domain::{BookingId, BookingStatus},
    error::ApiError,
    with_db,
};

/// `status` if it is one the admin can set, else a 422 naming the field.
fn known_status(status: &str) -> Result<BookingStatus, ApiError> {
    status.parse().map_err(|_| ApiError::invalid("status", "Unknown status"))
}

/// The inbox's query string (the CSV export takes the same and ignores the cursors).
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Params {
    /// Only bookings with this status (new, contacted, scheduled, done, cancelled, spam); empty for all.
    status: Option<String>,
    /// Only bookings whose name, e-mail, phone number (any punctuation), details, location or
    /// answers contain this.
    q: Option<String>,
    /// true: only urgent requests.
    urgent: Option<bool>,
    /// Only requests started on this page.
    source: Option<String>,
    /// Received on or after this day (YYYY-MM-DD, the shop's clock).
    from: Option<String>,
    /// Received on or before this day (YYYY-MM-DD, the shop's clock).
    to: Option<String>,
    /// Only the requests with this booking's phone number or e-mail address.
    customer: Option<i64>,
    /// The page after this cursor (the `older` of an earlier answer).
    after: Option<String>,
    /// The page before this cursor (the `newer` of an earlier answer).
    before: Option<String>,
}

/// The bookings a list shows.
#[derive(Default)]
pub struct Filter {
    status: Option<BookingStatus>,
    search: Option<Search>,
    urgent: bool,
    source: Option<String>,
    /// Received at or after this instant, and before that one.
    from: Option<clock::At>,
    until: Option<clock::At>,
    customer: Option<i64>,
}

impl Filter {
    pub fn status(&self) -> Option<BookingStatus> {
        self.status
    }

    pub fn customer(&self) -> Option<i64> {
        self.customer
    }
}

/// Where a page starts.
pub enum Position {
    Newest,
    /// Older than this key.
    After(Key),
    /// Newer than this key.
    Before(Key),
}

/// A booking's place in the inbox's order.
pub struct Key {
    /// `open_rank`: 2 for an open emergency, 1 for an open urgent request, else 0.
    open_rank: i64,
    created_at: clock::At,
    id: i64,
}

impl Key {
    fn of(row: &BookingRow) -> Self {
        Self { open_rank: row.open_rank, created_at: row.created_at, id: row.id }
    }

    /// "2.1234.2026-11-23T15:15:00.000Z": opaque to the browser, readable in a log.
    pub fn cursor(&self) -> String {
        format!("{}.{}.{}", self.open_rank, self.id, self.created_at)
    }

    fn parse(cursor: &str) -> Option<Self> {
        let mut parts = cursor.splitn(3, '.');
        let open_rank = match parts.next()? {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            _ => return None,
        };
        let id = parts.next()?.parse().ok()?;
        let created_at = parts.next()?.parse().ok()?;
        Some(Self { open_rank, created_at, id })
    }
}

const NOT_A_PAGE: &str = "This page of the list is not known; start again from the newest requests";

impl Params {
    /// The filter and the page asked for, days read on the shop's clock (`zone`); a 422 names
    /// the first value that is wrong.
    pub fn read(&self, zone: &TimeZone) -> Result<(Filter, Position), ApiError> {
        let status = self.status.as_deref().filter(|s| !s.is_empty()).map(known_status).transpose()?;
        let from = day(self.from.as_deref(), "from")?;
        let to = day(self.to.as_deref(), "to")?;
        if let (Some(from), Some(to)) = (from, to)
            && to < from
        {
            return Err(ApiError::invalid("to", "The last day is before the first"));
        }
        let start_of = |date: Date| -> Result<clock::At, ApiError> {
            let at = date.to_zoned(zone.clone()).map_err(|_| ApiError::invalid("from", "Not a day"))?;
            Ok(clock::At::from(at.timestamp()))
        };
        let next_day = |date: Date| date.tomorrow().map_err(|_| ApiError::invalid("to", "Not a day"));
        let filter = Filter {
            status,
            search: self.q.as_deref().and_then(Search::new),
            urgent: self.urgent.unwrap_or(false),
            source: self.source.clone().filter(|s| !s.is_empty()),
            from: from.map(start_of).transpose()?,
            until: to.map(next_day).transpose()?.map(start_of).transpose()?,
            customer: self.customer,
        };
        let at = match (&self.after, &self.before) {
            (Some(_), Some(_)) => {
                return Err(ApiError::invalid("before", "Ask for the page after or before, not both"));
            }
            (Some(after), None) => {
                Position::After(Key::parse(after).ok_or(ApiError::invalid("after", NOT_A_PAGE))?)
            }
            (None, Some(before)) => {
                Position::Before(Key::parse(before).ok_or(ApiError::invalid("before", NOT_A_PAGE))?)
            }
            (None, None) => Position::Newest,
        };
        Ok((filter, at))
    }
}

/// "2026-11-23" as a date; a 422 on `field` when it is not one.
fn day(text: Option<&str>, field: &'static str) -> Result<Option<Date>, ApiError> {
    text.filter(|t| !t.is_empty())
        .map(|t| t.parse::<Date>().map_err(|_| ApiError::invalid(field, "Enter a day as YYYY-MM-DD")))
        .transpose()
}

/// The filter's conditions but the search's, with parameters $1 to $6 as `binds!` binds them.
const CONDITIONS: &str = "($1 IS NULL OR status = $1)
     AND (NOT $2 OR urgent)
     AND ($3 IS NULL OR source_page = $3)
     AND ($4 IS NULL OR created_at >= $4)
     AND ($5 IS NULL OR created_at < $5)
     AND ($6 IS NULL OR id = $6
          OR LOWER(email) = (SELECT LOWER(c.email) FROM bookings c WHERE c.id = $6 AND c.email <> '')
          OR phone_national = (SELECT c.phone_national FROM bookings c WHERE c.id = $6))";

impl Filter {
    /// The filter's conditions, with parameters $1 to $8. The search is two lookups in the
    /// trigram index (the text, then the phone digits), not one with OR, which the index cannot
    /// answer; LIKE gets an ESCAPE only when the search has a wildcard to take literally, as
    /// SQLite's index cannot answer one with ESCAPE either (PostgreSQL escapes with \ anyway).
    fn conditions(&self) -> String {
        let escape =
            if self.search.as_ref().is_some_and(|s| s.text().contains('\\')) { " ESCAPE '\\'" } else { "" };
        format!(
            "{CONDITIONS}
             AND ($7 IS NULL OR id IN (SELECT booking_id FROM booking_search WHERE text LIKE $7{escape}
                  UNION ALL SELECT booking_id FROM booking_search WHERE $8 IS NOT NULL AND text LIKE $8))"
        )
    }
}

/// Binds `$filter`'s values to `$query` as $1 to $8 (`Filter::conditions`), `$status` as $1.
macro_rules! binds {
    ($query:expr, $filter:expr, $status:expr) => {
        $query
            .bind($status)
            .bind($filter.urgent)
            .bind($filter.source.as_deref())
            .bind($filter.from)
            .bind($filter.until)
            .bind($filter.customer)
            .bind($filter.search.as_ref().map(Search::text))
            .bind($filter.search.as_ref().and_then(Search::digits))
    };
}

/// One page of a list, and where the pages around it start.
pub struct Page {
    pub bookings: Vec<BookingRecord>,
    /// The next page (older requests) is after this key, if there is one.
    pub older: Option<Key>,
    /// The page before (newer requests) is before this key, if there is one.
    pub newer: Option<Key>,
}

/// The page of at most `size` bookings matching `filter` at `at`.
pub async fn page(db: &Db, filter: &Filter, at: &Position, size: u32) -> anyhow::Result<Page> {
    let (key, comparison, order) = match at {
        Position::Newest => (None, "<", "DESC"),
        Position::After(key) => (Some(key), "<", "DESC"),
        Position::Before(key) => (Some(key), ">", "ASC"),
    };
    let (columns, rank) = (row_columns(), open_rank());
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {columns} FROM bookings WHERE {}
         AND ($9 IS NULL OR ({rank}, created_at, id) {comparison} ($9, $10, $11))
         ORDER BY {rank} {order}, created_at {order}, id {order} LIMIT $12",
        filter.conditions()
    ));
    let mut rows: Vec<BookingRow> = with_db!(db, |pool| {
        binds!(sqlx::query_as(sql), filter, filter.status)
            .bind(key.map(|k| k.open_rank))
            .bind(key.map(|k| k.created_at))
            .bind(key.map(|k| k.id))
            .bind(i64::from(size) + 1)
            .fetch_all(pool)
            .await?
    });
    let more = rows.len() > size as usize;
    rows.truncate(size as usize);
    if matches!(at, Position::Before(_)) {
        rows.reverse();
    }
    let (first, last) = (rows.first().map(Key::of), rows.last().map(Key::of));
    let (older, newer) = match at {
        Position::Newest => (more.then_some(last).flatten(), None),
        Position::After(_) => (more.then_some(last).flatten(), first),
        Position::Before(_) => (last, more.then_some(first).flatten()),
    };
    Ok(Page { bookings: records::records(db, rows).await?, older, newer })
}

/// How many bookings match `filter` but for its status, per status (every status named).
pub async fn counts(db: &Db, filter: &Filter) -> anyhow::Result<HashMap<BookingStatus, i64>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT status, COUNT(*) FROM bookings WHERE {} GROUP BY status",
        filter.conditions()
    ));
    let rows: Vec<(String, i64)> =
        with_db!(db, |pool| binds!(sqlx::query_as(sql), filter, None::<BookingStatus>)
            .fetch_all(pool)
            .await?);
    let mut counts: HashMap<BookingStatus, i64> =
        BookingStatus::ALL.iter().map(|status| (*status, 0)).collect();
    for (status, count) in rows {
        if let Ok(known) = status.parse() {
            counts.insert(known, count);
        }
    }
    Ok(counts)
}

/// How many other requests have the phone number or e-mail address of each of `bookings` (an
/// erased request has neither).
pub async fn count_other_requests(db: &Db, bookings: &mut [BookingRecord]) -> anyhow::Result<()> {
    if bookings.is_empty() {
        return Ok(());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT b.id, (SELECT COUNT(*) FROM bookings o WHERE o.id != b.id
             AND ((b.email <> '' AND LOWER(o.email) = LOWER(b.email)) OR o.phone_national = b.phone_national))
         FROM bookings b WHERE b.id IN ({})",
        crate::db::placeholders(bookings.len())
    ));
    let counts: HashMap<i64, i64> = with_db!(db, |pool| {
        let mut query = sqlx::query_as::<_, (i64, i64)>(sql);
        for booking in bookings.iter() {
            query = query.bind(booking.id);
        }
        query.fetch_all(pool).await?.into_iter().collect()
    });
    for booking in bookings {
        booking.other_requests = counts.get(&booking.id).copied().unwrap_or(0);
    }
    Ok(())
}

/// The customer a list is narrowed to.
#[derive(Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Customer {
    name: String,
    phone: String,
    email: String,
}

/// The name, phone and e-mail of booking `id`, if there is one.
pub async fn customer(db: &Db, id: BookingId) -> anyhow::Result<Option<Customer>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT name, phone, email FROM bookings WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// The pages bookings were started on, for the inbox's source filter (the first 100 by name).
pub async fn sources(db: &Db) -> anyhow::Result<Vec<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "SELECT DISTINCT source_page FROM bookings WHERE source_page IS NOT NULL ORDER BY source_page LIMIT 100",
        )
        .fetch_all(pool)
        .await?
    }))
}

#[cfg(test)]
mod tests {
    use super::Key;

    #[test]
    fn a_cursor_reads_back_and_nothing_else_does() {
        let key = Key { open_rank: 2, created_at: "2026-11-23T15:15:00.000Z".parse().unwrap(), id: 42 };
        let read = Key::parse(&key.cursor()).expect("a cursor");
        assert_eq!(read.open_rank, 2);
        assert_eq!((read.id, read.created_at.to_string().as_str()), (42, "2026-11-23T15:15:00.000Z"));
        for bad in ["", "1", "3.42.2026-11-23T15:15:00.000Z", "1.x.2026-11-23T15:15:00.000Z", "0.1.yesterday"]
        {
            assert!(Key::parse(bad).is_none(), "{bad}");
        }
    }
}
