//! The admin's booking inbox, under /api/admin/bookings: list and status (the CSV export is in
//! `export`, notes in `notes`).

use std::sync::Arc;

use axum::{
    Json,
    extract::{
        Path, Query, State,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
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
    clock,
    content::Content,
    db::Db,
    error::ApiError,
    schedule::calendar::{Calendar, Slot},
    site::SiteDetails,
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
    pub fn status(&self) -> Result<Option<&str>, ApiError> {
        self.status.as_deref().filter(|s| !s.is_empty()).map(known_status).transpose()
    }

    pub fn search(&self) -> Option<Search> {
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
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
    filter: Result<Query<Filter>, QueryRejection>,
) -> Result<Json<Inbox>, ApiError> {
    let Query(filter) = filter?;
    let mut bookings = store::list(&db, filter.status()?, filter.search().as_ref(), INBOX_SIZE).await?;
    label(&mut bookings, &site.content());
    Ok(Json(Inbox { bookings, statuses: STATUSES }))
}

/// Gives each answer its short name from the assistant's questions, and each time its label on
/// the shop's clock.
pub fn label(bookings: &mut [BookingRecord], content: &Content) {
    let calendar = Calendar::new(content);
    for booking in bookings.iter_mut() {
        for answer in &mut booking.answers {
            answer.label = content.chat.answer_label(&answer.question).unwrap_or(&answer.question).to_owned();
        }
        if let Some(time) = &mut booking.appointment
            && let (Some(start), Some(end)) = (clock::instant(&time.start), clock::instant(&time.end))
        {
            time.label = calendar.label(Slot { start, end });
        }
    }
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
