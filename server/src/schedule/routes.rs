//! `GET /api/availability`: the open times the booking assistant offers.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
};
use serde::Deserialize;

use super::{
    calendar::{Calendar, Kind},
    times::{self, OpenTimes},
};
use crate::{
    api_doc::{ErrorBody, FieldErrorsBody, Unavailable},
    db::Db,
    error::{ApiError, Checked},
    site::SiteDetails,
};

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TimesQuery {
    /// shop (drop-off slots) or mobile (arrival windows).
    #[param(inline)]
    kind: Kind,
    /// A day, YYYY-MM-DD: every open time of that day instead of the next six.
    #[param(format = Date)]
    date: Option<String>,
}

/// `GET /api/availability?kind=shop`: the next open times of a kind, or a day's, for the
/// booking dialog.
#[utoipa::path(
    get,
    path = "/api/availability",
    tag = "public",
    params(TimesQuery),
    responses(
        (status = 200, description = "The next open times (or a day's), and every day with an open time.", body = OpenTimes),
        (status = 400, description = "The kind is missing or unknown.", body = ErrorBody),
        (status = 422, description = "The date is not a date.", body = FieldErrorsBody),
        Unavailable
    )
)]
pub async fn availability(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    Checked(Query(query)): Checked<Query<TimesQuery>>,
) -> Result<Json<OpenTimes>, ApiError> {
    let on = times::day(query.date.as_deref()).map_err(|message| ApiError::invalid("date", message))?;
    let content = site.content();
    let calendar = Calendar::new(&content);
    Ok(Json(times::open(&db, &calendar, query.kind, db.clock.now(), on, None).await?))
}
