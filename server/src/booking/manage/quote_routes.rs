//! The quotes on the customer's own page: the request's sent quotes (opening the page marks them
//! viewed), what a choice of option and optional lines adds up to, and the customer's answer:
//! an approval signed with their name after the terms (kept with the time, their address and
//! browser), or the changes they ask for. Each answer is a note in the request's history, a
//! customer's change on Today, and an e-mail to the shop.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{HeaderMap, header},
};

use super::{
    routes::{Found, Which, find},
    views::RequestView,
};
use crate::billing::{
    quote::{OptionTotals, QuoteState},
    quote_sending::{QuoteAnswerKind, QuoteApproval, QuoteChangesForm, QuoteChoice},
    quote_sending_store::{self, NewQuoteAnswer},
    quote_store::{self, Refused, StoredQuote},
};
use crate::booking::routes::BookingDesk;
use crate::{
    api_doc::{BodyRefusals, ErrorBody, FieldErrorsBody, Unavailable},
    client_address::ClientAddress,
    db::Db,
    domain::QuoteId,
    error::{ApiError, Checked},
};

const NO_QUOTE: &str =
    "There is no such quote on this request. Use the link in our latest e-mail or text, or call us.";
const NOT_WAITING: &str = "This quote no longer takes an answer: it was answered, withdrawn, or its date has passed. Call us for a new one.";
const NO_CHOICE: &str = "Pick one of the quote's options, and only its optional items.";

/// Quote `id` of the request `found` is about.
pub(super) async fn quote_of(db: &Db, found: &Found, id: i64) -> Result<StoredQuote, ApiError> {
    quote_store::find(db, id)
        .await?
        .filter(|quote| quote.booking_id == found.row.id && quote.sending.is_some())
        .filter(|quote| quote.state != QuoteState::Withdrawn)
        .ok_or(ApiError::NotFound(NO_QUOTE))
}

/// What option `option` of `quote` with its optional lines `optional` adds up to.
fn chosen(quote: &StoredQuote, option: usize, optional: &[usize]) -> Result<OptionTotals, ApiError> {
    let figures = quote
        .form
        .chosen_figures(&quote.rates, option, optional)
        .ok_or_else(|| ApiError::invalid("option", NO_CHOICE))?;
    figures.totals.ok_or_else(|| ApiError::invalid("option", NO_CHOICE))
}

fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NotWaiting => ApiError::conflict(NOT_WAITING),
        _ => ApiError::NotFound(NO_QUOTE),
    }
}

/// `POST /api/manage/{token}/quotes/{id}/figures`: what a choice adds up to.
#[utoipa::path(
    post,
    path = "/api/manage/{token}/quotes/{id}/figures",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), ("id" = i64, Path, description = "The quote's id."), Which),
    request_body = QuoteChoice,
    responses(
        (status = 200, description = "The choice's subtotal, tax, total and deposit.", body = OptionTotals),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such quote on the request.", body = ErrorBody),
        (status = 422, description = "No such option, or a line ticked that is not optional.", body = FieldErrorsBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn figures(
    State(desk): State<Arc<BookingDesk>>,
    Checked(Path((token, QuoteId(id)))): Checked<Path<(String, QuoteId)>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(choice)): Checked<Json<QuoteChoice>>,
) -> Result<Json<OptionTotals>, ApiError> {
    let found = find(&desk, &token, which).await?;
    let quote = quote_of(&desk.db, &found, id).await?;
    Ok(Json(chosen(&quote, choice.option, &choice.optional)?))
}

/// Keeps `answer` to quote `id` of the request `found` is about, and shows the request again.
async fn keep(
    desk: &BookingDesk,
    token: &str,
    which: Which,
    id: i64,
    found: &Found,
    answer: &NewQuoteAnswer<'_>,
) -> Result<Json<RequestView>, ApiError> {
    quote_sending_store::answer(&desk.db, id, found.row.id, answer).await?.map_err(refusal)?;
    desk.outbox.wake();
    Ok(Json(desk.view(&find(desk, token, which).await?).await?))
}

/// The browser an answer came from, as it says.
fn agent(headers: &HeaderMap) -> &str {
    headers.get(header::USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or("")
}

/// `POST /api/manage/{token}/quotes/{id}/approve`: the customer approves a quote.
#[utoipa::path(
    post,
    path = "/api/manage/{token}/quotes/{id}/approve",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), ("id" = i64, Path, description = "The quote's id."), Which),
    request_body = QuoteApproval,
    responses(
        (status = 200, description = "The request, its quote approved.", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such quote on the request.", body = ErrorBody),
        (status = 409, description = "The quote no longer takes an answer (answered, withdrawn or past its date).", body = ErrorBody),
        (status = 422, description = "No name typed, or no such option or optional line.", body = FieldErrorsBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn approve(
    State(desk): State<Arc<BookingDesk>>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    Checked(Path((token, QuoteId(id)))): Checked<Path<(String, QuoteId)>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(approval)): Checked<Json<QuoteApproval>>,
) -> Result<Json<RequestView>, ApiError> {
    let approval = approval.checked()?;
    let found = find(&desk, &token, which).await?;
    let quote = quote_of(&desk.db, &found, id).await?;
    let totals = chosen(&quote, approval.option, &approval.optional)?;
    let title =
        quote.form.options.get(approval.option).map(|option| option.title.as_str()).unwrap_or_default();
    let chose = if quote.form.options.len() > 1 { format!(" ({title})") } else { String::new() };
    let note =
        format!("Approved quote {}{chose} for {}, signed \"{}\".", quote.number, totals.total, approval.name);
    let answer = NewQuoteAnswer {
        answer: QuoteAnswerKind::Approved,
        option: Some(approval.option),
        optional: &approval.optional,
        total: Some(totals.total),
        deposit: Some(totals.deposit),
        name: Some(&approval.name),
        message: None,
        address: &address.to_string(),
        agent: agent(&headers),
        note: &note,
    };
    keep(&desk, &token, which, id, &found, &answer).await
}

/// `POST /api/manage/{token}/quotes/{id}/changes`: the customer asks for changes to a quote.
#[utoipa::path(
    post,
    path = "/api/manage/{token}/quotes/{id}/changes",
    tag = "public",
    params(("token" = String, Path, description = "The link's token."), ("id" = i64, Path, description = "The quote's id."), Which),
    request_body = QuoteChangesForm,
    responses(
        (status = 200, description = "The request, its quote waiting for the shop's changes.", body = RequestView),
        (status = 403, description = "The link's check is due.", body = ErrorBody),
        (status = 404, description = "There is no such link, or no such quote on the request.", body = ErrorBody),
        (status = 409, description = "The quote no longer takes an answer (answered, withdrawn or past its date).", body = ErrorBody),
        (status = 422, description = "No words, too many, or not plain text.", body = FieldErrorsBody),
        BodyRefusals,
        Unavailable
    )
)]
pub async fn changes(
    State(desk): State<Arc<BookingDesk>>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    Checked(Path((token, QuoteId(id)))): Checked<Path<(String, QuoteId)>>,
    Checked(Query(which)): Checked<Query<Which>>,
    Checked(Json(form)): Checked<Json<QuoteChangesForm>>,
) -> Result<Json<RequestView>, ApiError> {
    let message = form.checked()?;
    let found = find(&desk, &token, which).await?;
    let quote = quote_of(&desk.db, &found, id).await?;
    let note = format!("Asked for changes to quote {}: {message}", quote.number);
    let answer = NewQuoteAnswer {
        answer: QuoteAnswerKind::ChangesAsked,
        option: None,
        optional: &[],
        total: None,
        deposit: None,
        name: None,
        message: Some(&message),
        address: &address.to_string(),
        agent: agent(&headers),
        note: &note,
    };
    keep(&desk, &token, which, id, &found, &answer).await
}
