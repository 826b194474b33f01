//! Where bookings come from: requests per source page and week, for the admin's table.

use jiff::{ToSpan as _, civil::Date, tz::TimeZone};
use serde::Serialize;

use crate::{clock::At, db::Db, domain::BookingStatus, with_db};

/// The row of bookings whose page is not known (sent before pages were recorded).
pub const UNKNOWN_PAGE: &str = "(not recorded)";

/// Bookings per source page and week, newest week last.
#[derive(Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceTable {
    /// The Monday each week starts on (UTC), `YYYY-MM-DD`, oldest first.
    pub weeks: Vec<String>,
    /// One row per page, the most bookings first, bookings of unknown pages last.
    pub rows: Vec<SourceRow>,
}

#[derive(Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRow {
    pub page: String,
    /// Bookings in each of the weeks.
    pub counts: Vec<u32>,
    pub total: u32,
}

/// The Monday of the week `weeks - 1` weeks before the one `today` is in.
fn first_monday(today: Date, weeks: u8) -> Date {
    let monday = today - i64::from(today.weekday().to_monday_zero_offset()).days();
    monday - i64::from(weeks.saturating_sub(1)).weeks()
}

/// Counts `bookings` ((page, created_at)) into `weeks` weeks ending with the one `today` is in.
pub fn tabulate(bookings: &[(Option<String>, At)], today: Date, weeks: u8) -> SourceTable {
    let first = first_monday(today, weeks);
    let mut rows: Vec<SourceRow> = Vec::new();
    for (page, created_at) in bookings {
        let day = created_at.date(&TimeZone::UTC);
        if day < first {
            continue;
        }
        let Ok(week) = usize::try_from(first.until(day).map_or(i32::MAX, |span| span.get_days() / 7)) else {
            continue;
        };
        if week >= usize::from(weeks) {
            continue;
        }
        let page = page.as_deref().unwrap_or(UNKNOWN_PAGE);
        let row = match rows.iter().position(|row| row.page == page) {
            Some(index) => &mut rows[index],
            None => {
                rows.push(SourceRow { page: page.to_owned(), counts: vec![0; usize::from(weeks)], total: 0 });
                rows.last_mut().expect("just pushed")
            }
        };
        row.counts[week] += 1;
        row.total += 1;
    }
    // The most bookings first; bookings whose page was not recorded last.
    rows.sort_by(|a, b| {
        (a.page == UNKNOWN_PAGE, b.total, &a.page).cmp(&(b.page == UNKNOWN_PAGE, a.total, &b.page))
    });
    let weeks = (0..weeks).map(|n| (first + i64::from(n).weeks()).to_string()).collect();
    SourceTable { weeks, rows }
}

/// The table of the last `weeks` weeks (this one included), spam left out.
pub async fn table(db: &Db, weeks: u8) -> anyhow::Result<SourceTable> {
    let today = db.clock.today(&TimeZone::UTC);
    let since = first_monday(today, weeks).to_zoned(TimeZone::UTC).map(|day| At::from(day.timestamp()))?;
    let bookings: Vec<(Option<String>, At)> = with_db!(db, |pool| {
        sqlx::query_as("SELECT source_page, created_at FROM bookings WHERE created_at >= $1 AND status <> $2")
            .bind(since)
            .bind(BookingStatus::Spam)
            .fetch_all(pool)
            .await?
    });
    Ok(tabulate(&bookings, today, weeks))
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    fn at(page: Option<&str>, when: &str) -> (Option<String>, At) {
        (page.map(str::to_owned), format!("{when}T12:00:00.000Z").parse().unwrap())
    }

    #[test]
    fn bookings_are_counted_per_page_and_monday_week() {
        // Sunday 2026-11-22 is in the week of Monday 2026-11-16.
        let today = date(2026, 11, 22);
        let bookings = [
            at(Some("/service-areas/aurora"), "2026-11-16"),
            at(Some("/service-areas/aurora"), "2026-11-22"),
            at(Some("/"), "2026-11-15"),
            at(Some("/service-areas/aurora"), "2026-11-09"),
            at(None, "2026-11-10"),
            at(Some("/"), "2026-11-01"),
        ];
        let table = tabulate(&bookings, today, 3);
        assert_eq!(table.weeks, ["2026-11-02", "2026-11-09", "2026-11-16"]);
        assert_eq!(
            table.rows,
            [
                SourceRow { page: "/service-areas/aurora".into(), counts: vec![0, 1, 2], total: 3 },
                SourceRow { page: "/".into(), counts: vec![0, 1, 0], total: 1 },
                SourceRow { page: UNKNOWN_PAGE.into(), counts: vec![0, 1, 0], total: 1 },
            ]
        );
    }

    #[test]
    fn bookings_outside_the_weeks_are_left_out() {
        let table =
            tabulate(&[at(Some("/"), "2026-10-01"), at(Some("/"), "2026-12-01")], date(2026, 11, 23), 4);
        assert!(table.rows.is_empty());
        assert_eq!(table.weeks.first().map(String::as_str), Some("2026-11-02"));
    }
}
