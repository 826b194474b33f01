//! The team's list of invoices (`GET /api/admin/invoices`), narrowed to drafts, unpaid, overdue,
//! paid or void, and the same as CSV for the books (`GET /api/admin/invoices.csv`, the owner's):
//! amounts in dollars with two decimals, times on the shop's clock.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
    http::header,
    response::{IntoResponse, Response},
};

use super::invoice::InvoiceState;
use super::invoice_list_store::{self, InvoiceListing, InvoiceShown, ListedInvoice};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    auth::guard::{Admin, Owner},
    db::Db,
    domain::Money,
    error::{ApiError, Checked},
    site::SiteDetails,
    spreadsheet,
};

/// The most invoices the team's list shows.
const LISTED: i64 = 50;

/// The invoices list's query string.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Which invoices (all unless said).
    #[param(inline)]
    show: Option<InvoiceShown>,
}

/// `GET /api/admin/invoices`: the invoices, newest first (unpaid and overdue ones: the longest
/// due first), 50 at most.
#[utoipa::path(
    get,
    path = "/invoices",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(ListParams),
    responses(
        (status = 200, description = "The invoices shown, and how many there are in all.", body = InvoiceListing),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Query(params)): Checked<Query<ListParams>>,
) -> Result<Json<InvoiceListing>, ApiError> {
    let shown = params.show.unwrap_or(InvoiceShown::All);
    let (invoices, total) = invoice_list_store::list(&db, shown, &db.clock.stamp(), Some(LISTED)).await?;
    Ok(Json(InvoiceListing { invoices, total }))
}

/// `GET /api/admin/invoices.csv`: the invoices the list shows, every one, as CSV.
#[utoipa::path(
    get,
    path = "/invoices.csv",
    tag = "admin",
    security(("session" = ["owner"])),
    params(ListParams),
    responses(
        (status = 200, description = "Every invoice shown, as CSV: amounts in dollars with two decimals.", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "attachment; filename=\"invoices.csv\""))),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn export(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    _owner: Owner,
    Checked(Query(params)): Checked<Query<ListParams>>,
) -> Result<Response, ApiError> {
    let shown = params.show.unwrap_or(InvoiceShown::All);
    let (invoices, _) = invoice_list_store::list(&db, shown, &db.clock.stamp(), None).await?;
    let content = site.content();
    let zone = content.business.zone();
    let time =
        |at: Option<crate::clock::At>| at.map(|at| spreadsheet::shop_time(at, &zone)).unwrap_or_default();
    let mut rows = vec![
        [
            "number",
            &format!("issued ({})", content.business.time_zone),
            "due",
            "customer",
            "request",
            "standing",
            "total",
            "deposit paid",
            "paid",
            "balance",
        ]
        .map(str::to_owned)
        .to_vec(),
    ];
    rows.extend(invoices.iter().map(|invoice| {
        vec![
            invoice.number.clone().unwrap_or_default(),
            time(invoice.issued_at),
            time(invoice.due_at),
            spreadsheet::safe(&invoice.name),
            invoice.booking_id.to_string(),
            standing(invoice).to_owned(),
            invoice.total.map(spreadsheet::dollars).unwrap_or_default(),
            spreadsheet::dollars(invoice.deposit_paid),
            spreadsheet::dollars(invoice.paid),
            spreadsheet::dollars(invoice.balance),
        ]
    }));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"invoices.csv\""),
        ],
        spreadsheet::lines(&rows)?,
    )
        .into_response())
}

/// Where an invoice stands, in the CSV's words.
fn standing(invoice: &ListedInvoice) -> &'static str {
    match invoice.state {
        InvoiceState::Draft => "draft",
        InvoiceState::Void => "void",
        InvoiceState::Issued if invoice.balance == Money::ZERO => "paid",
        InvoiceState::Issued if invoice.overdue => "overdue",
        InvoiceState::Issued => "unpaid",
    }
}
