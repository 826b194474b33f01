//! The visitor's link to their request (`/booking/{token}`, in every confirmation): what they
//! asked for and its time, another open time, or a cancellation with an optional reason. A change
//! reaches the inbox (a note) and the shop's e-mail at once. The page shows nothing of any other
//! request and nothing of the admin area; the link stops working a day after the time (30 days
//! after the request when it has no time).

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use jiff::SignedDuration;
use serde::Deserialize;

use super::{
    store::{self, BookingRow, Change, cancel_request, move_time},
    views::{PickedAnswer, RequestView, TimeView},
};
use crate::booking::{records, routes::BookingDesk, shared_store::answers, texting};
use crate::{
    api_doc::{BodyRefusals, ErrorBody, FieldErrorsBody, Unavailable},
    blog::model::long_date,
    delivery::{
        devices::{self, Occasion},
        told::Told,
    },
    domain::BookingId,
    error::{ApiError, Checked},
    schedule::{
        booking_event::calendar_file,
        calendar::{Calendar, Kind},
        links::{self, Purpose as Link},
        store::{self as appointments, Appointment, State as TimeState},
        times::{self, Moving, OpenTimes},
        visitor_words::{TrailerPlace, trailer_place},
    },
    site::content::Content,
};

/// How long a link works after a request without a time.
const WITHOUT_TIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// How long after its time a link still works.
const AFTER_TIME: SignedDuration = SignedDuration::from_hours(24);
const MAX_REASON: usize = 500;

/// The request a link leads to, while the link works.
pub(super) struct Found {
    pub(super) row: BookingRow,
    time: Option<Appointment>,
    /// The link's token, which the page's own addresses carry.
    pub(super) token: String,
}

pub(super) async fn find(desk: &BookingDesk, token: &str) -> Result<Found, ApiError> {
    let unknown =
        || ApiError::NotFound("There is no such request. Check the link in your e-mail, or call us.");
    let id = links::find(&desk.db, token, Link::Manage).await?.ok_or_else(unknown)?;
    let row = store::row(&desk.db, id).await?.ok_or_else(unknown)?;
    let time = appointments::get(&desk.db, BookingId(id)).await?;
    let ends = match &time {
        Some(time) => time.slot.end + AFTER_TIME,
        None => row.created_at.timestamp() + WITHOUT_TIME,
    };
    if ends < desk.db.clock.now() {
        return Err(ApiError::Rejected(
            StatusCode::GONE,
            "This link has expired: its time has passed. Call us for anything about this request.".to_owned(),
        ));
    }
    Ok(Found { row, time, token: token.to_owned() })
}

impl BookingDesk {
    /// The kind of time request `id` may pick: its own, or the one its shop-or-mobile answer
    /// means (none for an emergency, or 'not sure').
    async fn kind_of(&self, found: &Found, content: &Content) -> anyhow::Result<Option<Kind>> {
        if let Some(time) = &found.time {
            return Ok(Some(time.kind));
        }
        if found.row.urgent && self.is_emergency(found.row.id, content).await? {
            return Ok(None);
        }
        let answers = answers(&self.db, found.row.id).await?;
        let s = &content.scheduling;
        Ok(answers.iter().filter_map(|given| given.option.as_ref()).find_map(|option| {
            (option == &s.shop_answer)
                .then_some(Kind::Shop)
                .or_else(|| (option == &s.mobile_answer).then_some(Kind::Mobile))
        }))
    }

    async fn is_emergency(&self, id: i64, content: &Content) -> anyhow::Result<bool> {
        Ok(answers(&self.db, id)
            .await?
            .iter()
            .any(|given| given.option.as_deref().is_some_and(|option| content.chat.is_emergency(option))))
    }

    pub(super) async fn view(&self, found: &Found) -> anyhow::Result<RequestView> {
        let content = self.site.content();
        let calendar = Calendar::new(&content);
        // Their own page shows the words they typed as they typed them.
        let asked = answers(&self.db, found.row.id).await?;
        let words = records::customer_words(&content.chat, &asked, &found.row.details);
        let answers = content
            .chat
            .customers_answers(&asked, |_| true)
            .into_iter()
            .map(|(label, answer)| PickedAnswer { label, answer })
            .collect();
        let row = &found.row;
        let place = records::job_place(
            row.street_address.as_deref(),
            row.location.as_deref().or(row.location_city.as_deref()),
        );
        Ok(RequestView {
            number: found.row.id,
            received: long_date(found.row.created_at, calendar.zone()),
            answers,
            time: found.time.as_ref().map(|time| TimeView {
                kind: time.kind,
                label: calendar.label(time.slot),
                state: time.state,
            }),
            kind: self.kind_of(found, &content).await?,
            cancelled: found.row.cancelled_at.is_some(),
            phone: content.business.real_phone().map(str::to_owned),
            place,
            words,
            texting: texting::of(&self.db, &self.outbox, row.id, &row.phone).await?,
            photos: self.photos_of(found).await?,
        })
    }
}

/// What the visitor's page of their request shows when the server renders it: the request, or
/// why the link leads to none, with the status to answer.
pub async fn for_page(
    desk: &BookingDesk,
    token: &str,
) -> anyhow::Result<(StatusCode, Result<RequestView, String>)> {
    let found = match find(desk, token).await {
        Ok(found) => found,
        Err(ApiError::NotFound(why)) => return Ok((StatusCode::NOT_FOUND, Err(why.to_owned()))),
        Err(ApiError::Rejected(status, why)) => return Ok((status, Err(why))),
        Err(ApiError::Internal(error)) => return Err(error),
        Err(other) => return Err(anyhow::anyhow!("{other}")),
    };
    Ok((StatusCode::OK, Ok(desk.view(&found).await?)))
}

/// `GET /api/manage/{token}`: the visitor's request.
#[utoipa::path(
    get,
    path = "/api/manage/{token}",
    tag = "public",
    params(("token" = String, Path, description = "The token of the link in the visitor's e-mail.")),
    responses(
        (status = 200, description = "The request, its time and what may be done.", body = RequestView),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        (status = 410, description = "The link expired: its time has passed.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn show(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token).await?;
    Ok(Json(desk.view(&found).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayQuery {
    /// A day, YYYY-MM-DD: every open time of that day instead of the next six.
    #[param(format = Date)]
    date: Option<String>,
}

/// `GET /api/manage/{token}/times`: the times this request may move to.
#[utoipa::path(
    get,
    path = "/api/manage/{token}/times",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), DayQuery),
    responses(
        (status = 200, description = "The open times of the request's kind (its own counts as free).", body = OpenTimes),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        (status = 409, description = "No time can be picked for this request (cancelled, or the shop will call).", body = ErrorBody),
        (status = 410, description = "The link expired.", body = ErrorBody),
        (status = 422, description = "The date is not a date.", body = FieldErrorsBody),
        Unavailable
    )
)]
pub async fn open_times(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(query)): Checked<Query<DayQuery>>,
) -> Result<Json<OpenTimes>, ApiError> {
    let on = times::day(query.date.as_deref()).map_err(|message| ApiError::invalid("date", message))?;
    let found = find(&desk, &token).await?;
    let content = desk.site.content();
    let kind = pickable(&desk, &found, &content).await?;
    let calendar = Calendar::new(&content);
    let holds = found.time.as_ref().filter(|time| time.state != TimeState::Cancelled).map(|time| time.slot);
    let moving = Moving { booking: found.row.id, holds };
    Ok(Json(times::open(&desk.db, &calendar, kind, desk.db.clock.now(), on, Some(moving)).await?))
}

/// The kind of time request `found` may pick now, or a 409 saying why none.
async fn pickable(desk: &BookingDesk, found: &Found, content: &Content) -> Result<Kind, ApiError> {
    if found.row.cancelled_at.is_some() {
        return Err(ApiError::conflict("This request was cancelled."));
    }
    desk.kind_of(found, content).await?.ok_or_else(|| {
        ApiError::conflict(format!("We'll call you to agree a time{}.", content.business.or_call_us()))
    })
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTime {
    /// The `start` of one of `GET /api/manage/{token}/times`.
    start: String,
}

/// `PUT /api/manage/{token}/time`: asks for another open time (the shop confirms it again).
#[utoipa::path(
    put,
    path = "/api/manage/{token}/time",
    tag = "public",
    params(("token" = String, Path, description = "The link's token.")),
    request_body = NewTime,
    responses(
        (status = 200, description = "The request with its new time.", body = RequestView),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        (status = 409, description = "The time was taken meanwhile, or no time can be picked.", body = ErrorBody),
        (status = 410, description = "The link expired.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn change_time(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Json(NewTime { start })): Checked<Json<NewTime>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token).await?;
    let content = desk.site.content();
    let kind = pickable(&desk, &found, &content).await?;
    let calendar = Calendar::new(&content);
    let slot = times::requested(&calendar, kind, &start, desk.db.clock.now())
        .map_err(|message| ApiError::invalid("start", message))?;
    let change = Change {
        id: found.row.id,
        note: format!("Asked for another time: {}", calendar.label(slot)),
        tell: Told::by(&desk.outbox.channels().await?),
        occasion: desk.occasion(&found, &content),
    };
    let taken = !move_time(&desk.db, &change, kind, slot, calendar.capacity(kind)).await?;
    if taken {
        return Err(ApiError::conflict(times::TAKEN));
    }
    desk.outbox.wake();
    let found = find(&desk, &token).await?;
    Ok(Json(desk.view(&found).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Cancellation {
    /// Why, if the visitor wants to say (at most 500 characters).
    #[serde(default)]
    #[schema(max_length = 500, pattern = r"^[^\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]*$")]
    reason: Option<String>,
}

/// `POST /api/manage/{token}/cancel`: cancels the request (and gives its time back).
#[utoipa::path(
    post,
    path = "/api/manage/{token}/cancel",
    tag = "public",
    params(("token" = String, Path, description = "The link's token.")),
    request_body = Cancellation,
    responses(
        (status = 200, description = "The request, cancelled (also when it was already).", body = RequestView),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        (status = 410, description = "The link expired.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn cancel(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Json(Cancellation { reason })): Checked<Json<Cancellation>>,
) -> Result<Json<RequestView>, ApiError> {
    let reason = reason.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty());
    if let Some(reason) = &reason {
        if reason.chars().count() > MAX_REASON {
            return Err(ApiError::invalid("reason", "Please keep the reason to 500 characters"));
        }
        if reason.chars().any(|c| c.is_control() && c != '\n' && c != '\r') {
            return Err(ApiError::invalid("reason", "Please write the reason as plain text"));
        }
    }
    let found = find(&desk, &token).await?;
    let content = desk.site.content();
    let change = Change {
        id: found.row.id,
        occasion: desk.occasion(&found, &content),
        note: match &reason {
            Some(reason) => format!("Cancelled the request: {reason}"),
            None => "Cancelled the request.".to_owned(),
        },
        tell: Told::by(&desk.outbox.channels().await?),
    };
    cancel_request(&desk.db, &change, reason.as_deref()).await?;
    desk.outbox.wake();
    let found = find(&desk, &token).await?;
    Ok(Json(desk.view(&found).await?))
}

impl BookingDesk {
    /// What a change to `found` is, for the owner's devices.
    fn occasion(&self, found: &Found, content: &Content) -> Occasion {
        Occasion {
            urgent: found.row.urgent,
            emergency: found.row.emergency,
            customer_change: true,
            shop_minute: devices::shop_minute(self.db.clock.now(), &content.business.zone()),
        }
    }
}

/// `GET /api/manage/{token}/calendar.ics`: the request's time as a calendar file.
#[utoipa::path(
    get,
    path = "/api/manage/{token}/calendar.ics",
    tag = "public",
    params(("token" = String, Path, description = "The link's token.")),
    responses(
        (status = 200, description = "An iCalendar file (RFC 5545) with the time, on the shop's clock.", content_type = "text/calendar"),
        (status = 404, description = "There is no such link, or the request has no time.", body = ErrorBody),
        (status = 410, description = "The link expired.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn calendar(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
) -> Result<Response, ApiError> {
    let found = find(&desk, &token).await?;
    let time = found.time.ok_or(ApiError::NotFound("This request has no time yet."))?;
    let content = desk.site.content();
    let manage = format!("{}{}", desk.public_url, Link::Manage.path(&token));
    let place = trailer_place(&desk.db, found.row.id, time.state == TimeState::Confirmed).await?;
    let file = calendar_file(
        &content,
        &desk.public_url,
        &time,
        &manage,
        place.as_ref().map(TrailerPlace::text),
        desk.db.clock.now(),
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"request-{}.ics\"", found.row.id)),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        file,
    )
        .into_response())
}
