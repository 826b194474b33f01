//! The customer's link itself: the check of their phone's last four digits that a link older than
//! 14 days asks for (`POST /api/manage/{token}/check`), and a new link in place of all their old
//! ones (`POST /api/manage/{token}/new-link`), for a link forwarded or seen by someone else.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};

use super::{
    routes::{UNKNOWN, Which, find},
    store,
};
use crate::booking::{routes::BookingDesk, shared_store};
use crate::{
    api_doc::{BodyRefusals, ErrorBody, Unavailable},
    error::{ApiError, Checked},
    schedule::links::{self, Checked as Check, Purpose as Link},
};

/// The answer to a link's check.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckAnswer {
    /// The last four digits of the phone number the request was sent with.
    #[schema(max_length = 20)]
    digits: String,
}

/// `POST /api/manage/{token}/check`: the last four digits of the customer's phone, which open a
/// link older than 14 days for another 14.
#[utoipa::path(
    post,
    path = "/api/manage/{token}/check",
    tag = "public",
    params(("token" = String, Path, description = "The link's token.")),
    request_body = CheckAnswer,
    responses(
        (status = 204, description = "Right: the link opens again for 14 days."),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        (status = 410, description = "The last wrong answer allowed: the link no longer works.", body = ErrorBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn check(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Json(CheckAnswer { digits })): Checked<Json<CheckAnswer>>,
) -> Result<StatusCode, ApiError> {
    let typed: String = digits.chars().filter(char::is_ascii_digit).collect();
    if typed.len() != 4 || digits.chars().any(|c| !c.is_ascii_digit() && !c.is_whitespace()) {
        return Err(ApiError::invalid(
            "digits",
            "Please type the last four digits of your phone number, like 0123",
        ));
    }
    let link = links::find(&desk.db, &token, Link::Manage).await?.ok_or(ApiError::NotFound(UNKNOWN))?;
    let row = store::row(&desk.db, link.booking_id).await?.ok_or(ApiError::NotFound(UNKNOWN))?;
    let known: String = row.phone.chars().filter(char::is_ascii_digit).collect();
    let right = known.len() >= 4 && known.ends_with(&typed);
    match links::note_check(&desk.db, &token, right).await? {
        Check::Passed => Ok(StatusCode::NO_CONTENT),
        Check::Wrong(left) => Err(ApiError::invalid(
            "digits",
            format!(
                "Those are not the last four digits of the phone number we have. {left} more {} before this link stops working; if your number has changed, call us.",
                if left == 1 { "try" } else { "tries" }
            ),
        )),
        Check::Ended => Err(ApiError::Rejected(
            StatusCode::GONE,
            "Too many wrong answers: this link no longer works. Use the link in a newer message from us, or call us."
                .to_owned(),
        )),
    }
}

/// Where the customer's new link leads.
#[derive(Serialize, utoipa::ToSchema)]
pub struct NewLink {
    /// The new link's path on the site ("/booking/…"); the old links lead nowhere.
    path: String,
}

/// `POST /api/manage/{token}/new-link`: a new link to the customer's page; every older link to
/// any of their requests stops working.
#[utoipa::path(
    post,
    path = "/api/manage/{token}/new-link",
    tag = "public",
    params(("token" = String, Path, description = "The link's token.")),
    responses(
        (status = 200, description = "The new link.", body = NewLink),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn new_link(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
) -> Result<Json<NewLink>, ApiError> {
    let found = find(&desk, &token, Which::default()).await?;
    let ended = match found.row.customer_id {
        Some(customer) => shared_store::requests_of(&desk.db, customer).await?.iter().map(|r| r.id).collect(),
        None => vec![found.row.id],
    };
    let token = links::replace(&desk.db, &ended, found.row.id, found.sent_by).await?;
    Ok(Json(NewLink { path: Link::Manage.path(&token) }))
}
