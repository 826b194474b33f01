//! `GET /api/admin/bookings.csv`: the bookings for a spreadsheet, one column per answer of the
//! assistant and times on the shop's clock.

use std::sync::Arc;

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    http::header,
    response::{IntoResponse, Response},
};
use jiff::{Timestamp, tz::TimeZone};

use super::{
    admin::{Filter, label},
    store::{self, BookingRecord},
};
use crate::{
    api_doc::{AdminRefusals, FieldErrorsBody},
    auth::guard::Admin,
    content::Content,
    db::Db,
    error::ApiError,
    site::SiteDetails,
};

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
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
    filter: Result<Query<Filter>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(filter) = filter?;
    let mut bookings = store::list(&db, filter.status()?, filter.search().as_ref(), i64::MAX).await?;
    let content = site.content();
    label(&mut bookings, &content);
    let csv = to_csv(&bookings, &content)?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"bookings.csv\""),
        ],
        csv,
    )
        .into_response())
}

fn to_csv(bookings: &[BookingRecord], content: &Content) -> anyhow::Result<Vec<u8>> {
    let zone = content.business.zone();
    // One column per answer of the assistant, in the order it asks; answers to questions it no
    // longer asks (or never did) share one column.
    let labels: Vec<&str> = content.chat.answer_labels();
    let mut writer = csv::Writer::from_writer(Vec::new());
    let received = format!("received ({})", content.business.time_zone);
    let mut header: Vec<&str> = vec![&received, "id", "status", "urgent", "name", "email", "phone"];
    header.extend(&labels);
    header.extend([
        "other answers",
        "details",
        "location",
        "service area",
        "time",
        "cancelled",
        "source page",
        "source button",
        "referrer",
        "utm_source",
        "utm_campaign",
        "notes",
        "deliveries",
    ]);
    writer.write_record(&header)?;
    for booking in bookings {
        let mut row = vec![
            shop_time(&booking.created_at, &zone),
            booking.id.to_string(),
            booking.status.clone(),
            if booking.urgent { "yes" } else { "no" }.to_owned(),
            spreadsheet_safe(&booking.name),
            spreadsheet_safe(&booking.email),
            spreadsheet_safe(&booking.phone),
        ];
        row.extend(labels.iter().map(|label| {
            let answers: Vec<&str> =
                booking.answers.iter().filter(|a| a.label == *label).map(|a| a.answer.as_str()).collect();
            spreadsheet_safe(&answers.join("; "))
        }));
        let others: Vec<String> = booking
            .answers
            .iter()
            .filter(|a| !labels.contains(&a.label.as_str()))
            .map(|a| format!("{}: {}", a.question, a.answer))
            .collect();
        let notes: Vec<String> = booking
            .notes
            .iter()
            .map(|note| format!("{} {}: {}", shop_time(&note.written_at, &zone), note.written_by, note.body))
            .collect();
        let deliveries: Vec<String> =
            booking.deliveries.iter().map(|d| format!("{} {} {}", d.channel, d.purpose, d.state)).collect();
        row.extend([
            spreadsheet_safe(&others.join("; ")),
            spreadsheet_safe(&booking.details),
            spreadsheet_safe(booking.location.as_deref().unwrap_or_default()),
            match (&booking.location, &booking.location_city) {
                (None, _) => String::new(),
                (Some(_), Some(city)) => city.clone(),
                (Some(_), None) => "outside".to_owned(),
            },
            booking
                .appointment
                .as_ref()
                .map(|t| format!("{} ({})", t.label, t.state.as_str()))
                .unwrap_or_default(),
            booking.cancelled_at.as_deref().map(|at| shop_time(at, &zone)).unwrap_or_default(),
            optional(&booking.source.page),
            optional(&booking.source.button),
            optional(&booking.source.referrer_host),
            optional(&booking.source.utm_source),
            optional(&booking.source.utm_campaign),
            spreadsheet_safe(&notes.join("\n")),
            deliveries.join("; "),
        ]);
        writer.write_record(&row)?;
    }
    Ok(writer.into_inner()?)
}

/// A stored UTC time as the shop's clock shows it: "2026-11-23 08:15".
fn shop_time(stored: &str, zone: &TimeZone) -> String {
    stored
        .parse::<Timestamp>()
        .map(|at| at.to_zoned(zone.clone()).strftime("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| stored.to_owned())
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
    use super::{shop_time, spreadsheet_safe};

    #[test]
    fn times_are_written_on_the_shops_clock() {
        let denver = jiff::tz::TimeZone::get("America/Denver").expect("a zone");
        assert_eq!(shop_time("2026-11-23T15:15:00.000Z", &denver), "2026-11-23 08:15");
        assert_eq!(shop_time("2026-07-01T15:15:00.000Z", &denver), "2026-07-01 09:15");
    }

    #[test]
    fn formulas_from_visitors_are_defused() {
        assert_eq!(spreadsheet_safe("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(spreadsheet_safe("+1 303 555 0100"), "'+1 303 555 0100");
        assert_eq!(spreadsheet_safe("Dana"), "Dana");
    }
}
