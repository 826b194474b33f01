//! The customer's own contact details on their request's page: `PUT /api/manage/{token}/contact`
//! corrects a mistyped phone number or e-mail address (the owner sees it as the customer's change
//! on Today, with a note of what it was and what it is now), and `POST .../texts/stop` stops texts
//! to their number.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
};

use super::{
    routes::{Which, find},
    store,
    views::{ContactView, RequestView},
};
use crate::booking::routes::BookingDesk;
use crate::{
    api_doc::{BodyRefusals, ErrorBody, Unavailable},
    delivery::text::consent::{self, Consent, How},
    domain::{EmailAddress, Phone},
    error::{ApiError, Checked, FieldErrors},
};

/// What a stop on the request's page is kept with.
const STOPPED_ON_PAGE: &str = "Stopped texts on the request's page";

/// `PUT /api/manage/{token}/contact`.
#[utoipa::path(
    put,
    path = "/api/manage/{token}/contact",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), Which),
    request_body = ContactView,
    responses(
        (status = 200, description = "The request, with its contact details as corrected.", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn correct(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(typed)): Checked<Json<ContactView>>,
) -> Result<Json<RequestView>, ApiError> {
    let mut errors = FieldErrors::default();
    let phone = errors.check("phone", Phone::parse(&typed.phone));
    let email = errors.check("email", EmailAddress::parse(&typed.email));
    let (Some(phone), Some(email)) = (phone, email) else { return Err(ApiError::Invalid(errors)) };
    let found = find(&desk, &token, which).await?;
    let (was_phone, was_email) = (&found.row.phone, &found.row.email);
    if phone.as_ref() != was_phone || email.as_ref() != was_email {
        let note = format!(
            "Corrected their contact details: phone {was_phone} is now {phone}; e-mail {was_email} is now {email}."
        );
        store::correct_contact(&desk.db, found.row.id, &phone, &email, &note).await?;
    }
    let found = find(&desk, &token, which).await?;
    Ok(Json(desk.view(&found).await?))
}

/// `POST /api/manage/{token}/texts/stop`: no more texts to the number of the request, about any
/// request (a reply START turns them on again).
#[utoipa::path(
    post,
    path = "/api/manage/{token}/texts/stop",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), Which),
    responses(
        (status = 200, description = "The request, with texts stopped.", body = RequestView),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such request of its customer.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn stop_texts(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Json<RequestView>, ApiError> {
    let found = find(&desk, &token, which).await?;
    if let Ok(phone) = Phone::parse(&found.row.phone) {
        let number = phone.e164();
        let stop = Consent {
            phone: &number,
            booking_id: Some(found.row.id),
            given: false,
            how: How::Manage,
            wording: STOPPED_ON_PAGE,
            client_ip: "",
        };
        consent::record(&desk.db, &stop).await?;
    }
    Ok(Json(desk.view(&found).await?))
}
