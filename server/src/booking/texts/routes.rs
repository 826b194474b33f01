//! A request's texts on its page: whether its customer can be texted, the owner's reply, and
//! 'On my way' with the minutes to arrival. Each is a text of the outbox (quiet hours, the daily
//! limit and a stop that arrives before it is sent still hold) and a response to the request.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::store;
use crate::booking::texting;
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Admin,
    delivery::Outbox,
    domain::BookingId,
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// What a text from a request's page may be refused with.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum TextRefusals {
    #[response(status = 404, description = "There is no such booking.")]
    Missing(ErrorBody),
    #[response(
        status = 409,
        description = "The customer cannot be texted: texts are off, were not asked for or were stopped (by the customer or their carrier), today's limit to the number is reached, or it is night at the shop and the request is not an emergency."
    )]
    CannotText(ErrorBody),
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// The words, without the shop's name (the text starts with it).
    text: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OnMyWay {
    /// Minutes to arrival, 5 to 240.
    #[schema(minimum = 5, maximum = 240)]
    minutes: u16,
}

/// `POST /api/admin/bookings/{id}/texts`: the owner texts the customer from the request's page.
#[utoipa::path(
    post,
    path = "/bookings/{id}/texts",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = Reply,
    responses(
        (status = 202, description = "Queued; it shows in the request's texts."),
        TextRefusals,
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn reply(
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(Reply { text })): Checked<Json<Reply>>,
) -> Result<StatusCode, ApiError> {
    let words = texting::words(&text)?;
    let body = format!("{}: {words}", site.content().business.name);
    send((&outbox, &site), &admin, id, &body, "reply").await
}

/// `POST /api/admin/bookings/{id}/on-my-way`: tells the customer the crew is on its way.
#[utoipa::path(
    post,
    path = "/bookings/{id}/on-my-way",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = OnMyWay,
    responses(
        (status = 202, description = "Queued; it shows in the request's texts."),
        TextRefusals,
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn on_my_way(
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(OnMyWay { minutes })): Checked<Json<OnMyWay>>,
) -> Result<StatusCode, ApiError> {
    if !(5..=240).contains(&minutes) {
        return Err(ApiError::invalid("minutes", "Give the minutes to arrival, 5 to 240"));
    }
    let business = site.content().business.clone();
    let body = format!(
        "{}: we're on our way to you and should be there in about {minutes} minutes. Anything changed? {}",
        business.name,
        business
            .real_phone()
            .map_or_else(|| "Reply to this text.".to_owned(), |phone| format!("Call {phone}."))
    );
    send((&outbox, &site), &admin, id, &body, "on-my-way").await
}

/// Queues `body` to booking `id`'s customer as a text `purpose`, with the response it is, in one
/// transaction; refused when it is too long or the customer cannot be texted.
async fn send(
    (outbox, site): (&Outbox, &SiteDetails),
    admin: &Admin,
    BookingId(id): BookingId,
    body: &str,
    purpose: &str,
) -> Result<StatusCode, ApiError> {
    texting::fits(body)?;
    let db = outbox.db();
    let number = texting::textable_now(db, outbox, site, id).await?;
    store::queue(db, id, &number, body, purpose, &admin.actor()).await?;
    outbox.wake();
    Ok(StatusCode::ACCEPTED)
}
