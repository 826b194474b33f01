//! The owner's schedule, under /api/admin: the times of a range of days (requested apart from
//! confirmed), confirming a requested time or setting another (the visitor is sent 'Confirmed:'
//! with a calendar file, then a reminder the day before), dropping a time, and the thank-you
//! with the review link after a job.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use jiff::{
    Span, Timestamp,
    civil::{Date, Time},
};
use serde::{Deserialize, Serialize};

use super::{
    calendar::{Calendar, Kind, Slot},
    jobs::{self, Job},
    owner_store,
    store::{self as appointments, State as TimeState},
};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    booking::{shared_store, views::NO_SUCH_BOOKING},
    clock::At,
    db::Db,
    delivery::{Outbox, told::Told},
    domain::{BookingId, BookingStatus},
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// How long the owner has to undo dropping a time before the customer hears of it.
const UNDO_TIME: jiff::SignedDuration = jiff::SignedDuration::from_secs(60);
/// The most days one request of the schedule covers.
const MAX_DAYS: u8 = 62;

/// What the schedule's handlers need.
pub struct ScheduleDesk {
    pub db: Db,
    pub site: Arc<SiteDetails>,
    pub outbox: Arc<Outbox>,
    /// The site's address, for the calendar feed's links.
    pub public_url: String,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Range {
    /// The first day, YYYY-MM-DD (shop time).
    #[param(format = Date)]
    from: String,
    /// How many days (1 to 62).
    #[param(minimum = 1, maximum = 62)]
    days: u8,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Schedule {
    /// The jobs of the days asked for, soonest first.
    jobs: Vec<Job>,
    /// The days of the range the shop is closed all day (a holiday or a closed day), in order.
    closed: Vec<ClosedDay>,
    /// Days of the range this answer does not know. The server knows every day (none); a copy
    /// the phone kept for offline reading names the days it never held (YYYY-MM-DD).
    unknown_days: Vec<String>,
}

/// A day with no times.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ClosedDay {
    /// YYYY-MM-DD (shop time).
    #[schema(format = Date)]
    date: String,
    /// The holiday's name ("Thanksgiving"), or "Closed" for a day set in Booking times or a day
    /// of the week without hours.
    reason: &'static str,
    /// A day of the week the shop never opens (Sundays), not a day set apart.
    weekly: bool,
}

/// `GET /api/admin/schedule?from=2026-11-30&days=7`.
#[utoipa::path(
    get,
    path = "/schedule",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(Range),
    responses(
        (status = 200, description = "The jobs of those days.", body = Schedule),
        (status = 400, description = "A parameter is missing or not a number.", body = ErrorBody),
        (status = 422, description = "The day is not a date, or too many days.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn schedule(
    State(desk): State<Arc<ScheduleDesk>>,
    _admin: Admin,
    Checked(Query(range)): Checked<Query<Range>>,
) -> Result<Json<Schedule>, ApiError> {
    let from = super::times::day(Some(&range.from))
        .map_err(|message| ApiError::invalid("from", message))?
        .ok_or_else(|| ApiError::invalid("from", "Give the day as YYYY-MM-DD"))?;
    if !(1..=MAX_DAYS).contains(&range.days) {
        return Err(ApiError::invalid("days", "Ask for 1 to 62 days"));
    }
    let content = desk.site.content();
    let calendar = Calendar::new(&content);
    let start =
        calendar.instant(from, Time::midnight()).ok_or_else(|| ApiError::invalid("from", "Not a day"))?;
    let last = from.saturating_add(Span::new().days(i64::from(range.days)));
    let end = calendar.instant(last, Time::midnight()).ok_or_else(|| ApiError::invalid("days", "Too far"))?;
    let closed = from
        .series(Span::new().days(1))
        .take(usize::from(range.days))
        .filter_map(|date| {
            let day = |reason, weekly| ClosedDay { date: date.to_string(), reason, weekly };
            match calendar.closed_because(date) {
                Some(reason) => Some(day(reason, false)),
                None => calendar.never_open(date).then(|| day("Closed", true)),
            }
        })
        .collect();
    Ok(Json(Schedule {
        jobs: jobs::between(&desk.db, &content, start, end).await?,
        closed,
        unknown_days: Vec::new(),
    }))
}

/// A time the owner sets: its day and start on the shop's clock, and how long it is.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetTime {
    kind: Kind,
    /// YYYY-MM-DD.
    #[schema(format = Date)]
    date: String,
    /// HH:MM, on the hour or the half hour.
    #[schema(pattern = r"^\d{2}:(00|30)$")]
    start: String,
    /// The arrival window or job length, 30 to 600 minutes in steps of 30.
    #[schema(minimum = 30, maximum = 600, multiple_of = 30)]
    minutes: u16,
    /// Take the time even when as many jobs as the settings allow share it already.
    #[serde(default)]
    overbook: bool,
    /// Take the time even on a closed day or holiday, or outside the hours of its kind.
    #[serde(default)]
    outside_hours: bool,
}

/// The booking's time now.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TimeSet {
    job: Job,
}

/// `PUT /api/admin/bookings/{id}/appointment`: confirms booking `id` at the time given.
#[utoipa::path(
    put,
    path = "/bookings/{id}/appointment",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = SetTime,
    responses(
        (status = 200, description = "Confirmed; the visitor is told (and reminded the day before).", body = TimeSet),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        (status = 409, description = "The time is full (send overbook to take it anyway), or the request was cancelled.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn set_time(
    State(desk): State<Arc<ScheduleDesk>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(form)): Checked<Json<SetTime>>,
) -> Result<Json<TimeSet>, ApiError> {
    let content = desk.site.content();
    let calendar = Calendar::new(&content);
    let slot = owners_slot(&calendar, &form, desk.db.clock.now())?;
    desk.confirm(&admin, id, form.kind, slot, form.overbook).await
}

/// `POST /api/admin/bookings/{id}/appointment/confirm`: confirms the time the visitor asked for.
#[utoipa::path(
    post,
    path = "/bookings/{id}/appointment/confirm",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 200, description = "Confirmed; the visitor is told (and reminded the day before).", body = TimeSet),
        (status = 404, description = "The booking has no time to confirm.", body = ErrorBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 409, description = "The request was cancelled.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn confirm_requested(
    State(desk): State<Arc<ScheduleDesk>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
) -> Result<Json<TimeSet>, ApiError> {
    let time = appointments::get(&desk.db, id)
        .await?
        .filter(|time| time.state != TimeState::Cancelled)
        .ok_or(ApiError::NotFound("This booking has no time to confirm."))?;
    // Its seats are its own already: confirming it never finds it full.
    desk.confirm(&admin, id, time.kind, time.slot, true).await
}

/// The owner's time as a slot, or a 422 naming what is wrong.
fn owners_slot(calendar: &Calendar<'_>, form: &SetTime, now: Timestamp) -> Result<Slot, ApiError> {
    let date: Date = super::times::day(Some(&form.date))
        .map_err(|message| ApiError::invalid("date", message))?
        .ok_or_else(|| ApiError::invalid("date", "Give the day as YYYY-MM-DD"))?;
    let start: Time = form
        .start
        .parse()
        .ok()
        .filter(|t: &Time| form.start.len() == 5 && t.second() == 0 && t.minute() % 30 == 0)
        .ok_or_else(|| ApiError::invalid("start", "Give the start as HH:MM, on the hour or the half hour"))?;
    if !form.minutes.is_multiple_of(30) || !(30..=600).contains(&form.minutes) {
        return Err(ApiError::invalid("minutes", "Give 30 to 600 minutes, in steps of 30"));
    }
    let start = calendar
        .instant(date, start)
        .ok_or_else(|| ApiError::invalid("start", "That time does not exist that day"))?;
    let slot = Slot { start, end: start + jiff::SignedDuration::from_mins(i64::from(form.minutes)) };
    if slot.start <= now {
        return Err(ApiError::invalid("start", "Pick a time that has not passed"));
    }
    match calendar.outside_hours(form.kind, slot) {
        Some(reason) if !form.outside_hours => {
            Err(ApiError::invalid("start", format!("{reason} Pick another time, or set it anyway.")))
        }
        _ => Ok(slot),
    }
}

impl ScheduleDesk {
    /// Confirms booking `id` at `slot`: its seats, the status 'scheduled', and the visitor's
    /// 'Confirmed' and reminder (by e-mail and text, as far as they are set up), in one transaction.
    async fn confirm(
        &self,
        admin: &Admin,
        id: BookingId,
        kind: Kind,
        slot: Slot,
        overbook: bool,
    ) -> Result<Json<TimeSet>, ApiError> {
        let content = self.site.content();
        let calendar = Calendar::new(&content);
        let tell = Told::by(&self.outbox.channels().await?).customer_only();
        // Inside the reminder's window the confirmation is the only message: it says when.
        let reminder = calendar.reminder_at(slot.start).filter(|at| *at > self.db.clock.now());
        let label = calendar.label(slot);
        let actor = admin.actor();
        let line = Line {
            actor: &actor,
            action: Action::BookingScheduled,
            detail: format!("booking #{id}: {label}, {}", kind.describe()),
        };
        let outcome = owner_store::confirm(
            &self.db,
            owner_store::Confirmation {
                id,
                kind,
                slot,
                capacity: calendar.capacity(kind),
                overbook,
                tell,
                reminder,
            },
            (&label, &line),
        )
        .await?;
        match outcome {
            owner_store::Confirmed::NoBooking => return Err(ApiError::NotFound(NO_SUCH_BOOKING)),
            owner_store::Confirmed::Cancelled => {
                return Err(ApiError::conflict("The customer cancelled this request."));
            }
            owner_store::Confirmed::Full => {
                return Err(ApiError::conflict(format!(
                    "That time is full ({} at once). Pick another time, or book it anyway.",
                    calendar.capacity(kind)
                )));
            }
            owner_store::Confirmed::Done => {}
        }
        self.outbox.wake();
        let day = slot.start.to_zoned(calendar.zone().clone()).date();
        let from = calendar.instant(day, Time::midnight()).unwrap_or(slot.start);
        let job = jobs::between(&self.db, &content, from, slot.end)
            .await?
            .into_iter()
            .find(|job| BookingId(job.booking_id) == id)
            .ok_or(ApiError::NotFound(NO_SUCH_BOOKING))?;
        Ok(Json(TimeSet { job }))
    }
}

/// `DELETE /api/admin/bookings/{id}/appointment`: drops booking `id`'s time (its seats free up;
/// its waiting 'Confirmed' and reminder are not sent; a scheduled job is contacted again). The
/// customer hears of it a minute later, so an undo (the same time set again) in that minute sends
/// them nothing at all.
#[utoipa::path(
    delete,
    path = "/bookings/{id}/appointment",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 204, description = "The time is dropped; the customer is told a minute later unless it is set again."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "The booking has no time.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn drop_time(
    State(desk): State<Arc<ScheduleDesk>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
) -> Result<StatusCode, ApiError> {
    let tell = Told::by(&desk.outbox.channels().await?).customer_only();
    let due = At::from(desk.db.clock.now() + UNDO_TIME);
    let dropped = owner_store::drop_time(&desk.db, id, &admin.actor(), tell, &due).await?;
    dropped.ok_or(ApiError::NotFound("This booking has no time."))?;
    desk.outbox.wake();
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/bookings/{id}/review-request`: sends the customer of a finished job the
/// thank-you with the review link (once).
#[utoipa::path(
    post,
    path = "/bookings/{id}/review-request",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 202, description = "The thank-you is on its way (or was sent before)."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        (status = 409, description = "No review page is set, neither e-mail nor texts are set up, or the job is not done.", body = ErrorBody),
        (status = 422, description = "The job's appointment has not ended yet.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn request_review(
    State(desk): State<Arc<ScheduleDesk>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
) -> Result<StatusCode, ApiError> {
    let refuse = |message: &str| ApiError::conflict(message);
    if desk.site.content().scheduling.review_url.is_empty() {
        return Err(refuse("Set the review page's address under Site, Booking times, first."));
    }
    let tell = Told::by(&desk.outbox.channels().await?).customer_only();
    if !tell.anyone() {
        return Err(refuse("The server cannot send e-mail or texts yet (see Notifications)."));
    }
    match shared_store::status(&desk.db, id.0).await? {
        None => return Err(ApiError::NotFound(NO_SUCH_BOOKING)),
        Some(BookingStatus::Done) => {}
        Some(_) => return Err(refuse("Mark the job done first.")),
    }
    if let Some(time) =
        appointments::get(&desk.db, id).await?.filter(|time| time.state != TimeState::Cancelled)
        && time.slot.end > desk.db.clock.now()
    {
        let content = desk.site.content();
        return Err(ApiError::invalid(
            "appointment",
            format!(
                "The appointment is {}; ask for a review once it has ended.",
                Calendar::new(&content).label(time.slot)
            ),
        ));
    }
    owner_store::queue_review(&desk.db, id, tell, &admin.actor()).await?;
    desk.outbox.wake();
    Ok(StatusCode::ACCEPTED)
}
