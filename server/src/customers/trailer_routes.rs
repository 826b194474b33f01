//! A customer's trailers: added and changed on their record (`/api/admin/customers/{id}/trailers`),
//! and named by a request (`/api/admin/bookings/{id}/trailer`); stored by `trailer_store`.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::model::CustomerRecord;
use super::routes::{found, refusal};
use super::trailer_reads;
use super::trailer_store::{self, TrailerFields};
use super::vin;
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    db::Db,
    domain::{BookingId, CustomerId},
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
};

/// The first model year a trailer may have, and how far past this year a new one may be.
const FIRST_YEAR: i64 = 1900;
const YEARS_AHEAD: i64 = 1;

/// A trailer as the admin saves it: every field may be left blank but the kind.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TrailerForm {
    /// The option of the assistant's trailer question it is (`trailerKinds`), or '' for another.
    kind_key: String,
    /// Another kind, in words, when `kindKey` is ''.
    #[schema(max_length = 60)]
    kind_text: String,
    #[schema(max_length = 60)]
    make: String,
    #[schema(max_length = 60)]
    model: String,
    year: Option<i64>,
    /// 17 letters and digits; spaces and dashes are dropped.
    vin: String,
    #[schema(max_length = 12)]
    plate: String,
    /// The plate's state, as its two letters (CO).
    plate_state: String,
    #[schema(minimum = 1, maximum = 6)]
    axles: Option<i64>,
    /// The gross vehicle weight rating, in pounds.
    #[schema(minimum = 1, maximum = 100000)]
    gvwr_lbs: Option<i64>,
    #[schema(max_length = 30)]
    colour: String,
}

impl TrailerForm {
    /// The fields, or every field's message; `kinds` are the keys the assistant offers and
    /// `this_year` the shop's year.
    fn checked(self, kinds: &[String], this_year: i64) -> Result<TrailerFields, ApiError> {
        let mut errors = FieldErrors::default();
        let mut text = |field: &'static str, label: &str, value: &str, max: usize| {
            let value = value.trim().to_owned();
            if value.chars().count() > max {
                errors.add(field, format!("{label} must be at most {max} characters"));
            }
            value
        };
        let kind_text = text("kindText", "The kind", &self.kind_text, 60);
        let make = text("make", "Make", &self.make, 60);
        let model = text("model", "Model", &self.model, 60);
        let plate = text("plate", "Plate", &self.plate, 12).to_uppercase();
        let colour = text("colour", "Colour", &self.colour, 30);
        let plate_state = self.plate_state.trim().to_uppercase();
        let two_letters = plate_state.len() == 2 && plate_state.bytes().all(|b| b.is_ascii_uppercase());
        if !plate_state.is_empty() && !two_letters {
            errors.add("plateState", "The plate's state is its two letters, like CO");
        }
        let kind_key = self.kind_key.trim().to_owned();
        if !kind_key.is_empty() && !kinds.contains(&kind_key) {
            errors.add("kindKey", "Pick a kind of trailer from the list");
        }
        if kind_key.is_empty() && kind_text.is_empty() {
            errors.add("kindText", "Say what kind of trailer it is");
        }
        if let Some(year) = self.year.filter(|year| !(FIRST_YEAR..=this_year + YEARS_AHEAD).contains(year)) {
            errors.add(
                "year",
                format!("{year} is not a model year: {FIRST_YEAR} to {}", this_year + YEARS_AHEAD),
            );
        }
        if self.axles.is_some_and(|axles| !(1..=6).contains(&axles)) {
            errors.add("axles", "A trailer has 1 to 6 axles");
        }
        if self.gvwr_lbs.is_some_and(|gvwr| !(1..=100_000).contains(&gvwr)) {
            errors.add("gvwrLbs", "The GVWR is in pounds, up to 100,000");
        }
        let vin = match self.vin.trim() {
            "" => String::new(),
            typed => vin::parse(typed).unwrap_or_else(|message| {
                errors.add("vin", message);
                String::new()
            }),
        };
        if !errors.is_empty() {
            return Err(ApiError::Invalid(errors));
        }
        let kind_text = if kind_key.is_empty() { kind_text } else { String::new() };
        Ok(TrailerFields {
            kind_key,
            kind_text,
            make,
            model,
            year: self.year,
            vin,
            plate,
            plate_state,
            axles: self.axles,
            gvwr_lbs: self.gvwr_lbs,
            colour,
        })
    }
}

/// `form` checked against the assistant's kinds of trailer and the shop's year.
fn fields(form: TrailerForm, site: &SiteDetails, db: &Db) -> Result<TrailerFields, ApiError> {
    let content = site.content();
    let kinds: Vec<String> = trailer_reads::kinds(&content.chat).into_iter().map(|kind| kind.key).collect();
    let this_year = i64::from(db.clock.now().to_zoned(content.business.zone()).year());
    form.checked(&kinds, this_year)
}

/// `POST /api/admin/customers/{id}/trailers`: the admin adds a trailer to a customer's record.
#[utoipa::path(
    post,
    path = "/customers/{id}/trailers",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The customer's id.")),
    request_body = TrailerForm,
    responses(
        (status = 201, description = "The customer's record with the trailer.", body = CustomerRecord),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "The record was merged into another.", body = ErrorBody),
        (status = 422, description = "A field is wrong: a VIN's length, letters or check digit, a year, a state.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn add(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
    Checked(Json(form)): Checked<Json<TrailerForm>>,
) -> Result<(StatusCode, Json<CustomerRecord>), ApiError> {
    let fields = fields(form, &site, &db)?;
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::TrailerAdded, detail: format!("customer {id}") };
    trailer_store::add(&db, id, &fields, &line).await?.map_err(refusal)?;
    Ok((StatusCode::CREATED, found(&db, &site, id).await?))
}

/// `PUT /api/admin/customers/{id}/trailers/{trailer}`: the admin changes a customer's trailer.
#[utoipa::path(
    put,
    path = "/customers/{id}/trailers/{trailer}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(
        ("id" = i64, Path, description = "The customer's id."),
        ("trailer" = i64, Path, description = "The trailer's id."),
    ),
    request_body = TrailerForm,
    responses(
        (status = 200, description = "The customer's record with the trailer as saved.", body = CustomerRecord),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "The record was merged into another.", body = ErrorBody),
        (status = 422, description = "A field is wrong, or the trailer is not this customer's.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path((CustomerId(id), trailer))): Checked<Path<(CustomerId, i64)>>,
    Checked(Json(form)): Checked<Json<TrailerForm>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    let fields = fields(form, &site, &db)?;
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::TrailerChanged,
        detail: format!("customer {id}, trailer {trailer}"),
    };
    trailer_store::change(&db, id, trailer, &fields, &line).await?.map_err(refusal)?;
    found(&db, &site, id).await
}

/// Which trailer a request is about.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RequestTrailer {
    /// One of the request's customer's trailers; null for none.
    trailer: Option<i64>,
}

/// `PUT /api/admin/bookings/{id}/trailer`: the admin names the trailer a request is about.
#[utoipa::path(
    put,
    path = "/bookings/{id}/trailer",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = RequestTrailer,
    responses(
        (status = 204, description = "The request names the trailer (or none)."),
        (status = 422, description = "The request has no customer (spam, or no such request), or the trailer is not its customer's.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn link(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(BookingId(id))): Checked<Path<BookingId>>,
    Checked(Json(RequestTrailer { trailer })): Checked<Json<RequestTrailer>>,
) -> Result<StatusCode, ApiError> {
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::RequestTrailerNamed, detail: format!("booking {id}") };
    trailer_store::link(&db, id, trailer, &line).await?.map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}
