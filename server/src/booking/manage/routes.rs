//! The visitor's link to their request (`/booking/{token}`, in every confirmation): what they
//! asked for and its time, another open time, or a cancellation with an optional reason. A change
//! reaches the inbox (a note) and the shop's e-mail at once. The same link opens the customer's
//! other requests (`?request=N`), and nothing of any other customer or of the admin area. A
//! request's time and cancellation close a day after its time (30 days after the request when it
//! has no time); the link itself works until the customer replaces it, after a check of their
//! phone's last four digits once it is 14 days old (`schedule::links`).

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
    views::{ContactView, PickedAnswer, RequestView, TimeView},
};
use crate::billing::{customer_invoice, invoice::InvoiceState, payment_reads, quote_sending_store};
use crate::booking::{records, routes::BookingDesk, shared_store::answers, texting};
use crate::{
    api_doc::{BodyRefusals, ErrorBody, FieldErrorsBody, Unavailable},
    blog::model::long_date,
    delivery::{
        devices::{self, Occasion},
        told::Told,
    },
    domain::{BookingId, BookingStatus, Money},
    error::{ApiError, Checked},
    schedule::{
        booking_event::calendar_file,
        calendar::{Calendar, Kind},
        links::{self, Purpose as Link, SentBy},
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

/// What a link's page says when its check is due.
pub const CHECK_DUE: &str =
    "For your privacy, please confirm the last four digits of your phone number to open this page.";
/// What a link that leads nowhere answers.
pub const UNKNOWN: &str = "There is no such request, or this link was replaced by a newer one. Use the link in our latest e-mail or text, or call us.";

/// Which of the customer's requests the page is about: the link's own, or another of theirs.
#[derive(Clone, Copy, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Which {
    /// Another request of the same customer, by its number (the link's own without it).
    #[param(minimum = 1)]
    pub request: Option<i64>,
}

/// The request a link leads to.
pub(super) struct Found {
    pub(super) row: BookingRow,
    time: Option<Appointment>,
    /// The link's token, which the page's own addresses carry.
    pub(super) token: String,
    /// The request the link was sent about.
    pub(super) link_booking: i64,
    /// The requests the link opens (`store::scope`), newest first.
    pub(super) scope: Vec<i64>,
    /// How the link reached the customer.
    pub(super) sent_by: Option<SentBy>,
    /// Its time (or the 30 days of a request without one) is over.
    time_over: bool,
}

impl Found {
    /// The query that keeps the page's addresses on this request.
    pub(super) fn query(&self) -> String {
        if self.row.id == self.link_booking { String::new() } else { format!("?request={}", self.row.id) }
    }

    /// Whether the shop marked the job done.
    pub(super) fn done(&self) -> bool {
        self.row.status == BookingStatus::Done
    }

    /// Its time is over or its job is done: it can no longer be changed.
    fn closed(&self) -> bool {
        self.time_over || self.done()
    }

    /// Refuses a change once the request's time is over or its job is done.
    pub(super) fn open(&self) -> Result<(), ApiError> {
        if !self.closed() {
            return Ok(());
        }
        let why = if self.done() { "This job is done" } else { "This request's time has passed" };
        Err(ApiError::Rejected(
            StatusCode::GONE,
            format!("{why}, so it can no longer be changed here. Call us for anything about it."),
        ))
    }
}

pub(super) async fn find(desk: &BookingDesk, token: &str, which: Which) -> Result<Found, ApiError> {
    let link = links::find(&desk.db, token, Link::Manage).await?.ok_or(ApiError::NotFound(UNKNOWN))?;
    if link.check_due {
        return Err(ApiError::Rejected(StatusCode::FORBIDDEN, CHECK_DUE.to_owned()));
    }
    let linked = store::row(&desk.db, link.booking_id).await?.ok_or(ApiError::NotFound(UNKNOWN))?;
    let scope = store::scope(&desk.db, &linked, link.sent_by).await?;
    let row = match which.request.filter(|&id| id != linked.id) {
        None => linked,
        Some(id) if scope.contains(&id) => {
            store::row(&desk.db, id).await?.ok_or(ApiError::NotFound(UNKNOWN))?
        }
        Some(_) => return Err(ApiError::NotFound(UNKNOWN)),
    };
    let time = appointments::get(&desk.db, BookingId(row.id)).await?;
    let ends = match &time {
        Some(time) => time.slot.end + AFTER_TIME,
        None => row.created_at.timestamp() + WITHOUT_TIME,
    };
    let time_over = ends < desk.db.clock.now();
    Ok(Found {
        row,
        time,
        token: token.to_owned(),
        link_booking: link.booking_id,
        scope,
        sent_by: link.sent_by,
        time_over,
    })
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
        let invoices =
            customer_invoice::customer_invoices(&self.db, found.row.id, self.pay_online, &content).await?;
        // Once invoiced, what was paid of a deposit counts toward the invoice, which is paid instead.
        let invoiced = invoices.iter().any(|invoice| invoice.state == InvoiceState::Issued);
        let quotes = quote_sending_store::customer_quotes(
            &self.db,
            found.row.id,
            self.pay_online && !invoiced,
            true,
            calendar.zone(),
        )
        .await?;
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
            closed: found.closed(),
            done: found.done(),
            phone: content.business.real_phone().map(str::to_owned),
            name: row.name.clone(),
            contact: ContactView { phone: row.phone.clone(), email: row.email.clone() },
            place,
            words,
            texting: texting::of(&self.db, &self.outbox, row.id, &row.phone).await?,
            trailer_id: row.trailer_id,
            photos: self.photos_of(found).await?,
            quotes,
            invoices,
        })
    }
}

/// What the visitor's page shows when the server renders it.
pub enum Shown {
    /// The request, its customer (whose page it is) and the requests of theirs the link opens.
    Request { view: Box<RequestView>, customer: Option<i64>, scope: Vec<i64> },
    /// The link is older than 14 days: the page asks for the last four digits first.
    Check,
    /// The link leads to no request: why, with the status to answer.
    Problem(StatusCode, String),
}

/// What the page of link `token` shows of request `which`.
pub async fn for_page(desk: &BookingDesk, token: &str, which: Which) -> anyhow::Result<Shown> {
    let found = match find(desk, token, which).await {
        Ok(found) => found,
        Err(ApiError::NotFound(why)) => return Ok(Shown::Problem(StatusCode::NOT_FOUND, why.to_owned())),
        Err(ApiError::Rejected(StatusCode::FORBIDDEN, _)) => return Ok(Shown::Check),
        Err(ApiError::Rejected(status, why)) => return Ok(Shown::Problem(status, why)),
        Err(ApiError::Internal(error)) => return Err(error),
        Err(other) => return Err(anyhow::anyhow!("{other}")),
    };
    let view = Box::new(desk.view(&found).await?);
    Ok(Shown::Request { view, customer: found.row.customer_id, scope: found.scope })
}

/// `GET /api/manage/{token}`: the visitor's request.
#[utoipa::path(
    get,
    path = "/api/manage/{token}",
    tag = "public",
    params(("token" = String, Path, description = "The token of the link in the visitor's e-mail."), Which),
    responses(
        (status = 200, description = "The request, its time and what may be done.", body = RequestView),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 403, description = "The link is older than 14 days: its check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn show(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token, which).await?;
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
    params(("token" = String, Path, description = "The link's token."), DayQuery, Which),
    responses(
        (status = 200, description = "The open times of the request's kind (its own counts as free).", body = OpenTimes),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        (status = 409, description = "No time can be picked for this request (cancelled, or the shop will call).", body = ErrorBody),
        (status = 410, description = "The request's time has passed, or its job is done.", body = ErrorBody),
        (status = 422, description = "The date is not a date.", body = FieldErrorsBody),
        Unavailable
    )
)]
pub async fn open_times(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(query)): Checked<Query<DayQuery>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Json<OpenTimes>, ApiError> {
    let on = times::day(query.date.as_deref()).map_err(|message| ApiError::invalid("date", message))?;
    let found = find(&desk, &token, which).await?;
    let content = desk.site.content();
    let kind = pickable(&desk, &found, &content).await?;
    let calendar = Calendar::new(&content);
    let holds = found.time.as_ref().filter(|time| time.state != TimeState::Cancelled).map(|time| time.slot);
    let moving = Moving { booking: found.row.id, holds };
    Ok(Json(times::open(&desk.db, &calendar, kind, desk.db.clock.now(), on, Some(moving)).await?))
}

/// The kind of time request `found` may pick now, or a 409 saying why none.
async fn pickable(desk: &BookingDesk, found: &Found, content: &Content) -> Result<Kind, ApiError> {
    found.open()?;
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
    params(("token" = String, Path, description = "The link's token."), Which),
    request_body = NewTime,
    responses(
        (status = 200, description = "The request with its new time.", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        (status = 409, description = "The time was taken meanwhile, or no time can be picked.", body = ErrorBody),
        (status = 410, description = "The request's time has passed, or its job is done.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn change_time(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(NewTime { start })): Checked<Json<NewTime>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token, which).await?;
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
    let found = find(&desk, &token, which).await?;
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
    params(("token" = String, Path, description = "The link's token."), Which),
    request_body = Cancellation,
    responses(
        (status = 200, description = "The request, cancelled (also when it was already).", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        (status = 410, description = "The request's time has passed, or its job is done.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn cancel(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
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
    let found = find(&desk, &token, which).await?;
    found.open()?;
    let content = desk.site.content();
    let mut note = match &reason {
        Some(reason) => format!("Cancelled the request: {reason}"),
        None => "Cancelled the request.".to_owned(),
    };
    let kept = payment_reads::kept_on_request(&desk.db, found.row.id).await?;
    if kept > Money::ZERO {
        note.push_str(&format!(
            " {kept} paid toward it is kept: refund it from the quote's page if it goes back."
        ));
    }
    let change = Change {
        id: found.row.id,
        occasion: desk.occasion(&found, &content),
        note,
        tell: Told::by(&desk.outbox.channels().await?),
    };
    cancel_request(&desk.db, &change, reason.as_deref()).await?;
    desk.outbox.wake();
    let found = find(&desk, &token, which).await?;
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
    params(("token" = String, Path, description = "The link's token."), Which),
    responses(
        (status = 200, description = "An iCalendar file (RFC 5545) with the time, on the shop's clock.", content_type = "text/calendar"),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or the request has no time.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn calendar(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Response, ApiError> {
    let found = find(&desk, &token, which).await?;
    let time = found.time.as_ref().ok_or(ApiError::NotFound("This request has no time yet."))?;
    let content = desk.site.content();
    let manage = format!("{}{}{}", desk.public_url, Link::Manage.path(&token), found.query());
    let place = trailer_place(&desk.db, found.row.id, time.state == TimeState::Confirmed).await?;
    let file = calendar_file(
        &content,
        &desk.public_url,
        time,
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
