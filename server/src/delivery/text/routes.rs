//! What the text provider posts to us: a customer's text (`/api/sms/inbound`) and how a sent text
//! fared (`/api/sms/status`). Both must carry the provider's signature for our public URL; anything
//! else is answered 403 and changes nothing.

use std::sync::Arc;

use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};

use super::{INBOUND_PATH, STATUS_PATH, inbound, signature, status, thread};
use crate::{api_doc::ErrorBody, delivery::Outbox, error::ApiError};

/// The signature header of a provider speaking Twilio's API.
const SIGNATURE: &str = "x-twilio-signature";
const NOT_SIGNED: &str = "This is not signed by the text provider.";

/// An empty TwiML answer: we answer by sending texts of our own, through the outbox.
const NOTHING_TO_SAY: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>";

/// A customer's text, as the provider posts it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "the shape of the form, for the API document")]
#[schema(rename_all = "PascalCase")]
struct InboundText {
    message_sid: String,
    from: String,
    to: String,
    body: String,
}

/// How a sent text fared, as the provider posts it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "the shape of the form, for the API document")]
#[schema(rename_all = "PascalCase")]
struct StatusCallback {
    message_sid: String,
    /// queued, sent, delivered, undelivered, failed (and the provider's other steps).
    message_status: String,
    #[schema(required = false)]
    error_code: Option<String>,
}

/// `POST /api/sms/inbound`: a customer's text. A stop word, START or HELP is acted on and
/// answered; any other text goes into the thread of the number's newest request.
#[utoipa::path(
    post,
    path = "/api/sms/inbound",
    tag = "texts",
    security(()),
    request_body(content = InboundText, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Taken; TwiML with nothing to say.", content_type = "text/xml", body = String),
        (status = 403, description = "Not signed by the provider, or texts are off.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 413, description = "The body is larger than a text's.", body = ErrorBody),
        (status = 422, description = "Signed, but without MessageSid, From or Body.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached (the provider tries again).", body = ErrorBody)
    )
)]
pub async fn receive(
    State(outbox): State<Arc<Outbox>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let form = signed(&outbox, &headers, &body, INBOUND_PATH)?;
    let (Some(sid), Some(from), Some(text)) = (form.get("MessageSid"), form.get("From"), form.get("Body"))
    else {
        return Err(ApiError::invalid("Body", "A text needs MessageSid, From and Body"));
    };
    inbound::take(&outbox, sid, from, text).await?;
    Ok(([(header::CONTENT_TYPE, "text/xml; charset=utf-8")], NOTHING_TO_SAY).into_response())
}

/// `POST /api/sms/status`: how a text we sent fared.
#[utoipa::path(
    post,
    path = "/api/sms/status",
    tag = "texts",
    security(()),
    request_body(content = StatusCallback, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 204, description = "Taken (a status not known, or of a text not ours, changes nothing)."),
        (status = 403, description = "Not signed by the provider, or texts are off.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 413, description = "The body is larger than a status's.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached (the provider tries again).", body = ErrorBody)
    )
)]
pub async fn status(
    State(outbox): State<Arc<Outbox>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let form = signed(&outbox, &headers, &body, STATUS_PATH)?;
    if let (Some(sid), Some(status)) =
        (form.get("MessageSid"), form.get("MessageStatus").and_then(status::TextStatus::from_provider))
    {
        let code = form.get("ErrorCode").filter(|code| !code.is_empty());
        if let thread::Moved::PageFailed(booking_id) =
            thread::update_status(outbox.db(), sid, status, code).await?
        {
            outbox.page_failed(booking_id).await?;
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The fields of a form the provider posted, in their order.
struct SignedForm(Vec<(String, String)>);

impl SignedForm {
    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }
}

/// The form fields of `body`, when the provider signed them for our `path`.
fn signed(outbox: &Outbox, headers: &HeaderMap, body: &[u8], path: &str) -> Result<SignedForm, ApiError> {
    let refused = || ApiError::Rejected(StatusCode::FORBIDDEN, NOT_SIGNED.to_owned());
    let settings = outbox.text_settings().ok_or_else(refused)?;
    let given = headers.get(SIGNATURE).and_then(|value| value.to_str().ok()).ok_or_else(refused)?;
    let fields: Vec<(String, String)> = url::form_urlencoded::parse(body)
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect();
    let valid = signature::verify(settings.auth_token.expose(), &settings.callback_url(path), &fields, given);
    if valid { Ok(SignedForm(fields)) } else { Err(refused()) }
}
