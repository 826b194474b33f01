//! The team sends a finished draft to its customer (by e-mail, by text, or both: a link to their
//! own page, where they read it and answer), withdraws a sent quote that waits for an answer, or
//! revises one into a new draft.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};

use super::price_store;
use super::quote::QuoteState;
use super::quote_mail::{QuoteDesk, text_body};
use super::quote_routes::{NO_QUOTE, QuoteBody, found, refusal, todays};
use super::quote_sending::QuoteSendForm;
use super::quote_sending_store::{self, Outgoing};
use super::quote_store::{self, NewQuote, Refused, StoredQuote};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    booking::texting,
    clock::At,
    db::Db,
    domain::QuoteId,
    error::{ApiError, Checked, FieldErrors},
    schedule::links::{Purpose as Link, SentBy, Unsaved},
    site::SiteDetails,
};

const APPROVED: &str = "This quote was approved by the customer, so it is kept as they signed it. Write a new quote from the request for more work.";

/// Refuses to send `quote` while it is not finished: a line without words, an option whose lines
/// are all optional, or one that does not add up.
fn finished(quote: &StoredQuote) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    for (n, (option, figures)) in quote.form.options.iter().zip(quote.form.figures(&quote.rates)).enumerate()
    {
        if option.lines.iter().all(|line| line.optional) {
            errors
                .add(format!("options.{n}.lines"), "Give the option at least one line that is not optional");
        }
        for (m, line) in option.lines.iter().enumerate() {
            if line.description.is_empty() {
                errors.add(format!("options.{n}.lines.{m}.description"), "Say what the line is for");
            }
        }
        if let Some(problem) = figures.problem {
            errors.add(format!("options.{n}.lines"), problem);
        }
    }
    if errors.is_empty() { Ok(()) } else { Err(ApiError::Invalid(errors)) }
}

/// `POST /api/admin/quotes/{id}/send`: the team sends a draft to the request's customer.
#[utoipa::path(
    post,
    path = "/quotes/{id}/send",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The quote's id.")),
    request_body = QuoteSendForm,
    responses(
        (status = 200, description = "The quote, sent: its e-mail is queued, its text written.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "It was sent already, e-mail is not set up, or the customer cannot be texted now (why is said).", body = ErrorBody),
        (status = 422, description = "No way to send it was picked, or the quote is not finished (each problem by field).", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn send(
    State(db): State<Db>,
    State(desk): State<Arc<QuoteDesk>>,
    admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
    Checked(Json(form)): Checked<Json<QuoteSendForm>>,
) -> Result<Json<QuoteBody>, ApiError> {
    let form = form.checked()?;
    let quote = quote_store::find(&db, id).await?.ok_or(ApiError::NotFound(NO_QUOTE))?;
    if quote.state != QuoteState::Draft {
        return Err(refusal(Refused::NotDraft));
    }
    finished(&quote)?;
    if form.email && !desk.outbox.configured().0 {
        return Err(ApiError::conflict(
            "E-mail is not set up on this server, so the quote cannot be e-mailed. Send it by text, or set up e-mail first.",
        ));
    }
    let content = desk.site.content();
    let link = Unsaved::new(Link::Manage, Some(SentBy::Text));
    let text = if form.text {
        let number = texting::textable_now(&db, &desk.outbox, &desk.site, quote.booking_id).await?;
        let body = text_body(&content.business.name, &quote.number, &link.url(&desk.public_url));
        texting::fits(&body)?;
        Some((number, body))
    } else {
        None
    };
    let book = price_store::book(&db).await?;
    let zone = content.business.zone();
    let last_day = db.clock.today(&zone).saturating_add(jiff::Span::new().days(book.settings.quote_days));
    let expires_at =
        At::from(last_day.at(23, 59, 59, 0).to_zoned(zone).map_err(anyhow::Error::from)?.timestamp());
    let actor = admin.actor();
    let outgoing = Outgoing {
        booking: quote.booking_id,
        terms: &book.settings.quote_terms,
        expires_at,
        email: form.email,
        text: text.as_ref().map(|(number, body)| (number.as_str(), body.clone(), &link)),
        by: actor.email,
    };
    let line = Line { actor: &actor, action: Action::QuoteSent, detail: format!("quote {id}") };
    quote_sending_store::send(&db, id, &outgoing, &line).await?.map_err(refusal)?;
    desk.outbox.wake();
    found(&db, id).await
}

/// `POST /api/admin/quotes/{id}/withdraw`: the team withdraws a quote waiting for an answer.
#[utoipa::path(
    post,
    path = "/quotes/{id}/withdraw",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The quote's id.")),
    responses(
        (status = 200, description = "The quote, withdrawn: the customer's page no longer shows it.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "It does not wait for an answer (a draft, answered or withdrawn).", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn withdraw(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
) -> Result<Json<QuoteBody>, ApiError> {
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::QuoteWithdrawn, detail: format!("quote {id}") };
    quote_sending_store::withdraw(&db, id, &line).await?.map_err(refusal)?;
    found(&db, id).await
}

/// `POST /api/admin/quotes/{id}/revise`: the team copies a sent quote that was not approved into
/// a new draft (after the customer asked for changes, or once it expired), at the price book's
/// rates of today; the sent one is withdrawn if it still waits for an answer.
#[utoipa::path(
    post,
    path = "/quotes/{id}/revise",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The sent quote's id.")),
    responses(
        (status = 201, description = "The new draft, with the sent quote's options, lines, deposit and note.", body = QuoteBody),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such quote.", body = ErrorBody),
        (status = 409, description = "It is a draft (change it instead) or was approved.", body = ErrorBody),
        (status = 422, description = "The request has no customer any more.", body = FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn revise(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(QuoteId(id))): Checked<Path<QuoteId>>,
) -> Result<(StatusCode, Json<QuoteBody>), ApiError> {
    let quote = quote_store::find(&db, id).await?.ok_or(ApiError::NotFound(NO_QUOTE))?;
    match quote.state_at(&db.clock.stamp()) {
        QuoteState::Draft => return Err(refusal(Refused::NotDraft)),
        QuoteState::Approved => return Err(ApiError::conflict(APPROVED)),
        _ => {}
    }
    let (rates, year) = todays(&db, &site).await?;
    let new = NewQuote {
        booking: quote.booking_id,
        rates: &rates,
        year,
        user: admin.user.user_id,
        form: &quote.form,
        replaces: Some(id),
    };
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::QuoteRevised, detail: format!("quote {id}") };
    let revised = quote_store::create(&db, &new, &line).await?.map_err(refusal)?;
    Ok((StatusCode::CREATED, found(&db, revised).await?))
}
