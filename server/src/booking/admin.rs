//! The admin's booking inbox, under /api/admin/bookings: list, status and CSV export.

use axum::{
    Json,
    extract::{Path, Query, State, rejection::JsonRejection},
    http::header,
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use serde_json::{Value, json};

use super::store::{self, BookingRecord, STATUSES};
use crate::{
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    db::Db,
    error::{ApiError, FieldErrors},
};

/// The inbox shows this many bookings at most; the CSV export has them all.
const INBOX_SIZE: i64 = 500;

#[derive(Deserialize)]
pub struct Filter {
    status: Option<String>,
}

impl Filter {
    /// The status to show, None for all.
    fn status(&self) -> Result<Option<&str>, ApiError> {
        self.status.as_deref().filter(|s| !s.is_empty()).map(known_status).transpose()
    }
}

/// `status` if it is one the admin can set, else a 422 naming the field.
fn known_status(status: &str) -> Result<&str, ApiError> {
    if STATUSES.contains(&status) {
        Ok(status)
    } else {
        let mut errors = FieldErrors::default();
        errors.add("status", "Unknown status");
        Err(ApiError::Invalid(errors))
    }
}

/// `GET /api/admin/bookings?status=new`: newest first, with answers and delivery states.
pub async fn list(
    State(db): State<Db>,
    _admin: Admin,
    Query(filter): Query<Filter>,
) -> Result<Json<Value>, ApiError> {
    let bookings = store::list(&db, filter.status()?, INBOX_SIZE).await?;
    Ok(Json(json!({ "bookings": bookings, "statuses": STATUSES })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewStatus {
    status: String,
}

/// `PUT /api/admin/bookings/{id}/status`.
pub async fn set_status(
    State(db): State<Db>,
    admin: Admin,
    Path(id): Path<i64>,
    body: Result<Json<NewStatus>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(NewStatus { status }) = body?;
    let status = known_status(&status)?;
    if !store::set_status(&db, id, status).await? {
        return Err(ApiError::NotFound("There is no such booking."));
    }
    audit::record(&db, &admin.actor(), Action::BookingStatusChanged, &format!("booking {id}: {status}"))
        .await?;
    Ok(Json(json!({ "id": id, "status": status })))
}

/// `GET /api/admin/bookings.csv?status=`: every booking (or those with the status) as CSV.
pub async fn export(
    State(db): State<Db>,
    _admin: Admin,
    Query(filter): Query<Filter>,
) -> Result<Response, ApiError> {
    let bookings = store::list(&db, filter.status()?, i64::MAX).await?;
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
            deliveries.join("; "),
        ])?;
    }
    Ok(writer.into_inner()?)
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
