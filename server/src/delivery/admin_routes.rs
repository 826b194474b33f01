//! The admin's notification settings, under /api/admin/notifications: which channels the server
//! has, who gets the booking e-mails, how each channel did lately, and a test through the outbox.

use std::sync::Arc;

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};

use super::{
    Channel, Outbox, TestTarget,
    health::{self, ChannelHealth, TestDelivery},
    recipients, store,
};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Owner,
    domain::EmailAddress,
    error::{ApiError, Checked, FieldErrors},
};

const NO_EMAIL: &str = "The server has no SMTP settings, so it cannot send e-mail yet (see 'Getting bookings by e-mail' in the owner's guide, docs/owner-guide.md).";
const NO_RECIPIENT: &str = "Add an address to send the booking e-mails to first.";
const NO_WEBHOOK: &str = "The server has no webhook settings.";

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailChannel {
    /// The server has SMTP settings.
    configured: bool,
    /// The addresses set in the admin.
    recipients: Vec<String>,
    /// The server's --notify-email, used while none is set in the admin.
    default_recipient: Option<String>,
    health: ChannelHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookChannel {
    configured: bool,
    health: ChannelHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Notifications {
    email: EmailChannel,
    webhook: WebhookChannel,
    /// The newest tests, newest first.
    tests: Vec<TestDelivery>,
}

/// `GET /api/admin/notifications`: where new bookings go and whether that works.
#[utoipa::path(
    get,
    path = "/notifications",
    tag = "admin",
    security(("session" = ["owner"])),
    responses((status = 200, description = "The channels, recipients and tests.", body = Notifications), AdminRefusals)
)]
pub async fn show(State(outbox): State<Arc<Outbox>>, _owner: Owner) -> Result<Json<Notifications>, ApiError> {
    let db = outbox.db();
    let (email, webhook) = outbox.configured();
    Ok(Json(Notifications {
        email: EmailChannel {
            configured: email,
            recipients: recipients::list(db).await?,
            default_recipient: outbox.default_recipient(),
            health: health::health(db, Channel::Email).await?,
        },
        webhook: WebhookChannel { configured: webhook, health: health::health(db, Channel::Webhook).await? },
        tests: health::recent_tests(db).await?,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecipientList {
    /// Every address that gets the e-mail of a new booking (at most 10); none: the server's
    /// --notify-email.
    recipients: Vec<String>,
}

/// `PUT /api/admin/notifications/recipients`: who gets the e-mail of each new booking.
#[utoipa::path(
    put,
    path = "/notifications/recipients",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = RecipientList,
    responses((status = 200, description = "The addresses as stored.", body = Vec<String>), BodyRefusals, AdminRefusals)
)]
pub async fn set_recipients(
    State(outbox): State<Arc<Outbox>>,
    Owner(admin): Owner,
    Checked(Json(RecipientList { recipients: given })): Checked<Json<RecipientList>>,
) -> Result<Json<Vec<String>>, ApiError> {
    let mut errors = FieldErrors::default();
    let mut emails: Vec<String> = Vec::new();
    for (index, email) in given.iter().enumerate() {
        match EmailAddress::parse(email) {
            Ok(_) if email.trim().parse::<lettre::Address>().is_err() => {
                errors.add(format!("recipients[{index}]"), "Invalid email format");
            }
            Ok(_) => emails.push(email.trim().to_lowercase()),
            Err(message) => errors.add(format!("recipients[{index}]"), message),
        }
    }
    emails.sort();
    emails.dedup();
    if emails.len() > recipients::MAX {
        errors.add("recipients", format!("Enter at most {} addresses", recipients::MAX));
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let db = outbox.db();
    let before = recipients::list(db).await?;
    if before != emails {
        recipients::replace(db, &emails, &admin.actor()).await?;
    }
    Ok(Json(emails))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TestRequest {
    /// `email` or `webhook`.
    #[schema(pattern = "^(email|webhook)$")]
    channel: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct TestQueued {
    /// The test's number; `GET /notifications` lists it with its state.
    id: i64,
}

/// `POST /api/admin/notifications/test`: puts a test of a channel in the outbox.
#[utoipa::path(
    post,
    path = "/notifications/test",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = TestRequest,
    responses(
        (status = 202, description = "The test is in the outbox.", body = TestQueued),
        (status = 409, description = "The channel is not set up.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn send_test(
    State(outbox): State<Arc<Outbox>>,
    Owner(admin): Owner,
    Checked(Json(TestRequest { channel })): Checked<Json<TestRequest>>,
) -> Result<(StatusCode, Json<TestQueued>), ApiError> {
    let (email, webhook) = outbox.configured();
    let refuse = |message: &str| Err(ApiError::conflict(message));
    let target = match channel.as_str() {
        "email" if !email => return refuse(NO_EMAIL),
        "email" if outbox.recipients().await?.is_empty() => return refuse(NO_RECIPIENT),
        "email" => TestTarget::Email,
        "webhook" if !webhook => return refuse(NO_WEBHOOK),
        "webhook" => TestTarget::Webhook,
        _ => return Err(ApiError::invalid("channel", "Choose email or webhook")),
    };
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::TestNotificationSent, detail: channel };
    let id = store::enqueue_test(outbox.db(), target, &line).await?;
    outbox.wake();
    Ok((StatusCode::ACCEPTED, Json(TestQueued { id })))
}
