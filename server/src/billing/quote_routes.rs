//! The admin API of quotes: the team starts one from a request's page, writes it (each save
//! answers with every option's figures, as the server adds them up), and deletes a draft.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::Serialize;

use super::payment::{DepositStanding, Payment};
use super::quote::{Deposit, LabourRate, OptionFigures, QuoteForm, QuoteOption, QuoteRates, QuoteState};
use super::quote_list_store::{self, ListedQuote, QuoteShown, listed};
use super::quote_sending::{QuoteAnswer, QuoteSending};
use super::quote_store::{self, NewQuote, Refused, StoredQuote};
use super::{payment_reads, price_store};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    clock::At,
    db::Db,
    domain::{BookingId, CURRENCY, QuoteId},
    error::{ApiError, Checked},
    site::SiteDetails,
};

pub(super) const NO_QUOTE: &str = "There is no such quote: it may have been deleted.";
const NO_CUSTOMER: &str =
    "This request has no customer to quote: it is marked as spam, or there is no such request.";
const SENT: &str = "This quote has been sent, so it is no longer changed or deleted.";
const NOT_WAITING: &str =
    "This quote is not waiting for the customer's answer: it is a draft, answered, or withdrawn already.";

/// A quote with each option's figures.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteBody {
    pub id: i64,
    /// Q-2026-0001.
    pub number: String,
    pub booking_id: i64,
    pub customer_id: i64,
    /// The customer's name (and company).
    pub name: String,
    pub trailer_id: Option<i64>,
    pub state: QuoteState,
    pub updated_at: At,
    /// "USD".
    pub currency: &'static str,
    /// The price book's figures of the day the quote was made.
    pub rates: QuoteRates,
    pub rate: LabourRate,
    pub options: Vec<QuoteOption>,
    pub deposit: Deposit,
    /// A note to the customer.
    pub message: String,
    /// Each option's figures, in the options' order.
    pub figures: Vec<OptionFigures>,
    /// Once it is sent: when, until when, when the customer opened it, its e-mail.
    pub sending: Option<QuoteSending>,
    /// The customer's answers, oldest first.
    pub answers: Vec<QuoteAnswer>,
    /// Once approved: the deposit asked, paid and left to pay.
    pub deposit_standing: DepositStanding,
    /// The payments received for it, oldest first.
    pub payments: Vec<Payment>,
}

/// A quote in a request's list.
/// Quotes in a list: a request's, oldest first, or the team's list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct QuoteList {
    pub quotes: Vec<ListedQuote>,
    /// How many there are in all (the team's list shows 50 at most).
    pub total: i64,
}

/// The quotes list's query string.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Which quotes (all unless said).
    #[param(inline)]
    show: Option<QuoteShown>,
}

/// The most quotes the team's list shows.
const LISTED: i64 = 50;

/// `GET /api/admin/quotes`: the quotes, newest first (waiting ones: the shop's turn first, then
/// the soonest to expire), 50 at most.
#[utoipa::path(
    get,
    path = "/quotes",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(ListParams),
    responses(
        (status = 200, description = "The quotes shown, and how many there are in all.", body = QuoteList),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Query(params)): Checked<Query<ListParams>>,
) -> Result<Json<QuoteList>, ApiError> {
    let shown = params.show.unwrap_or(QuoteShown::All);
    let (quotes, total) = quote_list_store::list(&db, shown, &db.clock.stamp(), LISTED).await?;
    Ok(Json(QuoteList { quotes, total }))
}

fn body(quote: StoredQuote, payments: Vec<Payment>, now: &At) -> QuoteBody {
    let figures = quote.form.figures(&quote.rates);
    let deposit_standing = DepositStanding::of(quote.deposit_asked(), &payments);
    let state = quote.state_at(now);
    QuoteBody {
        id: quote.id,
        number: quote.number,
        booking_id: quote.booking_id,
        customer_id: quote.customer_id,
        name: quote.name,
        trailer_id: quote.trailer_id,
        state,
        updated_at: quote.updated_at,
        currency: CURRENCY,
        rates: quote.rates,
        rate: quote.form.rate,
        options: quote.form.options,
        deposit: quote.form.deposit,
        message: quote.form.message,
        figures,
        sending: quote.sending,
        answers: quote.answers,
        deposit_standing,
        payments,
    }
}

pub(super) fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NoCustomer => ApiError::invalid("booking", NO_CUSTOMER),
        Refused::Gone => ApiError::NotFound(NO_QUOTE),
        Refused::NotDraft => ApiError::conflict(SENT),
        Refused::NotWaiting => ApiError::conflict(NOT_WAITING),
    }
}

/// The price book's figures of today, which a new quote takes, and the shop's year, which numbers
/// it.
pub(super) async fn todays(db: &Db, site: &SiteDetails) -> anyhow::Result<(QuoteRates, i16)> {
    let book = price_store::book(db).await?;
    let year = db.clock.now().to_zoned(site.content().business.zone()).year();
    Ok((QuoteRates::from_book(&book.settings), year))
}

pub(super) async fn found(db: &Db, id: i64) -> Result<Json<QuoteBody>, ApiError> {
    let quote = quote_store::find(db, id).await?.ok_or(ApiError::NotFound(NO_QUOTE))?;
    let payments = payment_reads::of_quotes(db, &[id]).await?.remove(&id).unwrap_or_default();
    Ok(Json(body(quote, payments, &db.clock.stamp())))
}

/// `POST /api/admin/bookings/{id}/quotes`: the team starts a quote for a request.
#[utoipa::path(
    post,
    path = "/bookings/{id}/quotes",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 201, description = "A blank draft with the price book's figures of today.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 422, description = "The request has no customer (spam), or there is no such request.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn start(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(BookingId(booking))): Checked<Path<BookingId>>,
) -> Result<(StatusCode, Json<QuoteBody>), ApiError> {
    let (rates, year) = todays(&db, &site).await?;
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::QuoteStarted, detail: format!("booking {booking}") };
    let new = NewQuote {
        booking,
        rates: &rates,
        year,
        user: admin.user.user_id,
        form: &QuoteForm::blank(),
        replaces: None,
    };
    let id = quote_store::create(&db, &new, &line).await?.map_err(refusal)?;
    Ok((StatusCode::CREATED, found(&db, id).await?))
}

/// `GET /api/admin/bookings/{id}/quotes`: a request's quotes.
#[utoipa::path(
    get,
    path = "/bookings/{id}/quotes",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 200, description = "The request's quotes, oldest first.", body = QuoteList),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn of_request(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(BookingId(booking))): Checked<Path<BookingId>>,
) -> Result<Json<QuoteList>, ApiError> {
    let now = db.clock.stamp();
    let mut quotes = Vec::new();
    for id in quote_store::of_request(&db, booking).await? {
        if let Some(quote) = quote_store::find(&db, id).await? {
            quotes.push(listed(quote, &now));
        }
    }
    let total = i64::try_from(quotes.len()).map_err(anyhow::Error::from)?;
    Ok(Json(QuoteList { quotes, total }))
}

/// `GET /api/admin/quotes/{id}`: a quote with its figures.
#[utoipa::path(
    get,
    path = "/quotes/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The quote's id.")),
    responses(
        (status = 200, description = "The quote.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
) -> Result<Json<QuoteBody>, ApiError> {
    found(&db, id).await
}

/// `PUT /api/admin/quotes/{id}`: the team saves a draft, whole.
#[utoipa::path(
    put,
    path = "/quotes/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The quote's id.")),
    request_body = QuoteForm,
    responses(
        (status = 200, description = "The quote as saved, with its figures.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "The quote has been sent.", body = ErrorBody),
        (status = 422, description = "A line, an option's title, the deposit or the message is wrong.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn save(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
    Checked(Json(form)): Checked<Json<QuoteForm>>,
) -> Result<Json<QuoteBody>, ApiError> {
    let form = form.checked()?;
    quote_store::save(&db, id, &form).await?.map_err(refusal)?;
    found(&db, id).await
}

/// `DELETE /api/admin/quotes/{id}`: the team deletes a draft.
#[utoipa::path(
    delete,
    path = "/quotes/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The quote's id.")),
    responses(
        (status = 204, description = "The draft is deleted."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "The quote has been sent.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
) -> Result<StatusCode, ApiError> {
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::QuoteDeleted, detail: format!("quote {id}") };
    quote_store::delete(&db, id, &line).await?.map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}
