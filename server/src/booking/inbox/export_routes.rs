//! `GET /api/admin/bookings.csv`: the bookings for a spreadsheet, one column per answer of the
//! assistant and times on the shop's clock.

use std::sync::Arc;

use axum::{
    body::{Body, Bytes},
    extract::{Query, State},
    http::header,
    response::{IntoResponse, Response},
};
use futures_util::{StreamExt as _, stream};
use jiff::tz::TimeZone;

use super::store::{self as inbox, Filter, Params, Position};
use crate::booking::{records::label, views::BookingRecord};
use crate::{
    api_doc::{AdminRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Owner,
    db::Db,
    error::{ApiError, Checked},
    site::SiteDetails,
    site::content::Content,
    spreadsheet,
};

/// How many bookings are read from the database and written out at a time.
const CHUNK: u32 = 500;

/// `GET /api/admin/bookings.csv`: the bookings the inbox's filters show, as CSV, streamed.
#[utoipa::path(
    get,
    path = "/bookings.csv",
    tag = "admin",
    security(("session" = ["owner"])),
    params(Params),
    responses(
        (status = 200, description = "Every matching booking as CSV in the inbox's order, formulas defused.", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "attachment; filename=\"bookings.csv\""))),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 422, description = "A filter is wrong: the status or a day.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn export(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    _owner: Owner,
    Checked(Query(params)): Checked<Query<Params>>,
) -> Result<Response, ApiError> {
    let content = site.content();
    let (filter, _) = params.read(&content.business.zone())?;
    let head = stream::once(std::future::ready(spreadsheet::lines(&[header(&content)])));
    let rows = stream::try_unfold(Some((db, filter, content, Position::Newest)), |state| async move {
        let Some((db, filter, content, at)) = state else { return Ok(None) };
        chunk(db, filter, content, at).await.map(Some)
    });
    let body = Body::from_stream(head.chain(rows).inspect(|chunk| {
        if let Err(error) = chunk {
            tracing::error!("The CSV export stopped: {error:#}");
        }
    }));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"bookings.csv\""),
        ],
        body,
    )
        .into_response())
}

/// What one step of the export carries to the next: where it is, None once done.
type Cursor = Option<(Db, Filter, Arc<Content>, Position)>;

/// The CSV of the bookings at `at`, and where the next chunk starts.
async fn chunk(
    db: Db,
    filter: Filter,
    content: Arc<Content>,
    at: Position,
) -> anyhow::Result<(Bytes, Cursor)> {
    let mut page = inbox::page(&db, &filter, &at, CHUNK).await?;
    label(&mut page.bookings, &content);
    let zone = content.business.zone();
    let labels = content.chat.answer_labels();
    let rows: Vec<Vec<String>> = page.bookings.iter().map(|booking| row(booking, &labels, &zone)).collect();
    let bytes = spreadsheet::lines(&rows)?;
    let next = page.older.map(|key| (db, filter, content, Position::After(key)));
    Ok((bytes, next))
}

/// The first line: one column per answer of the assistant, in the order it asks; answers to
/// questions it no longer asks (or never did) share one column.
fn header(content: &Content) -> Vec<String> {
    let mut header = vec![
        format!("received ({})", content.business.time_zone),
        "id".to_owned(),
        "status".to_owned(),
        "urgent".to_owned(),
        "name".to_owned(),
        "email".to_owned(),
        "phone".to_owned(),
    ];
    header.extend(content.chat.answer_labels().into_iter().map(str::to_owned));
    header.extend(
        [
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
        ]
        .map(str::to_owned),
    );
    header
}

fn row(booking: &BookingRecord, labels: &[&str], zone: &TimeZone) -> Vec<String> {
    let mut row = vec![
        spreadsheet::shop_time(booking.created_at, zone),
        booking.id.to_string(),
        booking.status.as_str().to_owned(),
        if booking.urgent { "yes" } else { "no" }.to_owned(),
        spreadsheet::safe(&booking.name),
        spreadsheet::safe(&booking.email),
        spreadsheet::safe(&booking.phone),
    ];
    row.extend(labels.iter().map(|label| {
        let answers: Vec<&str> =
            booking.answers.iter().filter(|a| a.label == *label).map(|a| a.answer.as_str()).collect();
        spreadsheet::safe(&answers.join("; "))
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
        .map(|note| {
            format!("{} {}: {}", spreadsheet::shop_time(note.written_at, zone), note.written_by, note.body)
        })
        .collect();
    let deliveries: Vec<String> =
        booking.deliveries.iter().map(|d| format!("{} {} {}", d.channel, d.purpose, d.state)).collect();
    row.extend([
        spreadsheet::safe(&others.join("; ")),
        spreadsheet::safe(&booking.details),
        spreadsheet::safe(booking.location.as_deref().unwrap_or_default()),
        match (&booking.location, &booking.location_city) {
            (None, _) => String::new(),
            (Some(_), Some(city)) => city.clone(),
            (Some(_), None) if booking.roadside => "roadside".to_owned(),
            (Some(_), None) => "outside".to_owned(),
        },
        booking
            .appointment
            .as_ref()
            .map(|t| format!("{} ({})", t.label, t.state.as_str()))
            .unwrap_or_default(),
        booking.cancelled_at.map(|at| spreadsheet::shop_time(at, zone)).unwrap_or_default(),
        optional(&booking.source.page),
        optional(&booking.source.button),
        optional(&booking.source.referrer_host),
        optional(&booking.source.utm_source),
        optional(&booking.source.utm_campaign),
        spreadsheet::safe(&notes.join("\n")),
        deliveries.join("; "),
    ]);
    row
}

fn optional(text: &Option<String>) -> String {
    spreadsheet::safe(text.as_deref().unwrap_or_default())
}
