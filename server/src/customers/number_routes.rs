//! A conversation with a number no request has, under /api/admin/numbers/{number}: its texts, the
//! owner's answer (a job of the outbox's queue), and filing it under a customer, whose record the
//! number joins (stored by `store`).

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};

use super::model::CustomerRecord;
use super::routes::{found, refusal};
use super::store::{self, Refused};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    booking::texting::{self, TextAllowance, Texting},
    db::Db,
    delivery::{
        Outbox,
        text::{
            conversation::{self, NO_SUCH_NUMBER},
            thread::Text,
        },
    },
    domain::Phone,
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// A number's conversation: what it texted and what the shop answered.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberThread {
    /// Its ten digits, as in the path.
    pub number: String,
    /// As people write it: "(720) 555-0199".
    pub phone: String,
    /// Oldest first; none when every text with the number is under a request.
    pub texts: Vec<Text>,
    /// Whether the number can be answered now: `on`, or why not.
    pub texting: Texting,
    /// What the answer box counts against.
    pub allowance: TextAllowance,
}

/// The number in the path, read; 404 when it is not a phone number.
fn number(number: &str) -> Result<Phone, ApiError> {
    Phone::parse(number).map_err(|_| ApiError::NotFound(NO_SUCH_NUMBER))
}

/// `GET /api/admin/numbers/{number}`: the texts with a number no request has (none once they
/// were filed under a customer).
#[utoipa::path(
    get,
    path = "/numbers/{number}",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("number" = String, Path, description = "The number's ten digits.")),
    responses(
        (status = 200, description = "The conversation.", body = NumberThread),
        (status = 404, description = "That is not a phone number.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
    Path(path): Path<String>,
) -> Result<Json<NumberThread>, ApiError> {
    let phone = number(&path)?;
    let db = outbox.db();
    let texts = conversation::of_number(db, &phone.e164()).await?;
    Ok(Json(NumberThread {
        number: phone.national(),
        phone: phone.display(),
        texts,
        texting: texting::of_number(db, &outbox, &phone.e164()).await?,
        allowance: texting::allowance(db, &site, &phone.e164()).await?,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberReply {
    /// The words, without the shop's name (the text starts with it).
    text: String,
}

/// `POST /api/admin/numbers/{number}/texts`: the owner answers a number no request has.
#[utoipa::path(
    post,
    path = "/numbers/{number}/texts",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("number" = String, Path, description = "The number's ten digits.")),
    request_body = NumberReply,
    responses(
        (status = 202, description = "Queued; it shows in the conversation."),
        (status = 404, description = "No text with this number waits to be filed.", body = ErrorBody),
        (status = 409, description = "The number cannot be texted: texts are off or were stopped, today's limit to it is reached, or it is night at the shop.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn answer(
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Path(path): Path<String>,
    Checked(Json(NumberReply { text })): Checked<Json<NumberReply>>,
) -> Result<StatusCode, ApiError> {
    let phone = number(&path)?;
    let db = outbox.db();
    let e164 = phone.e164();
    if conversation::of_number(db, &e164).await?.is_empty() {
        return Err(ApiError::NotFound(NO_SUCH_NUMBER));
    }
    let body = format!("{}: {}", site.content().business.name, texting::words(&text)?);
    texting::fits(&body)?;
    if let Some(why) = texting::of_number(db, &outbox, &e164).await?.refusal() {
        return Err(ApiError::conflict(why));
    }
    let allowance = texting::allowance(db, &site, &e164).await?;
    if allowance.sent_today >= i64::from(allowance.daily_limit) {
        return Err(ApiError::conflict(texting::over_the_limit()));
    }
    if let Some(refusal) = texting::at_night(db, &site.content().business.zone())? {
        return Err(ApiError::conflict(refusal));
    }
    conversation::answer(db, &e164, &body, admin.actor().email).await?;
    outbox.wake();
    Ok(StatusCode::ACCEPTED)
}

/// Whose record the number joins.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberCustomer {
    /// The customer's id.
    customer: i64,
}

/// `POST /api/admin/numbers/{number}/customer`: the number becomes a customer's, and its texts
/// go into the thread of their newest request, as its later texts will.
#[utoipa::path(
    post,
    path = "/numbers/{number}/customer",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("number" = String, Path, description = "The number's ten digits.")),
    request_body = NumberCustomer,
    responses(
        (status = 200, description = "The customer's record, with the number.", body = CustomerRecord),
        (status = 404, description = "There is no such customer, or no text with this number waits to be filed.", body = ErrorBody),
        (status = 409, description = "The customer's record was merged into another.", body = ErrorBody),
        (status = 422, description = "The number is another customer's, or the customer has no request.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn file(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Path(path): Path<String>,
    Checked(Json(NumberCustomer { customer })): Checked<Json<NumberCustomer>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    let phone = number(&path)?;
    if conversation::of_number(&db, &phone.e164()).await?.is_empty() {
        return Err(ApiError::NotFound(NO_SUCH_NUMBER));
    }
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::NumberFiled,
        detail: format!("{} to customer {customer}", phone.display()),
    };
    match store::take_number(&db, customer, &phone, &line).await? {
        Ok(_) => found(&db, &site, customer).await,
        Err(Refused::PhoneTaken(typed, name)) => Err(ApiError::invalid(
            "customer",
            format!("{typed} is on {name}'s record already: its texts go to {name}'s requests"),
        )),
        Err(refused) => Err(refusal(refused)),
    }
}
