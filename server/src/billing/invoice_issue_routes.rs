//! The admin API of an invoice once it is finished: the team issues it to the customer (numbered
//! then, by e-mail, text or both) and records what the customer pays; the owner voids one issued
//! by mistake, with the reason.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::invoice::InvoiceState;
use super::invoice_issue_store::{self, Issue, IssueText};
use super::invoice_mail::text_body;
use super::invoice_routes::{InvoiceBody, NO_INVOICE, found, refusal};
use super::invoice_store::{self, Refused};
use super::payment::{PaidFor, PaymentForm};
use super::quote_mail::QuoteDesk;
use super::quote_sending::QuoteSendForm;
use super::{payment_reads, payment_store};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::{Admin, Owner},
    booking::texting,
    clock::At,
    db::Db,
    domain::{InvoiceId, Money},
    error::{ApiError, Checked},
    schedule::links::{Purpose as Link, SentBy, Unsaved},
};

const REASON_LENGTH: usize = 200;

/// Why the owner voids an invoice.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VoidForm {
    /// Up to 200 characters; the request's history shows it.
    pub reason: String,
}

/// `POST /api/admin/invoices/{id}/send`: the team issues a finished draft to the request's
/// customer: it takes the year's next number and is due `dueDays` later.
#[utoipa::path(
    post,
    path = "/invoices/{id}/send",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    request_body = QuoteSendForm,
    responses(
        (status = 200, description = "The invoice, issued: its e-mail is queued, its text written.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        (status = 409, description = "It was issued already, e-mail is not set up, or the customer cannot be texted now (why is said).", body = ErrorBody),
        (status = 422, description = "No way to send it was picked, or the invoice is not finished (each problem by field).", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn send(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    admin: Admin,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
    Checked(Json(form)): Checked<Json<QuoteSendForm>>,
) -> Result<Json<InvoiceBody>, ApiError> {
    let form = form.checked()?;
    let invoice = invoice_store::find(&db, id).await?.ok_or(ApiError::NotFound(NO_INVOICE))?;
    if invoice.state != InvoiceState::Draft {
        return Err(refusal(Refused::NotDraft));
    }
    invoice.form.finished(&invoice.rates)?;
    if form.email && !desk.outbox.configured().0 {
        return Err(ApiError::conflict(
            "E-mail is not set up on this server, so the invoice cannot be e-mailed. Send it by text, or set up e-mail first.",
        ));
    }
    let content = desk.site.content();
    let zone = content.business.zone();
    let today = db.clock.today(&zone);
    let last_day = today.saturating_add(jiff::Span::new().days(invoice.form.due_days));
    let due_at =
        At::from(last_day.at(23, 59, 59, 0).to_zoned(zone).map_err(anyhow::Error::from)?.timestamp());
    let year = today.year();
    let link = Unsaved::new(Link::Manage, Some(SentBy::Text));
    let total = invoice.form.figures(&invoice.rates).totals.map_or(Money::ZERO, |totals| totals.total);
    let text = if form.text {
        let phone = texting::textable_now(&db, &desk.outbox, &desk.site, invoice.booking_id).await?;
        let url = link.url(&desk.public_url);
        // The number is given as it is issued: one of the same length measures the text.
        texting::fits(&text_body(&content.business.name, &format!("INV-{year}-0000"), total, &url))?;
        Some(IssueText { phone, shop: content.business.name.clone(), total, url })
    } else {
        None
    };
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::InvoiceSent, detail: format!("invoice {id}") };
    let issue = Issue {
        booking: invoice.booking_id,
        year,
        due_at,
        total,
        email: form.email,
        text,
        link: &link,
        by: actor.email,
    };
    invoice_issue_store::issue(&db, id, &issue, &line).await?.map_err(refusal)?;
    desk.outbox.wake();
    Ok(Json(found(&db, id).await?))
}

/// `POST /api/admin/invoices/{id}/void`: the owner voids an issued invoice that holds no payment,
/// with the reason; it keeps its number and is never deleted.
#[utoipa::path(
    post,
    path = "/invoices/{id}/void",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    request_body = VoidForm,
    responses(
        (status = 200, description = "The invoice, void: the customer's e-mail that says so is queued.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        (status = 409, description = "It is a draft or void already, or it holds payments (refund them first).", body = ErrorBody),
        (status = 422, description = "No reason, or too long a one.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn void(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    Owner(admin): Owner,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
    Checked(Json(form)): Checked<Json<VoidForm>>,
) -> Result<Json<InvoiceBody>, ApiError> {
    let reason = form.reason.trim();
    if reason.is_empty() {
        return Err(ApiError::invalid("reason", "Say why the invoice is void"));
    }
    if reason.chars().count() > REASON_LENGTH {
        return Err(ApiError::invalid("reason", format!("Keep the reason to {REASON_LENGTH} characters")));
    }
    let actor = admin.actor();
    let line =
        Line { actor: &actor, action: Action::InvoiceVoided, detail: format!("invoice {id}: {reason}") };
    invoice_issue_store::void(&db, id, reason, &line).await?.map_err(refusal)?;
    desk.outbox.wake();
    Ok(Json(found(&db, id).await?))
}

/// `POST /api/admin/invoices/{id}/payments`: the team records a payment toward an issued invoice
/// received by cash, check or card; the customer gets a receipt.
#[utoipa::path(
    post,
    path = "/invoices/{id}/payments",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    request_body = PaymentForm,
    responses(
        (status = 201, description = "Recorded: the invoice with its payments.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        (status = 409, description = "The invoice is not issued (a draft, or void), or nothing is left to pay.", body = ErrorBody),
        (status = 422, description = "No amount, more than the balance, online as the method, or too long a note.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn record(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    admin: Admin,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
    Checked(Json(form)): Checked<Json<PaymentForm>>,
) -> Result<(StatusCode, Json<InvoiceBody>), ApiError> {
    let form = form.checked()?;
    let invoice = invoice_store::find(&db, id).await?.ok_or(ApiError::NotFound(NO_INVOICE))?;
    if invoice.state != InvoiceState::Issued {
        return Err(ApiError::conflict("Only an issued invoice is paid: issue it first."));
    }
    let (_, standing) = payment_reads::of_invoice(&db, &invoice).await?;
    if standing.balance <= Money::ZERO {
        return Err(ApiError::conflict("Nothing is left to pay on this invoice."));
    }
    if form.amount > standing.balance {
        return Err(ApiError::invalid(
            "amount",
            format!(
                "Only {} is left to pay on this invoice: record what was paid toward it",
                standing.balance
            ),
        ));
    }
    let number = invoice.number.unwrap_or_default();
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::PaymentRecorded,
        detail: format!("{} {} for invoice {number}", form.amount, form.method.words()),
    };
    payment_store::record(&db, PaidFor::Invoice(id), &form, &line)
        .await?
        .ok_or(ApiError::NotFound(NO_INVOICE))?;
    desk.outbox.wake();
    Ok((StatusCode::CREATED, Json(found(&db, id).await?)))
}
