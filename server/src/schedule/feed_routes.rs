//! The owner's calendar feed: a private address (`/calendar/{token}.ics`) that Google Calendar,
//! Apple Calendar and Outlook subscribe to, listing the requested and confirmed jobs of the past
//! two weeks and the next eight, and the on-call rota's gaps of the next eight weeks. It names customers, so its token is random (256 bits) and the
//! owner can make a new one, which stops the old. The token is kept as it is, like any
//! calendar's secret address, so the account page can show it again.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use jiff::SignedDuration;
use serde::Serialize;

use super::{
    admin_routes::ScheduleDesk,
    booking_event::{event_uid, uid},
    ics, jobs,
    store::State as TimeState,
};
use crate::{
    api_doc::AdminRefusals,
    auth::{guard::Admin, session::random_token, users},
    error::ApiError,
    on_call,
};

/// Where a feed is; its token and `.ics` follow.
pub const FEED_PATH: &str = "/calendar/";
const PAST: SignedDuration = SignedDuration::from_hours(14 * 24);
const AHEAD: SignedDuration = SignedDuration::from_hours(56 * 24);

/// The signed-in owner's feed.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Feed {
    /// The address to subscribe to; null while there is none.
    url: Option<String>,
}

impl ScheduleDesk {
    fn feed_url(&self, token: Option<String>) -> Feed {
        Feed { url: token.map(|token| format!("{}{FEED_PATH}{token}.ics", self.public_url)) }
    }
}

/// `GET /api/admin/account/calendar-feed`.
#[utoipa::path(
    get,
    path = "/account/calendar-feed",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "The feed's address, if there is one.", body = Feed), AdminRefusals)
)]
pub async fn show(State(desk): State<Arc<ScheduleDesk>>, admin: Admin) -> Result<Json<Feed>, ApiError> {
    let token = users::calendar_token(&desk.db, admin.user.user_id).await?;
    Ok(Json(desk.feed_url(token)))
}

/// `POST /api/admin/account/calendar-feed`: a new address (the old one stops working).
#[utoipa::path(
    post,
    path = "/account/calendar-feed",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    responses((status = 200, description = "The new address.", body = Feed), AdminRefusals)
)]
pub async fn renew(State(desk): State<Arc<ScheduleDesk>>, admin: Admin) -> Result<Json<Feed>, ApiError> {
    let token = random_token();
    set(&desk, &admin, Some(&token)).await?;
    Ok(Json(desk.feed_url(Some(token))))
}

/// `DELETE /api/admin/account/calendar-feed`: no feed any more.
#[utoipa::path(
    delete,
    path = "/account/calendar-feed",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    responses((status = 204, description = "The feed's address stopped working."), AdminRefusals)
)]
pub async fn remove(State(desk): State<Arc<ScheduleDesk>>, admin: Admin) -> Result<StatusCode, ApiError> {
    set(&desk, &admin, None).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn set(desk: &ScheduleDesk, admin: &Admin, token: Option<&str>) -> Result<(), ApiError> {
    users::set_calendar_token(&desk.db, token, &admin.actor()).await?;
    Ok(())
}

/// `GET /calendar/{token}.ics`: the feed, for a calendar app (no session: the token is the key).
pub async fn calendar(State(desk): State<Arc<ScheduleDesk>>, Path(file): Path<String>) -> Response {
    match feed(&desk, &file).await {
        Ok(Some(body)) => (
            [(header::CONTENT_TYPE, "text/calendar; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
            body,
        )
            .into_response(),
        Ok(None) => (StatusCode::NOT_FOUND, "There is no such calendar.").into_response(),
        Err(error) => ApiError::Internal(error).into_response(),
    }
}

async fn feed(desk: &ScheduleDesk, file: &str) -> anyhow::Result<Option<String>> {
    let Some(token) =
        file.strip_suffix(".ics").filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
    else {
        return Ok(None);
    };
    if !users::is_member_calendar(&desk.db, token).await? {
        return Ok(None);
    }
    let content = desk.site.content();
    let now = desk.db.clock.now();
    let jobs = jobs::between(&desk.db, &content, now - PAST, now + AHEAD).await?;
    let mut events: Vec<ics::Event> = jobs
        .into_iter()
        .map(|job| {
            let requested = job.state == TimeState::Requested;
            ics::Event {
                uid: event_uid(job.booking_id, &desk.public_url),
                sequence: 0,
                start: job.start.timestamp(),
                end: job.end.timestamp(),
                summary: format!(
                    "{}{}: {}",
                    if requested { "Requested: " } else { "" },
                    job.name,
                    job.summary
                ),
                description: format!(
                    "Request #{} ({}). Phone: {}.{}{}{} Open it: {}",
                    job.booking_id,
                    job.kind.describe(),
                    job.phone,
                    job.words.as_deref().map(|words| format!(" What: {words}.")).unwrap_or_default(),
                    job.location.as_deref().map(|place| format!(" Where: {place}.")).unwrap_or_default(),
                    job.map_url.as_deref().map(|map| format!(" Map: {map}.")).unwrap_or_default(),
                    request_url(&desk.public_url, job.booking_id)
                ),
                location: job.location.unwrap_or_default(),
                status: if requested { ics::Status::Tentative } else { ics::Status::Confirmed },
                url: Some(request_url(&desk.public_url, job.booking_id)),
                organizer: None,
            }
        })
        .collect();
    let zone = content.business.zone();
    let on_call = format!("{}/dbadmin/on-call", desk.public_url);
    let hours = on_call::store::rota(&desk.db).await?;
    events.extend(on_call::rota::gap_times(&hours, &zone, now, now + AHEAD).into_iter().map(|(start, end)| ics::Event {
        uid: uid(&format!("gap-{}", start.as_second()), &desk.public_url),
        sequence: 0,
        start,
        end,
        summary: "Nobody on call".to_owned(),
        description: format!(
            "The rota has nobody on call for these hours, while the site promises an answer around the clock. \
             Set someone: {on_call}"
        ),
        location: String::new(),
        status: ics::Status::Confirmed,
        url: Some(on_call.clone()),
        organizer: None,
    }));
    Ok(Some(ics::calendar(&format!("{} jobs", content.business.name), &events, &zone, now)))
}

/// The request's own page in the admin, which the event links to.
fn request_url(public_url: &str, booking_id: i64) -> String {
    format!("{public_url}/dbadmin/bookings/{booking_id}")
}
