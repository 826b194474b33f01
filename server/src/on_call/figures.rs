//! What escalation did for the emergencies of a period: how many were answered (a first response
//! or 'I've got it') before any step, and how many only after the first, second or everyone's step.

use jiff::Timestamp;
use serde::Serialize;

use crate::{
    booking::shared_store::{self as bookings, EmergencyAnswer},
    clock::At,
    db::Db,
};

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
    let mut figures = EscalationFigures::default();
    for EmergencyAnswer { answered, cancelled, steps } in
        bookings::emergencies(db, &At::from(from), &At::from(until)).await?
    {
        match (answered, usize::try_from(steps).unwrap_or(0)) {
            (None, _) if cancelled => {}
            (None, _) => figures.waiting += 1,
            (Some(_), 0) => figures.before_any_step += 1,
            (Some(_), step) => figures.after_step[step.min(3) - 1] += 1,
        }
    }
    Ok(figures)
}
