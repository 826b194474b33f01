//! The front desk's lists, read: the open emergencies, the unanswered requests, the times to
//! confirm and the customers' changes (each its first rows and its count, from the partial
//! indexes of migration 0020), and the deliveries that failed for good.

use std::{collections::HashMap, time::Duration};

use serde::Serialize;

use crate::{
    auth::users::{self, Reach},
    booking::shared_store,
    clock::At,
    db::{self, Db},
    delivery::{Channel, Purpose, health},
    domain::{BookingStatus, EventKind},
    schedule::store::State,
    with_db,
};

/// Rows each list shows at most (its count says how many there are), but for the urgent ones.
pub const SHOWN: i64 = 25;
/// Urgent rows a list shows at most: every one, unless a flood of them would swamp the page.
pub const URGENT_SHOWN: i64 = 100;
/// How far back failed deliveries are shown.
const FAILED_SINCE: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// A delivery that failed for good.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedDelivery {
    /// The request it was about (none for a test or the weekly report).
    pub booking_id: Option<i64>,
    pub name: Option<String>,
    pub channel: Channel,
    pub purpose: String,
    /// What it was, in words: "The alert text to Ana Ruiz at (720) 555-0134".
    pub what: String,
    pub last_error: Option<String>,
    pub failed_at: At,
}

/// What a delivery of `channel` for `purpose` is, in words (a page names whom it went to).
fn what(channel: Channel, purpose: &str, reach: &HashMap<i64, Reach>) -> String {
    match (channel, Purpose::parse(purpose)) {
        (channel, Some(Purpose::Page { member, .. })) => {
            let by_text = channel == Channel::Text;
            let how = if by_text { "text" } else { "e-mail" };
            match reach.get(&member) {
                Some(member) => format!("The alert {how} to {}", member.at(by_text)),
                None => format!("An alert {how} to a member of the team"),
            }
        }
        (Channel::Text, Some(Purpose::Text(_))) => "A text to the customer".to_owned(),
        (Channel::Text, _) => "The site's text to the customer".to_owned(),
        (Channel::Email, Some(Purpose::Request)) => "The e-mail to the shop".to_owned(),
        (Channel::Email, _) => "An e-mail to the shop".to_owned(),
        (Channel::Confirmation, _) => "The e-mail to the customer".to_owned(),
        (Channel::Push, _) => "A notification".to_owned(),
        (Channel::Webhook, _) => "The webhook".to_owned(),
    }
}

/// Which requests a list holds.
#[derive(Clone, Copy)]
pub enum LineQuery {
    Emergencies,
    Unanswered,
    ToConfirm,
    CustomerChanges,
}

impl LineQuery {
    /// FROM and WHERE (the partial indexes of migration 0020 answer them), and the order: urgent
    /// requests first, then the longest waiting.
    /// The statuses and states are written as names (`db::name`): a bound value would not prove
    /// an index's predicate.
    fn sql(self) -> (String, &'static str) {
        match self {
            // Nobody has it first, then taken, then answered; each the longest waiting first.
            Self::Emergencies => (
                format!(
                    "bookings b WHERE b.emergency AND b.status {} AND b.cancelled_at IS NULL",
                    db::in_names(BookingStatus::OPEN)
                ),
                "CASE WHEN b.first_response_at IS NOT NULL THEN 2 WHEN b.taken_at IS NOT NULL THEN 1 ELSE 0 END,
                 b.created_at, b.id",
            ),
            Self::Unanswered => (
                format!(
                    "bookings b WHERE b.status = {} AND b.first_response_at IS NULL AND b.cancelled_at IS NULL
                     AND NOT b.emergency",
                    db::name(BookingStatus::New)
                ),
                "b.urgent DESC, b.created_at, b.id",
            ),
            Self::ToConfirm => (
                format!(
                    "bookings b JOIN appointments a ON a.booking_id = b.id
                     WHERE a.state = {} AND a.starts_at >= $1 AND b.cancelled_at IS NULL",
                    db::name(State::Requested.as_str())
                ),
                "b.urgent DESC, a.starts_at, b.id",
            ),
            Self::CustomerChanges => {
                ("bookings b WHERE b.customer_change_at IS NOT NULL".to_owned(), "b.customer_change_at DESC, b.id DESC")
            }
        }
    }
}

#[derive(sqlx::FromRow)]
pub struct LineRow {
    pub id: i64,
    pub name: String,
    pub phone: String,
    pub details: String,
    pub location: Option<String>,
    pub location_city: Option<String>,
    pub street_address: Option<String>,
    pub created_at: At,
    pub status: BookingStatus,
    pub emergency: bool,
    pub urgent: bool,
    pub first_response_at: Option<At>,
    pub customer_change_at: Option<At>,
    pub taken_by: Option<String>,
    /// Whom its escalation's latest beat went to (since it was taken, if it was), and when.
    pub escalated_to: Option<String>,
    pub escalated_at: Option<At>,
}

/// The rows of a list, and how many it has (and how many of those are urgent).
pub struct Found {
    pub rows: Vec<LineRow>,
    pub total: i64,
    pub urgent: i64,
}

/// The first requests of a list: every urgent one (up to `URGENT_SHOWN`), then the others up to
/// `SHOWN` rows in all; and how many it has.
pub async fn lines(db: &Db, query: LineQuery) -> anyhow::Result<Found> {
    let (from, order) = query.sql();
    let count =
        format!("SELECT COUNT(*), COALESCE(SUM(CASE WHEN b.urgent THEN 1 ELSE 0 END), 0) FROM {from}");
    let now = db.clock.stamp();
    let uses_now = matches!(query, LineQuery::ToConfirm);
    Ok(with_db!(db, |pool| {
        let mut count_query = sqlx::query_as(sqlx::AssertSqlSafe(count));
        if uses_now {
            count_query = count_query.bind(now);
        }
        let (total, urgent): (i64, i64) = count_query.fetch_one(pool).await?;
        let shown = SHOWN.max(urgent.min(URGENT_SHOWN));
        let escalated = format!(
            "e.kind {} AND (b.taken_at IS NULL OR e.at > b.taken_at)",
            db::in_names(&[EventKind::Escalated, EventKind::LastAlert, EventKind::PastPromise])
        );
        let rows = format!(
            "SELECT b.id, b.name, b.phone, b.details, b.location, b.location_city, b.street_address, b.created_at,
                    b.status, b.emergency, b.urgent, b.first_response_at, b.customer_change_at,
                    {taken_by} AS taken_by,
                    (SELECT e.detail FROM booking_events e WHERE e.booking_id = b.id AND {escalated}
                     ORDER BY e.id DESC LIMIT 1) AS escalated_to,
                    (SELECT e.at FROM booking_events e WHERE e.booking_id = b.id AND {escalated}
                     ORDER BY e.id DESC LIMIT 1) AS escalated_at
             FROM {from} ORDER BY {order} LIMIT {shown}",
            taken_by = users::name_or_address("b.taken_by")
        );
        let mut rows_query = sqlx::query_as(sqlx::AssertSqlSafe(rows));
        if uses_now {
            rows_query = rows_query.bind(now);
        }
        Found { rows: rows_query.fetch_all(pool).await?, total, urgent }
    }))
}

/// The deliveries that failed for good within `FAILED_SINCE`, the newest first (at most
/// `SHOWN`), and how many there are.
pub async fn failed_deliveries(db: &Db) -> anyhow::Result<(Vec<FailedDelivery>, i64)> {
    let (failed, total) = health::failed_since(db, &db.clock.stamp_before(FAILED_SINCE), SHOWN).await?;
    let mut members: Vec<i64> =
        failed.iter().filter_map(|failed| Purpose::paged_member(&failed.purpose)).collect();
    members.sort_unstable();
    members.dedup();
    let reach = users::reach(db, &members).await?;
    let mut ids: Vec<i64> = failed.iter().filter_map(|failed| failed.booking_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let requests = shared_store::for_jobs(db, &ids).await?;
    let shown = failed
        .into_iter()
        .map(|failed| FailedDelivery {
            name: failed.booking_id.and_then(|id| requests.get(&id)).map(|request| request.name.clone()),
            what: what(failed.channel, &failed.purpose, &reach),
            booking_id: failed.booking_id,
            channel: failed.channel,
            purpose: failed.purpose,
            last_error: failed.last_error,
            failed_at: failed.failed_at,
        })
        .collect();
    Ok((shown, total))
}
