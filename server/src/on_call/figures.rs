//! What escalation did for the emergencies of a period: how many were answered (a first response
//! or 'I've got it') before any step, and how many only after the first, second or everyone's step.

use jiff::Timestamp;
use serde::Serialize;

use crate::{clock::At, db::Db, with_db};

/// The emergencies of a period, by the escalation step they were answered after.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EscalationFigures {
    /// Answered before any step was needed.
    pub before_any_step: i64,
    /// Answered only after the first on call was told again (index 0), the second (1), everyone (2).
    pub after_step: [i64; 3],
    /// Not answered yet (the customer did not cancel it either).
    pub waiting: i64,
}

/// The emergencies received from `from` until `until` (not spam), as they stand now.
pub async fn between(db: &Db, (from, until): (Timestamp, Timestamp)) -> anyhow::Result<EscalationFigures> {
    let rows: Vec<(Option<At>, bool, i64)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT a.answered, a.cancelled, (SELECT COUNT(*) FROM booking_events e WHERE e.booking_id = a.id AND e.kind = 'escalated'
                                 AND (a.answered IS NULL OR e.at <= a.answered)) AS steps
             FROM (SELECT b.id, CASE WHEN b.taken_at IS NULL THEN b.first_response_at
                                     WHEN b.first_response_at IS NULL OR b.taken_at < b.first_response_at THEN b.taken_at
                                     ELSE b.first_response_at END AS answered,
                          b.cancelled_at IS NOT NULL AS cancelled
                   FROM bookings b WHERE b.emergency AND b.status <> 'spam' AND b.created_at >= $1 AND b.created_at < $2) a",
        )
        .bind(At::from(from))
        .bind(At::from(until))
        .fetch_all(pool)
        .await?
    });
    let mut figures = EscalationFigures::default();
    for (answered, cancelled, steps) in rows {
        match (answered, usize::try_from(steps).unwrap_or(0)) {
            (None, _) if cancelled => {}
            (None, _) => figures.waiting += 1,
            (Some(_), 0) => figures.before_any_step += 1,
            (Some(_), step) => figures.after_step[step.min(3) - 1] += 1,
        }
    }
    Ok(figures)
}
