//! The admin's booking inbox, under /api/admin/bookings: list, status and CSV export.

use axum::{
    Json,
    extract::{
        Path, Query, State,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::header,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};

use super::{
    search::Search,
    sources::{self, SourceTable},
    store::{self, BookingRecord, STATUSES},
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    db::Db,
    error::ApiError,
};

/// The inbox shows this many bookings at most; the CSV export has them all.
const INBOX_SIZE: i64 = 500;

#[derive(Deserialize)]
pub struct Filter {
    status: Option<String>,
    /// Part of a name, an e-mail address or a phone number.
    q: Option<String>,
}

impl Filter {
    /// The status to show, None for all.
    fn status(&self) -> Result<Option<&str>, ApiError> {
        self.status.as_deref().filter(|s| !s.is_empty()).map(known_status).transpose()
    }

    fn search(&self) -> Option<Search> {
        self.q.as_deref().and_then(Search::new)
    }
}

/// `status` if it is one the admin can set, else a 422 naming the field.
fn known_status(status: &str) -> Result<&str, ApiError> {
    if STATUSES.contains(&status) { Ok(status) } else { Err(ApiError::invalid("status", "Unknown status")) }
}

/// The inbox.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Inbox {
    /// Newest first, 500 at most.
    bookings: Vec<BookingRecord>,
    /// The statuses a booking may have.
    statuses: &'static [&'static str],
}

/// `GET /api/admin/bookings?status=new`: newest first, with answers and delivery states.
#[utoipa::path(
    get,
    path = "/bookings",
    tag = "admin",
    security(("session" = [])),
    params(
        ("status" = Option<String>, Query, description = "Only bookings with this status (new, contacted, scheduled, done, spam); empty for all."),
        ("q" = Option<String>, Query, description = "Only bookings whose name, e-mail or phone number contains this (case and phone punctuation ignored)."),
    ),
    responses(
        (status = 200, description = "The newest bookings, with their answers and delivery states.", body = Inbox),
        (status = 422, description = "The status is not one a booking may have.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    _admin: Admin,
    filter: Result<Query<Filter>, QueryRejection>,
) -> Result<Json<Inbox>, ApiError> {
    let Query(filter) = filter?;
    let bookings = store::list(&db, filter.status()?, filter.search().as_ref(), INBOX_SIZE).await?;
    Ok(Json(Inbox { bookings, statuses: STATUSES }))
}

#[derive(Deserialize)]
pub struct Weeks {
    weeks: Option<u8>,
}

/// `GET /api/admin/bookings/sources?weeks=8`: bookings per source page and week.
#[utoipa::path(
    get,
    path = "/bookings/sources",
    tag = "admin",
    security(("session" = [])),
    params(("weeks" = Option<u8>, Query, description = "How many weeks, this one included (1 to 52; 8 when left out).")),
    responses(
        (status = 200, description = "Bookings (spam left out) per source page and week.", body = SourceTable),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 422, description = "The number of weeks is out of range.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn sources(
    State(db): State<Db>,
    _admin: Admin,
    query: Result<Query<Weeks>, QueryRejection>,
) -> Result<Json<SourceTable>, ApiError> {
    let Query(Weeks { weeks }) = query?;
    let weeks = weeks.unwrap_or(8);
    if !(1..=52).contains(&weeks) {
        return Err(ApiError::invalid("weeks", "Choose 1 to 52 weeks"));
    }
    Ok(Json(sources::table(&db, weeks).await?))
}

#[derive(Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewStatus {
    /// One of new, contacted, scheduled, done, spam.
    status: String,
}

/// The booking's status as it is now.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StatusSet {
    id: i64,
    status: String,
}

/// `PUT /api/admin/bookings/{id}/status`.
#[utoipa::path(
    put,
    path = "/bookings/{id}/status",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = NewStatus,
    responses(
        (status = 200, description = "The status is set.", body = StatusSet),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn set_status(
    State(db): State<Db>,
    admin: Admin,
    id: Result<Path<i64>, PathRejection>,
    body: Result<Json<NewStatus>, JsonRejection>,
) -> Result<Json<StatusSet>, ApiError> {
    let Path(id) = id?;
    let Json(NewStatus { status }) = body?;
    let status = known_status(&status)?;
    if !store::set_status(&db, id, status).await? {
        return Err(ApiError::NotFound("There is no such booking."));
    }
    audit::record(&db, &admin.actor(), Action::BookingStatusChanged, &format!("booking {id}: {status}"))
        .await?;
    Ok(Json(StatusSet { id, status: status.to_owned() }))
}

/// `GET /api/admin/bookings.csv?status=`: every booking (or those with the status) as CSV.
#[utoipa::path(
    get,
    path = "/bookings.csv",
    tag = "admin",
    security(("session" = [])),
    params(
        ("status" = Option<String>, Query, description = "Only bookings with this status; empty for all."),
        ("q" = Option<String>, Query, description = "Only bookings whose name, e-mail or phone number contains this."),
    ),
    responses(
        (status = 200, description = "Every booking as CSV, formulas defused.", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "attachment; filename=\"bookings.csv\""))),
        (status = 422, description = "The status is not one a booking may have.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn export(
    State(db): State<Db>,
    _admin: Admin,
    filter: Result<Query<Filter>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(filter) = filter?;
    let bookings = store::list(&db, filter.status()?, filter.search().as_ref(), i64::MAX).await?;
    let csv = to_csv(&bookings)?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"bookings.csv\""),
        ],
        csv,
    )
        .into_response())
}

fn to_csv(bookings: &[BookingRecord]) -> anyhow::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "id",
        "received",
        "status",
        "name",
        "email",
        "phone",
        "answers",
        "details",
        "urgent",
        "location",
        "service area",
        "source page",
        "source button",
        "referrer",
        "utm_source",
        "utm_campaign",
        "deliveries",
    ])?;
    for booking in bookings {
        let answers: Vec<String> =
            booking.answers.iter().map(|a| format!("{}: {}", a.question, a.answer)).collect();
        let deliveries: Vec<String> =
            booking.deliveries.iter().map(|d| format!("{} {}", d.channel, d.state)).collect();
        writer.write_record([
            booking.id.to_string(),
            booking.created_at.clone(),
            booking.status.clone(),
            spreadsheet_safe(&booking.name),
            spreadsheet_safe(&booking.email),
            spreadsheet_safe(&booking.phone),
            spreadsheet_safe(&answers.join("; ")),
            spreadsheet_safe(&booking.details),
            if booking.urgent { "yes" } else { "no" }.to_owned(),
            spreadsheet_safe(booking.location.as_deref().unwrap_or_default()),
            match (&booking.location, &booking.location_city) {
                (None, _) => String::new(),
                (Some(_), Some(city)) => city.clone(),
                (Some(_), None) => "outside".to_owned(),
            },
            optional(&booking.source.page),
            optional(&booking.source.button),
            optional(&booking.source.referrer_host),
            optional(&booking.source.utm_source),
            optional(&booking.source.utm_campaign),
            deliveries.join("; "),
        ])?;
    }
    Ok(writer.into_inner()?)
}

fn optional(text: &Option<String>) -> String {
    spreadsheet_safe(text.as_deref().unwrap_or_default())
}

/// A visitor's text that a spreadsheet would run as a formula (=, +, -, @, tab, CR) starts with
/// an apostrophe instead (OWASP, CSV injection).
fn spreadsheet_safe(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_safe;

    #[test]
    fn formulas_from_visitors_are_defused() {
        assert_eq!(spreadsheet_safe("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(spreadsheet_safe("+1 303 555 0100"), "'+1 303 555 0100");
        assert_eq!(spreadsheet_safe("Dana"), "Dana");
    }
}
