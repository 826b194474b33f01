//! Payments: what Stripe posts about the shop's account (`POST /api/stripe/webhook`, signed, each
//! event applied once), a payment of a deposit the team records by hand on a quote's page (cash,
//! check or the shop's own card machine), and the owner's refunds.

use std::sync::Arc;

use axum::{
    Json,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
};
use serde::Serialize;

use super::payment::{PaidFor, Payment, PaymentForm, PaymentMethod, RefundForm};
use super::payment_reads;
use super::payment_store::{self, Applied};
use super::quote::QuoteState;
use super::quote_mail::QuoteDesk;
use super::quote_routes::{NO_QUOTE, QuoteBody, found};
use super::quote_store;
use super::stripe_event::Event;
use super::stripe_signature::{self, Unsigned};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::{Admin, Owner},
    db::Db,
    domain::{Money, PaymentId, QuoteId},
    error::{ApiError, Checked},
};

/// Stripe's signature header.
const SIGNATURE: &str = "stripe-signature";
const NOT_APPROVED: &str = "The customer has not approved this quote, so there is no deposit to record yet. Record it once they approve.";

/// What the webhook answers an event it took.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Received {
    /// Always true.
    pub received: bool,
}

/// `POST /api/stripe/webhook`: an event of the shop's Stripe account. A paid Checkout Session of
/// a deposit becomes a payment (once, however often it comes), a failed bank debit a note, a
/// refund the payment's refunded amount.
#[utoipa::path(
    post,
    path = "/api/stripe/webhook",
    tag = "payments",
    security(()),
    request_body(content = String, description = "The event, as Stripe sends it (JSON).", content_type = "application/json"),
    params(("Stripe-Signature" = String, Header, description = "t=<unix seconds>,v1=<HMAC-SHA256 of t.body>")),
    responses(
        (status = 200, description = "Taken (an event taken before, or of nothing of ours, changes nothing).", body = Received),
        (status = 400, description = "Not signed with the endpoint's secret, signed more than 5 minutes from now, not an event, or online payments are off.", body = ErrorBody),
        (status = 408, description = "The body did not arrive in time.", body = ErrorBody),
        (status = 409, description = "A refund of a payment not recorded yet: Stripe sends it again later.", body = ErrorBody),
        (status = 413, description = "The body is larger than an event's.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached (Stripe tries again).", body = ErrorBody)
    )
)]
pub async fn webhook(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Received>, ApiError> {
    let refused = |why: &str| ApiError::Rejected(StatusCode::BAD_REQUEST, why.to_owned());
    let stripe =
        desk.stripe.as_ref().ok_or_else(|| refused("Online payments are not set up on this server."))?;
    let header = headers.get(SIGNATURE).and_then(|value| value.to_str().ok()).unwrap_or("");
    let now = db.clock.now().as_second();
    stripe_signature::verify(stripe.settings().webhook_secret.expose(), header, &body, now).map_err(
        |why| {
            refused(match why {
                Unsigned::Missing => "The event carries no Stripe-Signature.",
                Unsigned::Stale => "The event's signature is more than 5 minutes from now.",
                Unsigned::Wrong => "The event is not signed with this endpoint's secret.",
            })
        },
    )?;
    let event: Event =
        serde_json::from_slice(&body).map_err(|_| refused("The body is not a Stripe event."))?;
    match payment_store::apply(&db, &event, &event.meaning()).await? {
        Applied::Done | Applied::Again => {
            desk.outbox.wake();
            Ok(Json(Received { received: true }))
        }
        Applied::TooEarly => Err(ApiError::conflict(
            "This refund is of a payment not recorded yet; send it again after its payment.",
        )),
    }
}

/// `POST /api/admin/quotes/{id}/payments`: the team records a payment of an approved quote's
/// deposit received by cash, check or card; the customer gets a receipt.
#[utoipa::path(
    post,
    path = "/quotes/{id}/payments",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The quote's id.")),
    request_body = PaymentForm,
    responses(
        (status = 201, description = "Recorded: the quote with its payments.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "The customer has not approved the quote, or nothing is left to pay on its deposit.", body = ErrorBody),
        (status = 422, description = "No amount, more than is left to pay, online as the method, or too long a note.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn record(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
    Checked(Json(form)): Checked<Json<PaymentForm>>,
) -> Result<(StatusCode, Json<QuoteBody>), ApiError> {
    let form = form.checked()?;
    let quote = quote_store::find(&db, id).await?.ok_or(ApiError::NotFound(NO_QUOTE))?;
    if quote.state != QuoteState::Approved {
        return Err(ApiError::conflict(NOT_APPROVED));
    }
    let (_, standing) = payment_reads::of_quote(&db, &quote).await?;
    if standing.due <= Money::ZERO {
        return Err(ApiError::conflict("Nothing is left to pay on this quote's deposit."));
    }
    if form.amount > standing.due {
        return Err(ApiError::invalid(
            "amount",
            format!("Only {} is left to pay on this deposit: record what was paid toward it", standing.due),
        ));
    }
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::PaymentRecorded,
        detail: format!("{} {} for quote {}", form.amount, form.method.words(), quote.number),
    };
    payment_store::record(&db, PaidFor::Quote(id), &form, &line)
        .await?
        .ok_or(ApiError::NotFound(NO_QUOTE))?;
    desk.outbox.wake();
    Ok((StatusCode::CREATED, found(&db, id).await?))
}

/// `POST /api/admin/payments/{id}/refund`: the owner gives back part or all of a payment (an
/// online one on the customer's card, through Stripe); kept beside it, never deleted.
#[utoipa::path(
    post,
    path = "/payments/{id}/refund",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The payment's id.")),
    request_body = RefundForm,
    responses(
        (status = 200, description = "Refunded: the payment as it stands now; the customer's notice is queued.", body = Payment),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such payment.", body = ErrorBody),
        (status = 409, description = "An online payment, and online payments are no longer set up.", body = ErrorBody),
        (status = 422, description = "No amount, more than is left of the payment, or no reason.", body = FieldErrorsBody),
        (status = 502, description = "Stripe did not make the refund just now.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn refund(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    Owner(admin): Owner,
    Checked(Path(PaymentId(id))): Checked<Path<PaymentId>>,
    Checked(Json(form)): Checked<Json<RefundForm>>,
) -> Result<Json<Payment>, ApiError> {
    const NO_PAYMENT: &str = "There is no such payment.";
    let (payment, _) = payment_reads::find(&db, id).await?.ok_or(ApiError::NotFound(NO_PAYMENT))?;
    let form = form.checked(payment.kept())?;
    if payment.method == PaymentMethod::Online {
        let stripe = desk.stripe.as_ref().ok_or_else(|| {
            ApiError::conflict("This payment was made online, and Stripe is no longer set up here: refund it in Stripe's dashboard.")
        })?;
        let intent = payment_reads::payment_intent(&db, id).await?.ok_or(ApiError::NotFound(NO_PAYMENT))?;
        let key = format!("refund-{id}-{}-{}", payment.refunded.cents(), form.amount.cents());
        stripe.refund(&intent, form.amount, &key).await.map_err(|error| {
            tracing::warn!(payment = id, "Stripe did not make a refund: {error:#}");
            ApiError::Rejected(StatusCode::BAD_GATEWAY, format!("Stripe did not make the refund: {error:#}"))
        })?;
    }
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::PaymentRefunded,
        detail: format!("{} of payment {id}: {}", form.amount, form.reason),
    };
    payment_store::refund(&db, id, &form, &line).await?;
    desk.outbox.wake();
    let (payment, _) = payment_reads::find(&db, id).await?.ok_or(ApiError::NotFound(NO_PAYMENT))?;
    Ok(Json(payment))
}
