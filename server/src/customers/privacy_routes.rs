//! A customer's privacy, for the owner: everything the shop keeps of them as one JSON file, and
//! their personal data erased at their request (`privacy_store`); both are in the audit log.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
};
use serde::Serialize;

use super::model::{CustomerRecord, NO_SUCH_CUSTOMER};
use super::{privacy_store, reads, routes::found, routes::refusal};
use crate::audit::{self, Action, Line};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    auth::guard::Owner,
    billing::{
        customer_invoice::{self, CustomerInvoice},
        customer_quote::CustomerQuote,
        quote_sending_store,
    },
    booking::{
        events::{self, EventRecord},
        inbox::store as inbox,
        records,
        views::BookingRecord,
    },
    clock::At,
    db::Db,
    delivery::{
        Outbox,
        text::{
            consent::{self, ConsentRecord},
            thread::{self, Text},
        },
    },
    domain::{BookingId, CustomerId, Phone},
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// Everything the shop keeps of a customer.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerExport {
    pub exported_at: At,
    pub customer: CustomerRecord,
    pub requests: Vec<RequestExport>,
    /// Each time one of their numbers agreed to texts or stopped them, oldest first.
    pub text_consents: Vec<ConsentRecord>,
}

/// One of the customer's requests with its history, texts, and the quotes and invoices sent to
/// them (as their own page shows them, with their payments).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestExport {
    pub request: BookingRecord,
    pub history: Vec<EventRecord>,
    pub texts: Vec<Text>,
    pub quotes: Vec<CustomerQuote>,
    pub invoices: Vec<CustomerInvoice>,
}

/// `GET /api/admin/customers/{id}/export`: everything kept of the customer, as a JSON file.
#[utoipa::path(
    get,
    path = "/customers/{id}/export",
    tag = "admin",
    security(("session" = ["owner"])),
    params(("id" = i64, Path, description = "The customer's id.")),
    responses(
        (status = 200, description = "The customer's record, their requests with their histories, texts, quotes and invoices, and their numbers' agreements to texts, as an attachment.", body = CustomerExport),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn export(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    Owner(admin): Owner,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
) -> Result<Response, ApiError> {
    let content = site.content();
    let zone = content.business.zone();
    let customer =
        reads::record(&db, id, &content.chat).await?.ok_or(ApiError::NotFound(NO_SUCH_CUSTOMER))?;
    let mut requests = Vec::with_capacity(customer.requests.len());
    for request in &customer.requests {
        let Some(mut record) = records::one(&db, BookingId(request.id), &content).await? else { continue };
        inbox::count_other_requests(&db, std::slice::from_mut(&mut record)).await?;
        requests.push(RequestExport {
            history: events::history(&db, BookingId(request.id)).await?,
            texts: thread::of_booking(&db, request.id).await?,
            quotes: quote_sending_store::customer_quotes(&db, request.id, false, false, &zone).await?,
            invoices: customer_invoice::customer_invoices(&db, request.id, false, &content).await?,
            request: record,
        });
    }
    let mut text_consents = Vec::new();
    for number in customer.phones.iter().filter_map(|typed| Phone::parse(typed).ok()) {
        text_consents.extend(consent::history(&db, &number.e164()).await?);
    }
    audit::record(&db, &admin.actor(), Action::CustomerExported, &format!("customer {id}")).await?;
    let export = CustomerExport { exported_at: db.clock.stamp(), customer, requests, text_consents };
    // Indented: the customer may read it in any text editor.
    let body = serde_json::to_string_pretty(&export).map_err(anyhow::Error::from)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"customer-{id}-data.json\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        body,
    )
        .into_response())
}

/// `POST /api/admin/customers/{id}/erase`: the customer's personal data is erased at their
/// request: their name, numbers, addresses, notes, tags, the trailers' VINs and plates, and what
/// their requests say of them (words, places, photos, notes, texts) go; the requests' numbers,
/// dates, statuses, picked answers and times stay, and so do their agreements to texts and stops.
#[utoipa::path(
    post,
    path = "/customers/{id}/erase",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The customer's id.")),
    responses(
        (status = 200, description = "The record as it is kept now (`erasedAt` says when).", body = CustomerRecord),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "The record was merged into another, or erased already.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn erase(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    State(outbox): State<Arc<Outbox>>,
    Owner(admin): Owner,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::CustomerErased, detail: format!("customer {id}") };
    privacy_store::erase(&db, id, &line).await?.map_err(refusal)?;
    outbox.wake();
    found(&db, &site, id).await
}
