//! `GET /api/admin/today`: the owner's front desk, the admin's landing page. Open emergencies
//! first; then the requests nobody has answered yet, the longest waiting first, each marked when it has
//! waited longer than the site promises; today's and tomorrow's jobs; then what else needs the
//! owner: times to confirm, changes the customers made, deliveries that failed for good; and
//! the week's response times against the promise. A handful of indexed queries, however many
//! requests there are.

use std::{collections::HashMap, sync::Arc, time::Duration};

use axum::{Json, extract::State};
use jiff::{Span, Timestamp, civil::Time};
use serde::Serialize;

use super::{
    records,
    response::{self, Measure, ResponseTimes},
};
use crate::{
    api_doc::AdminRefusals,
    auth::guard::Admin,
    clock,
    content::Content,
    db::Db,
    error::ApiError,
    schedule::{
        calendar::Calendar,
        jobs::{self, Job},
    },
    site::SiteDetails,
    with_db,
};

/// Rows each list shows at most (its count says how many there are).
const SHOWN: i64 = 25;
/// How far back failed deliveries are shown.
const FAILED_SINCE: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// The period of the response times.
const WEEK: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// A request in one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestLine {
    pub id: i64,
    pub name: String,
    pub phone: String,
    /// The picked answers: "Enclosed Trailer · Repairs needed · Need mobile service".
    pub summary: String,
    /// Where the trailer is: the service-area city, else the place as typed, else none.
    pub place: Option<String>,
    pub created_at: String,
    pub status: String,
    pub emergency: bool,
    pub urgent: bool,
    /// Answered already (a status, a tap on Call, Text or E-mail, a note, a time).
    pub answered: bool,
    /// Unanswered for longer than the site promises.
    pub overdue: bool,
}

/// A change the customer made with their link, not yet acted on.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerChange {
    pub request: RequestLine,
    pub changed_at: String,
    /// What they did, as the note their change left says ("Asked for another time: ...").
    pub what: String,
}

/// A delivery that failed for good.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedDelivery {
    /// The request it was about (none for a test or the weekly report).
    pub booking_id: Option<i64>,
    pub name: Option<String>,
    /// email, webhook, confirmation or push.
    pub channel: String,
    pub purpose: String,
    pub last_error: Option<String>,
    pub failed_at: String,
}

/// A list and how many it has in all.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Lines<T> {
    /// The first 25 at most.
    pub shown: Vec<T>,
    pub total: i64,
}

/// A day's jobs.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Day {
    /// "2026-11-26", on the shop's clock.
    pub date: String,
    pub jobs: Vec<Job>,
}

/// The front desk.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Today {
    /// Open emergencies (new or contacted, not cancelled), the longest waiting first.
    pub emergencies: Lines<RequestLine>,
    /// Requests nobody answered yet (emergencies are above), the longest waiting first.
    pub unanswered: Lines<RequestLine>,
    /// Today's and tomorrow's jobs, soonest first.
    pub today: Day,
    pub tomorrow: Day,
    /// Times asked for and not yet confirmed, soonest first.
    pub to_confirm: Lines<RequestLine>,
    pub customer_changes: Lines<CustomerChange>,
    /// Deliveries of the last 7 days that failed for good, newest first.
    pub failed_deliveries: Lines<FailedDelivery>,
    /// The last 7 days' response times.
    pub response: ResponseTimes,
}

/// `GET /api/admin/today`.
#[utoipa::path(
    get,
    path = "/today",
    tag = "admin",
    security(("session" = [])),
    responses((status = 200, description = "The front desk.", body = Today), AdminRefusals)
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
) -> Result<Json<Today>, ApiError> {
    let content = site.content();
    let now = Timestamp::now();
    let measure = Measure::new(&content);
    let calendar = Calendar::new(&content);
    let today = now.to_zoned(calendar.zone().clone()).date();
    let tomorrow = today.checked_add(Span::new().days(1)).map_err(anyhow::Error::from)?;
    let day_after = tomorrow.checked_add(Span::new().days(1)).map_err(anyhow::Error::from)?;
    let midnight = |date| calendar.instant(date, Time::midnight()).unwrap_or(now);
    let (emergencies, unanswered, to_confirm, changes, failed, jobs, response) = tokio::try_join!(
        lines(&db, LineQuery::Emergencies),
        lines(&db, LineQuery::Unanswered),
        lines(&db, LineQuery::ToConfirm),
        lines(&db, LineQuery::CustomerChanges),
        failed_deliveries(&db),
        jobs::between(&db, &content, midnight(today), midnight(day_after)),
        response::since(&db, &measure, now - WEEK),
    )?;
    let mut lined =
        Lined::read(&db, &content, &measure, now, [&emergencies, &unanswered, &to_confirm, &changes]).await?;
    let (today_jobs, tomorrow_jobs): (Vec<Job>, Vec<Job>) =
        jobs.into_iter().partition(|job| job.date == today.to_string());
    Ok(Json(Today {
        emergencies: lined.lines(emergencies),
        unanswered: lined.lines(unanswered),
        today: Day { date: today.to_string(), jobs: today_jobs },
        tomorrow: Day { date: tomorrow.to_string(), jobs: tomorrow_jobs },
        to_confirm: lined.lines(to_confirm),
        customer_changes: Lines {
            total: changes.total,
            shown: changes
                .rows
                .into_iter()
                .filter_map(|row| {
                    let changed_at = row.customer_change_at.clone().unwrap_or_default();
                    let what = lined.notes.remove(&row.id).unwrap_or_default();
                    Some(CustomerChange { request: lined.line(row)?, changed_at, what })
                })
                .collect(),
        },
        failed_deliveries: failed,
        response,
    }))
}

/// Which requests a list holds.
#[derive(Clone, Copy)]
enum LineQuery {
    Emergencies,
    Unanswered,
    ToConfirm,
    CustomerChanges,
}

impl LineQuery {
    /// FROM and WHERE (the partial indexes of migration 0020 answer them), and the order: the
    /// longest waiting first.
    fn sql(self) -> (&'static str, &'static str) {
        match self {
            Self::Emergencies => (
                "bookings b WHERE b.emergency AND b.status IN ('new', 'contacted') AND b.cancelled_at IS NULL",
                "b.created_at",
            ),
            Self::Unanswered => (
                "bookings b WHERE b.status = 'new' AND b.first_response_at IS NULL AND b.cancelled_at IS NULL
                 AND NOT b.emergency",
                "b.created_at",
            ),
            Self::ToConfirm => (
                "bookings b JOIN appointments a ON a.booking_id = b.id
                 WHERE a.state = 'requested' AND a.starts_at >= $1 AND b.cancelled_at IS NULL",
                "a.starts_at",
            ),
            Self::CustomerChanges => {
                ("bookings b WHERE b.customer_change_at IS NOT NULL", "b.customer_change_at DESC")
            }
        }
    }
}

#[derive(sqlx::FromRow)]
struct LineRow {
    id: i64,
    name: String,
    phone: String,
    location: Option<String>,
    location_city: Option<String>,
    created_at: String,
    status: String,
    emergency: bool,
    urgent: bool,
    first_response_at: Option<String>,
    customer_change_at: Option<String>,
}

/// The rows of a list, and how many it has.
struct Found {
    rows: Vec<LineRow>,
    total: i64,
}

async fn lines(db: &Db, query: LineQuery) -> anyhow::Result<Found> {
    let (from, order) = query.sql();
    let rows = format!(
        "SELECT b.id, b.name, b.phone, b.location, b.location_city, b.created_at, b.status, b.emergency, b.urgent,
                b.first_response_at, b.customer_change_at
         FROM {from} ORDER BY {order} LIMIT {SHOWN}"
    );
    let count = format!("SELECT COUNT(*) FROM {from}");
    let now = clock::now();
    let uses_now = matches!(query, LineQuery::ToConfirm);
    Ok(with_db!(db, |pool| {
        let mut rows_query = sqlx::query_as(sqlx::AssertSqlSafe(rows));
        let mut count_query = sqlx::query_scalar(sqlx::AssertSqlSafe(count));
        if uses_now {
            rows_query = rows_query.bind(&now);
            count_query = count_query.bind(&now);
        }
        Found { rows: rows_query.fetch_all(pool).await?, total: count_query.fetch_one(pool).await? }
    }))
}

async fn failed_deliveries(db: &Db) -> anyhow::Result<Lines<FailedDelivery>> {
    let since = clock::before(FAILED_SINCE);
    Ok(with_db!(db, |pool| {
        let shown = sqlx::query_as(
            "SELECT d.booking_id, b.name, d.channel, d.purpose, d.last_error, d.last_error_at AS failed_at
             FROM deliveries d LEFT JOIN bookings b ON b.id = d.booking_id
             WHERE d.state = 'dead' AND d.last_error_at >= $1 ORDER BY d.last_error_at DESC LIMIT $2",
        )
        .bind(&since)
        .bind(SHOWN)
        .fetch_all(pool)
        .await?;
        let total = sqlx::query_scalar(
            "SELECT COUNT(*) FROM deliveries WHERE state = 'dead' AND last_error_at >= $1",
        )
        .bind(&since)
        .fetch_one(pool)
        .await?;
        Lines { shown, total }
    }))
}

/// What the lines are made with: the answers of every request shown, and the customer's last
/// note on each changed one, read once for all lists.
struct Lined<'a> {
    measure: &'a Measure<'a>,
    now: Timestamp,
    summaries: HashMap<i64, String>,
    notes: HashMap<i64, String>,
}

impl<'a> Lined<'a> {
    async fn read(
        db: &Db,
        content: &'a Content,
        measure: &'a Measure<'a>,
        now: Timestamp,
        lists: [&Found; 4],
    ) -> anyhow::Result<Self> {
        let mut ids: Vec<i64> = lists.iter().flat_map(|list| list.rows.iter().map(|row| row.id)).collect();
        ids.sort_unstable();
        ids.dedup();
        let answers = records::answers(db, &ids).await?;
        let summaries = answers.iter().map(|(id, answers)| (*id, jobs::summary(answers, content))).collect();
        let changed: Vec<i64> = lists[3].rows.iter().map(|row| row.id).collect();
        let notes = records::last_customer_notes(db, &changed).await?;
        Ok(Self { measure, now, summaries, notes })
    }

    fn line(&self, row: LineRow) -> Option<RequestLine> {
        let created = clock::instant(&row.created_at)?;
        let answered = row.first_response_at.is_some() || row.status != "new";
        Some(RequestLine {
            summary: self.summaries.get(&row.id).cloned().unwrap_or_default(),
            place: row.location_city.or(row.location),
            overdue: !answered
                && row.status == "new"
                && self.measure.overdue(row.emergency, created, self.now),
            answered,
            id: row.id,
            name: row.name,
            phone: row.phone,
            created_at: row.created_at,
            status: row.status,
            emergency: row.emergency,
            urgent: row.urgent,
        })
    }

    fn lines(&self, found: Found) -> Lines<RequestLine> {
        Lines { total: found.total, shown: found.rows.into_iter().filter_map(|row| self.line(row)).collect() }
    }
}
