//! The admin API of invoices as drafts: the team makes one from a request's page once the work is
//! done (from the approved quote, or empty) and changes its lines to what was done (each save
//! answers with the figures, as the server adds them up). Issuing, voiding and payments are in
//! `invoice_issue_routes`.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Serialize;

use super::invoice::{InvoiceForm, InvoiceLine, InvoiceStanding, InvoiceState};
use super::invoice_store::{self, NewInvoice, Refused, StoredInvoice};
use super::payment::Payment;
use super::quote::{LabourRate, OptionFigures, QuoteRates, QuoteState};
use super::quote_routes::todays;
use super::{payment_reads, quote_store};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    clock::At,
    db::Db,
    domain::{BookingId, CURRENCY, InvoiceId, Money},
    error::{ApiError, Checked},
    site::SiteDetails,
};

pub(super) const NO_INVOICE: &str = "There is no such invoice: it may have been deleted.";
const NO_CUSTOMER: &str =
    "This request has no customer to invoice: it is marked as spam, or there is no such request.";

/// An invoice with its figures and what is left to pay.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceBody {
    pub id: i64,
    /// INV-2026-0001, once issued.
    pub number: Option<String>,
    pub booking_id: i64,
    pub customer_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub trailer_id: Option<i64>,
    /// The approved quote it was made from (its deposit counts toward it).
    pub quote_id: Option<i64>,
    pub state: InvoiceState,
    pub updated_at: At,
    /// "USD".
    pub currency: &'static str,
    pub rates: QuoteRates,
    pub rate: LabourRate,
    pub lines: Vec<InvoiceLine>,
    /// A note to the customer.
    pub message: String,
    pub due_days: i64,
    /// Each line's amount, shop supplies, the subtotal, tax and total.
    pub figures: OptionFigures,
    pub issued_at: Option<At>,
    /// The end of the last day to pay it.
    pub due_at: Option<At>,
    /// Issued, past its day, and not paid in full.
    pub overdue: bool,
    /// When its e-mail was handed to the mail server.
    pub emailed_at: Option<At>,
    /// Why its e-mail could not be sent, after the last try.
    pub email_error: Option<String>,
    pub texted_at: Option<At>,
    /// When its one reminder went, 7 days after it was due.
    pub reminded_at: Option<At>,
    pub voided_at: Option<At>,
    pub void_reason: Option<String>,
    /// The total, the deposit paid, what was paid toward it and the balance.
    pub standing: InvoiceStanding,
    /// The payments toward it, oldest first.
    pub payments: Vec<Payment>,
}

/// A request's invoices, oldest first.
#[derive(Serialize, utoipa::ToSchema)]
pub struct InvoiceList {
    pub invoices: Vec<InvoiceBody>,
}

fn body(invoice: StoredInvoice, payments: Vec<Payment>, standing: InvoiceStanding, now: &At) -> InvoiceBody {
    let figures = invoice.form.figures(&invoice.rates);
    let overdue = invoice.state == InvoiceState::Issued
        && standing.balance > Money::ZERO
        && invoice.due_at.is_some_and(|due| due < *now);
    InvoiceBody {
        id: invoice.id,
        number: invoice.number,
        booking_id: invoice.booking_id,
        customer_id: invoice.customer_id,
        name: invoice.name,
        trailer_id: invoice.trailer_id,
        quote_id: invoice.quote_id,
        state: invoice.state,
        updated_at: invoice.updated_at,
        currency: CURRENCY,
        rates: invoice.rates,
        rate: invoice.form.rate,
        lines: invoice.form.lines,
        message: invoice.form.message,
        due_days: invoice.form.due_days,
        figures,
        issued_at: invoice.issued_at,
        due_at: invoice.due_at,
        overdue,
        emailed_at: invoice.emailed_at,
        email_error: invoice.email_error,
        texted_at: invoice.texted_at,
        reminded_at: invoice.reminded_at,
        voided_at: invoice.voided_at,
        void_reason: invoice.void_reason,
        standing,
        payments,
    }
}

pub(super) fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NoCustomer => ApiError::invalid("booking", NO_CUSTOMER),
        Refused::Invoiced(_) => ApiError::conflict(
            "This request has an invoice already. Change that one, or void it first (the owner can).",
        ),
        Refused::Gone => ApiError::NotFound(NO_INVOICE),
        Refused::NotDraft => {
            ApiError::conflict("This invoice has been issued, so it is no longer changed or deleted.")
        }
        Refused::NotIssued => {
            ApiError::conflict("Only an issued invoice is voided: a draft is deleted instead.")
        }
        Refused::HoldsPayments => {
            ApiError::conflict("This invoice holds payments: refund them first, then void it.")
        }
    }
}

pub(super) async fn found(db: &Db, id: i64) -> Result<InvoiceBody, ApiError> {
    let invoice = invoice_store::find(db, id).await?.ok_or(ApiError::NotFound(NO_INVOICE))?;
    let (payments, standing) = payment_reads::of_invoice(db, &invoice).await?;
    Ok(body(invoice, payments, standing, &db.clock.stamp()))
}

/// `POST /api/admin/bookings/{id}/invoices`: the team starts a request's invoice.
#[utoipa::path(
    post,
    path = "/bookings/{id}/invoices",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 201, description = "A draft: the approved quote's lines at its rates, or none at the price book's of today.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 409, description = "The request has an invoice already (not void).", body = ErrorBody),
        (status = 422, description = "The request has no customer (spam), or there is no such request.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn start(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(BookingId(booking))): Checked<Path<BookingId>>,
) -> Result<(StatusCode, Json<InvoiceBody>), ApiError> {
    let mut approved = None;
    for id in quote_store::of_request(&db, booking).await?.into_iter().rev() {
        if let Some(quote) =
            quote_store::find(&db, id).await?.filter(|quote| quote.state == QuoteState::Approved)
        {
            approved = Some(quote);
            break;
        }
    }
    let (rates, form, quote) = match approved {
        Some(quote) => {
            let answer = quote.approved().map(|answer| (answer.option.unwrap_or(0), answer.optional.clone()));
            let (option, ticked) = answer.unwrap_or_default();
            let form = InvoiceForm::of_quote(&quote.form, option, &ticked);
            (quote.rates, form, Some(quote.id))
        }
        None => (todays(&db, &site).await?.0, InvoiceForm::blank(), None),
    };
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::InvoiceStarted, detail: format!("booking {booking}") };
    let new = NewInvoice { booking, rates: &rates, quote, user: admin.user.user_id, form: &form };
    let id = invoice_store::create(&db, &new, &line).await?.map_err(refusal)?;
    Ok((StatusCode::CREATED, Json(found(&db, id).await?)))
}

/// `GET /api/admin/bookings/{id}/invoices`: a request's invoices.
#[utoipa::path(
    get,
    path = "/bookings/{id}/invoices",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 200, description = "The request's invoices, oldest first.", body = InvoiceList),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn of_request(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(BookingId(booking))): Checked<Path<BookingId>>,
) -> Result<Json<InvoiceList>, ApiError> {
    let mut invoices = Vec::new();
    for id in invoice_store::of_request(&db, booking, false).await? {
        invoices.push(found(&db, id).await?);
    }
    Ok(Json(InvoiceList { invoices }))
}

/// `GET /api/admin/invoices/{id}`: an invoice with its figures and payments.
#[utoipa::path(
    get,
    path = "/invoices/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    responses(
        (status = 200, description = "The invoice.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
) -> Result<Json<InvoiceBody>, ApiError> {
    Ok(Json(found(&db, id).await?))
}

/// `PUT /api/admin/invoices/{id}`: the team saves a draft, whole.
#[utoipa::path(
    put,
    path = "/invoices/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    request_body = InvoiceForm,
    responses(
        (status = 200, description = "The invoice as saved, with its figures.", body = InvoiceBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        (status = 409, description = "The invoice has been issued.", body = ErrorBody),
        (status = 422, description = "A line, the days to pay or the message is wrong.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn save(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
    Checked(Json(form)): Checked<Json<InvoiceForm>>,
) -> Result<Json<InvoiceBody>, ApiError> {
    let form = form.checked()?;
    invoice_store::save(&db, id, &form).await?.map_err(refusal)?;
    Ok(Json(found(&db, id).await?))
}

/// `DELETE /api/admin/invoices/{id}`: the team deletes a draft.
#[utoipa::path(
    delete,
    path = "/invoices/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invoice's id.")),
    responses(
        (status = 204, description = "The draft is deleted."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such invoice.", body = ErrorBody),
        (status = 409, description = "The invoice has been issued.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(InvoiceId(id))): Checked<Path<InvoiceId>>,
) -> Result<StatusCode, ApiError> {
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::InvoiceDeleted, detail: format!("invoice {id}") };
    invoice_store::delete(&db, id, &line).await?.map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}
