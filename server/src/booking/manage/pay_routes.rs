//! The customer opens the shop's Stripe payment page from their own page, for what is left of an
//! approved quote's deposit or of an issued invoice: the page is made for what is left to pay (a
//! second tap opens the same page while nothing was paid in between), and they come back to their
//! own page after it, paid or not.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};

use super::quote_routes::quote_of;
use super::routes::{Found, Which, find};
use crate::billing::{
    invoice::InvoiceState,
    invoice_store,
    payment::PaidFor,
    payment_reads,
    quote::QuoteState,
    quote_mail::QuoteDesk,
    stripe::{CheckoutRequest, StripeClient},
};
use crate::booking::routes::BookingDesk;
use crate::{
    api_doc::{ErrorBody, Unavailable},
    domain::{InvoiceId, Money, QuoteId},
    error::{ApiError, Checked},
    schedule::links::Purpose as Link,
};

const NO_INVOICE: &str =
    "There is no such invoice on this request. Use the link in our latest e-mail or text, or call us.";

/// Where the customer pays: Stripe's payment page.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PaymentPage {
    /// Stripe's Checkout page; they come back to their own page after it.
    pub url: String,
}

/// A payment page to open.
struct Asked {
    paid_for: PaidFor,
    /// "Deposit for quote Q-2026-0001".
    name: String,
    amount: Money,
    /// The same while nothing changed: a second tap opens the same page.
    key: String,
}

/// " at (303) 555-0148", or nothing while the shop's number is a placeholder.
fn call(desk: &BookingDesk) -> String {
    desk.site.content().business.real_phone().map(|phone| format!(" at {phone}")).unwrap_or_default()
}

/// The shop's Stripe account, or how to pay `what` ("the deposit") without one.
fn stripe<'a>(desk: &BookingDesk, billing: &'a QuoteDesk, what: &str) -> Result<&'a StripeClient, ApiError> {
    billing.stripe.as_ref().ok_or_else(|| {
        ApiError::conflict(format!(
            "We do not take payments online yet: pay {what} at the shop by cash, check or card, or call us{}.",
            call(desk)
        ))
    })
}

/// Opens Stripe's page for `asked`, to come back to the page `found` shows.
async fn open(
    desk: &BookingDesk,
    stripe: &StripeClient,
    found: &Found,
    asked: &Asked,
) -> Result<PaymentPage, ApiError> {
    let back_url = format!("{}{}{}", desk.public_url, Link::Manage.path(&found.token), found.query());
    let name = format!("{} ({})", asked.name, desk.site.content().business.name);
    let request = CheckoutRequest {
        name: &name,
        amount: asked.amount,
        paid_for: asked.paid_for,
        email: Some(found.row.email.as_str()).filter(|email| !email.is_empty()),
        back_url: &back_url,
        idempotency_key: &asked.key,
    };
    let session = stripe.checkout(&request).await.map_err(|error| {
        tracing::warn!(paid_for = ?asked.paid_for, "Stripe did not make a payment page: {error:#}");
        ApiError::Rejected(
            StatusCode::BAD_GATEWAY,
            format!(
                "We could not open the payment page just now. Try again in a minute, or call us{}.",
                call(desk)
            ),
        )
    })?;
    Ok(PaymentPage { url: session.url })
}

/// `POST /api/manage/{token}/quotes/{id}/pay`: the customer opens the page to pay what is left of
/// an approved quote's deposit (a second tap within a day opens the same page).
#[utoipa::path(
    post,
    path = "/api/manage/{token}/quotes/{id}/pay",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), ("id" = i64, Path, description = "The quote's id."), Which),
    responses(
        (status = 200, description = "Stripe's payment page for what is left of the deposit.", body = PaymentPage),
        (status = 400, description = "The quote's id or the request's number is not a whole number.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such quote on the request.", body = ErrorBody),
        (status = 409, description = "Nothing is left to pay, the quote is not approved, the request is invoiced (its invoice is paid instead), or the shop takes no payments online (how to pay is said).", body = ErrorBody),
        (status = 502, description = "Stripe could not make the page just now.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn deposit(
    State(desk): State<Arc<BookingDesk>>,
    State(quotes): State<Arc<QuoteDesk>>,
    Checked(Path((token, QuoteId(id)))): Checked<Path<(String, QuoteId)>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Json<PaymentPage>, ApiError> {
    let found = find(&desk, &token, which).await?;
    let quote = quote_of(&desk.db, &found, id).await?;
    let stripe = stripe(&desk, &quotes, "the deposit")?;
    if quote.state != QuoteState::Approved {
        return Err(ApiError::conflict("Approve the quote first: its deposit is paid once you approve it."));
    }
    for invoice in invoice_store::of_request(&desk.db, found.row.id, true).await? {
        if let Some(number) = invoice_store::find(&desk.db, invoice)
            .await?
            .filter(|invoice| invoice.state == InvoiceState::Issued)
            .and_then(|invoice| invoice.number)
        {
            return Err(ApiError::conflict(format!(
                "What was paid of the deposit counts toward invoice {number}: pay the invoice's balance instead."
            )));
        }
    }
    let (payments, standing) = payment_reads::of_quote(&desk.db, &quote).await?;
    if standing.due <= Money::ZERO {
        return Err(ApiError::conflict("Nothing is left to pay on this quote's deposit. Thank you!"));
    }
    let asked = Asked {
        paid_for: PaidFor::Quote(id),
        name: format!("Deposit for quote {}", quote.number),
        amount: standing.due,
        key: format!("deposit-{id}-{}-{}", standing.due.cents(), payments.len()),
    };
    Ok(Json(open(&desk, stripe, &found, &asked).await?))
}

/// `POST /api/manage/{token}/invoices/{id}/pay`: the customer opens the page to pay what is left
/// of an issued invoice (a second tap opens the same page while nothing was paid in between).
#[utoipa::path(
    post,
    path = "/api/manage/{token}/invoices/{id}/pay",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), ("id" = i64, Path, description = "The invoice's id."), Which),
    responses(
        (status = 200, description = "Stripe's payment page for the invoice's balance.", body = PaymentPage),
        (status = 400, description = "The invoice's id or the request's number is not a whole number.", body = ErrorBody),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such invoice on the request.", body = ErrorBody),
        (status = 409, description = "Nothing is left to pay, the invoice is void, or the shop takes no payments online (how to pay is said).", body = ErrorBody),
        (status = 502, description = "Stripe could not make the page just now.", body = ErrorBody),
        Unavailable
    )
)]
pub async fn invoice(
    State(desk): State<Arc<BookingDesk>>,
    State(billing): State<Arc<QuoteDesk>>,
    Checked(Path((token, InvoiceId(id)))): Checked<Path<(String, InvoiceId)>>,
    Checked(Query(which)): Checked<Query<Which>>,
) -> Result<Json<PaymentPage>, ApiError> {
    let found = find(&desk, &token, which).await?;
    let invoice = invoice_store::find(&desk.db, id)
        .await?
        .filter(|invoice| invoice.booking_id == found.row.id)
        .ok_or(ApiError::NotFound(NO_INVOICE))?;
    let number = invoice.number.clone().ok_or(ApiError::NotFound(NO_INVOICE))?;
    let stripe = stripe(&desk, &billing, "the invoice")?;
    if invoice.state != InvoiceState::Issued {
        return Err(ApiError::conflict("This invoice is void: there is nothing to pay on it."));
    }
    let (payments, standing) = payment_reads::of_invoice(&desk.db, &invoice).await?;
    if standing.balance <= Money::ZERO {
        return Err(ApiError::conflict("Nothing is left to pay on this invoice. Thank you!"));
    }
    let asked = Asked {
        paid_for: PaidFor::Invoice(id),
        name: format!("Invoice {number}"),
        amount: standing.balance,
        key: format!("invoice-{id}-{}-{}", standing.balance.cents(), payments.len()),
    };
    Ok(Json(open(&desk, stripe, &found, &asked).await?))
}
