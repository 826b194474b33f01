//! The admin's booking inbox, under /api/admin/bookings: list and status (the CSV export is in
//! `export`, notes in `notes`).

use std::{collections::HashMap, sync::Arc};

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::{Deserialize, Serialize};

use super::store::{self as inbox, Customer, Key, Params};
use crate::audit::{Action, Line};
use crate::booking::{
    records::label,
    source_store::{self, SourceTable},
    store,
    views::{BookingRecord, NO_SUCH_BOOKING},
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    db::Db,
    domain::{BookingId, BookingStatus},
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// How many bookings a page of the inbox holds.
const PAGE_SIZE: u32 = 25;

/// A page of the inbox.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Inbox {
    /// Open urgent requests first, then newest first; 25 at most.
    bookings: Vec<BookingRecord>,
    /// The statuses a booking may have.
    statuses: &'static [BookingStatus],
    /// How many bookings match the filters.
    total: i64,
    /// How many match the filters other than the status, per status.
    counts: HashMap<BookingStatus, i64>,
    /// The pages bookings were started on, for the source filter.
    sources: Vec<String>,
    /// The cursor of the next page (older requests), if there is one: send it as `after`.
    older: Option<String>,
    /// The cursor of the page before (newer requests), if there is one: send it as `before`.
    newer: Option<String>,
    /// Whose requests the list is narrowed to (`customer`).
    customer: Option<Customer>,
}

/// `GET /api/admin/bookings`: a page of the inbox, with the counts of its filters.
#[utoipa::path(
    get,
    path = "/bookings",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(Params),
    responses(
        (status = 200, description = "A page of bookings, with their answers and delivery states, and the cursors around it.", body = Inbox),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 422, description = "A filter or cursor is wrong: the status, a day, or a page the list does not know.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
    Checked(Query(params)): Checked<Query<Params>>,
) -> Result<Json<Inbox>, ApiError> {
    let content = site.content();
    let (filter, at) = params.read(&content.business.zone())?;
    let customer = match filter.customer() {
        None => None,
        Some(id) => Some(
            inbox::customer(&db, BookingId(id))
                .await?
                .ok_or(ApiError::invalid("customer", "There is no such request"))?,
        ),
    };
    // The page, the counts and the sources are read at once, each on its own connection.
    let (mut page, counts, sources) = tokio::try_join!(
        inbox::page(&db, &filter, &at, PAGE_SIZE),
        inbox::counts(&db, &filter),
        inbox::sources(&db)
    )?;
    inbox::count_other_requests(&db, &mut page.bookings).await?;
    label(&mut page.bookings, &content);
    let total = match filter.status() {
        Some(status) => counts.get(&status).copied().unwrap_or(0),
        None => counts.values().sum(),
    };
    Ok(Json(Inbox {
        bookings: page.bookings,
        statuses: BookingStatus::ALL,
        total,
        counts,
        sources,
        older: page.older.as_ref().map(Key::cursor),
        newer: page.newer.as_ref().map(Key::cursor),
        customer,
    }))
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
    security(("session" = ["owner", "staff"])),
    params(("weeks" = Option<u8>, Query, minimum = 1, maximum = 52, description = "How many weeks, this one included (1 to 52; 8 when left out).")),
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
    Checked(Query(Weeks { weeks })): Checked<Query<Weeks>>,
) -> Result<Json<SourceTable>, ApiError> {
    let weeks = weeks.unwrap_or(8);
    if !(1..=52).contains(&weeks) {
        return Err(ApiError::invalid("weeks", "Choose 1 to 52 weeks"));
    }
    Ok(Json(source_store::table(&db, weeks).await?))
}

#[derive(Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewStatus {
    status: BookingStatus,
}

/// The booking's status as it is now.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StatusSet {
    #[schema(value_type = i64)]
    id: BookingId,
    status: BookingStatus,
}

/// `PUT /api/admin/bookings/{id}/status`.
#[utoipa::path(
    put,
    path = "/bookings/{id}/status",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
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
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(NewStatus { status })): Checked<Json<NewStatus>>,
) -> Result<Json<StatusSet>, ApiError> {
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::BookingStatusChanged,
        detail: format!("booking {id}: {status}"),
    };
    if !store::set_status(&db, id, status, &line).await? {
        return Err(ApiError::NotFound(NO_SUCH_BOOKING));
    }
    Ok(Json(StatusSet { id, status }))
}
