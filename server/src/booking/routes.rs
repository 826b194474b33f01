//! `POST /api/bookings`, the booking dialog's submit; the contact page's plain form, which works
//! without JavaScript (taken here, answered by the router); and `GET /api/service-area`, the dialog's check of
//! where a trailer is.

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    extract::{Query, State},
    http::{HeaderMap, StatusCode, header},
};
use serde::{Deserialize, Serialize};

use super::{
    area::{AreaCity, BAD_PLACE, ServiceArea, Verdict, is_place},
    model::{BookingForm, NewBooking, PlainForm, RequestedTime},
    store::{self, InsertError, Origin},
};
use crate::{
    api_doc::{BodyRefusals, ErrorBody, FieldErrorsBody, Unavailable},
    auth::session::random_token,
    client_address::ClientAddress,
    db::Db,
    delivery::{Outbox, devices},
    error::{ApiError, Checked, FieldErrors},
    insights::{self, Insights},
    media::MediaStore,
    metrics,
    schedule::{
        calendar::{Calendar, Kind},
        links::Purpose,
        times,
    },
    site::{SiteDetails, content::Business},
};

/// What a visitor over the booking rate limit reads, with the number to call instead.
fn rate_limited(business: &Business) -> String {
    format!(
        "Too many requests from your network. Please wait a few minutes and try again{}.",
        business.or_call_us()
    )
}

/// What the booking endpoint needs.
pub struct BookingDesk {
    pub db: Db,
    pub outbox: Arc<Outbox>,
    /// Bookings per client address and hour; 0 for no limit.
    pub per_hour: u32,
    /// Faster submits than this are flagged as spam.
    pub min_fill: Duration,
    /// The site details: the cities and ZIP codes the shop serves, the answers that make a
    /// booking urgent, the phone number.
    pub site: Arc<SiteDetails>,
    /// Where booking photos are kept.
    pub media: Arc<MediaStore>,
    /// The admin's booking inbox, linked from a notification with photos.
    pub inbox_url: String,
    /// The site's address, for the links the visitor gets.
    pub public_url: String,
    /// Whether customers can pay online (Stripe is set up).
    pub pay_online: bool,
}

impl BookingDesk {
    /// What a visitor past the rate limit hears.
    pub fn rate_limited(&self) -> ApiError {
        ApiError::TooManyRequests(rate_limited(&self.site.content().business).into())
    }

    /// The cities and ZIP codes the shop serves now.
    pub(super) fn area(&self) -> ServiceArea {
        let content = self.site.content();
        ServiceArea::new(&content.cities, &content.business.address)
    }
}

/// Why a mobile time is not taken for a place outside the service area.
pub const OUTSIDE_FOR_MOBILE: &str = "That place is outside the area our mobile crew covers, so we'll call to arrange a visit. Pick a drop-off time, or send the request without a time.";

/// The stored booking.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    id: i64,
    /// Where the visitor can see, change or cancel the request (`/booking/{token}`).
    manage_url: String,
    /// The time asked for, if one was picked.
    appointment: Option<BookedTime>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BookedTime {
    kind: Kind,
    /// "Tuesday, December 1, 8:00-10:00 AM".
    label: String,
}

/// `POST /api/bookings`: a visitor's request from the booking dialog, stored with everything it
/// sends in one transaction.
#[utoipa::path(
    post,
    path = "/api/bookings",
    tag = "public",
    request_body = BookingForm,
    responses(
        (status = 201, description = "The booking is stored; the shop will be told.", body = Booked),
        (status = 200, description = "This submission was stored before (a repeated submit).", body = Booked),
        (status = 409, description = "The time picked was taken meanwhile; nothing was stored. Pick another.", body = ErrorBody),
        (status = 429, description = "Too many bookings from this network in the last hour.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn create(
    State(desk): State<Arc<BookingDesk>>,
    State(insights): State<Arc<Insights>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    Checked(Json(mut form)): Checked<Json<BookingForm>>,
) -> Result<(StatusCode, Json<Booked>), ApiError> {
    let content = desk.site.content();
    let asked = form.appointment.take();
    let mut booking =
        form.parse(Some(desk.min_fill)).map_err(ApiError::Invalid)?.classify(&content.chat, &desk.area());
    if let Some(asked) = asked {
        if asked.kind == Kind::Mobile
            && booking.location.is_some()
            && booking.location_city.is_none()
            && !booking.roadside
        {
            return Err(ApiError::invalid("appointment", OUTSIDE_FOR_MOBILE));
        }
        let calendar = Calendar::new(&content);
        let slot = times::requested(&calendar, asked.kind, &asked.start, desk.db.clock.now())
            .map_err(|message| ApiError::invalid("appointment", message))?;
        booking.appointment = Some(RequestedTime {
            kind: asked.kind,
            slot,
            capacity: calendar.capacity(asked.kind),
            label: calendar.label(slot),
        });
    }
    let (stored, booking) = store_booking(&desk, &insights, client, &headers, booking).await?;
    let status = if stored.created { StatusCode::CREATED } else { StatusCode::OK };
    let appointment = booking.appointment.map(|time| BookedTime { kind: time.kind, label: time.label });
    let manage_url = Purpose::Manage.path(&stored.manage_token);
    Ok((status, Json(Booked { id: stored.id, manage_url, appointment })))
}

/// Why the contact page's plain form was not taken.
pub enum PlainRefusal {
    /// Fields to fix, each with its message.
    Fields(FieldErrors),
    /// It could not be stored just now.
    NotStored,
}

/// The contact page's plain form (name, e-mail, phone, what is wrong, where), which works without
/// JavaScript: stored like a booking from the dialog, or why not (the router answers with the
/// page: `POST /contact/request`).
pub async fn take_plain_request(
    desk: &BookingDesk,
    insights: &Insights,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    form: PlainForm,
) -> Result<(), PlainRefusal> {
    let content = desk.site.content();
    let booking = form.into_booking_form(random_token()).parse(None).map_err(PlainRefusal::Fields)?;
    let booking = booking.classify(&content.chat, &desk.area());
    match store_booking(desk, insights, client, headers, booking).await {
        Ok(_) => Ok(()),
        Err(ApiError::Invalid(errors)) => Err(PlainRefusal::Fields(errors)),
        Err(error) => {
            tracing::warn!(%error, "a plain request form was not stored");
            Err(PlainRefusal::NotStored)
        }
    }
}

/// Stores `booking` with its deliveries, counts it and wakes the outbox; the stored booking.
async fn store_booking(
    desk: &BookingDesk,
    insights: &Insights,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    mut booking: NewBooking,
) -> Result<(store::Stored, NewBooking), ApiError> {
    let content = desk.site.content();
    booking.photos_link = Some(desk.inbox_url.clone());
    let client_ip = client.to_string();
    let origin = Origin {
        client_ip: &client_ip,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
        shop_minute: devices::shop_minute(desk.db.clock.now(), &content.business.zone()),
        escalate_after: desk
            .outbox
            .escalation_starts_after(
                booking.emergency,
                booking.urgent && Calendar::new(&content).open_at(desk.db.clock.now()),
            )
            .await?,
        from_texts: None,
    };
    let taking = desk.outbox.taking();
    let stored =
        store::insert(&desk.db, &booking, &origin, &desk.outbox.channels().await?, desk.per_hour).await;
    drop(taking);
    let stored = match stored {
        Ok(stored) => stored,
        Err(InsertError::RateLimited) => return Err(desk.rate_limited()),
        Err(InsertError::TimeTaken) => return Err(ApiError::conflict(times::TAKEN)),
        Err(InsertError::Other(error)) => return Err(error.into()),
    };
    if stored.created {
        desk.outbox.wake();
        metrics::booking_stored();
        if booking.spam_reason.is_none() {
            let step = insights::Step {
                reached: insights::funnel::Reached::Submitted,
                page: booking.source.page.as_deref().unwrap_or_default(),
                button: booking.source.button.as_deref().unwrap_or_default(),
            };
            insights.step(insights::Client { address: client, headers }, step);
        }
        tracing::info!(
            booking = stored.id,
            spam = booking.spam_reason.is_some(),
            urgent = booking.urgent,
            "booking stored"
        );
    }
    Ok((stored, booking))
}

#[derive(Deserialize)]
pub struct PlaceQuery {
    place: String,
}

/// Whether a place is in the service area, and what the assistant says about it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaCheck {
    /// In one of the service-area cities, or the shop's own city.
    in_area: bool,
    /// The city page it matches; none for the shop's own city or outside the area.
    city: Option<AreaCity>,
    /// What the assistant says.
    message: String,
}

/// `GET /api/service-area?place=80011`: a city or ZIP code checked against the service area.
#[utoipa::path(
    get,
    path = "/api/service-area",
    tag = "public",
    params(("place" = String, Query, min_length = 1, max_length = 120, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$", description = "Where the trailer is: a city or ZIP code, as typed (1 to 120 characters).")),
    responses(
        (status = 200, description = "Where the place is, as far as the shop is concerned.", body = AreaCheck),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 422, description = "The place is empty or too long.", body = FieldErrorsBody)
    )
)]
pub async fn service_area(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Query(PlaceQuery { place })): Checked<Query<PlaceQuery>>,
) -> Result<Json<AreaCheck>, ApiError> {
    let place = place.trim();
    if !is_place(place) {
        return Err(ApiError::invalid("place", BAD_PLACE));
    }
    let area = desk.area();
    let verdict = area.find(place);
    let message = area.message(place, &verdict);
    let in_area = verdict.served();
    let city = match verdict {
        Verdict::City(city) | Verdict::Near { city, .. } => Some(city),
        Verdict::Home | Verdict::Roadside | Verdict::Outside => None,
    };
    Ok(Json(AreaCheck { in_area, city, message }))
}
