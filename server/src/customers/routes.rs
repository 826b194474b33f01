//! The admin's customers, under /api/admin/customers: the list and its search, a record read and
//! changed, another record merged into it, and a request split off it (stored by `store`).

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::Deserialize;

use super::model::{CustomerList, CustomerRecord, NO_SUCH_CUSTOMER, Tag};
use super::reads;
use super::store::{self, Changes, Refused};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::Admin,
    db::Db,
    domain::{BookingId, CustomerId, EmailAddress, PersonName, Phone},
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// The customers list's query string.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Only customers whose name, company, e-mail address or phone number (its digits, any
    /// punctuation) holds this.
    q: Option<String>,
}

/// `GET /api/admin/customers`: the customers, most recently active first, 50 at most.
#[utoipa::path(
    get,
    path = "/customers",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(ListParams),
    responses(
        (status = 200, description = "The customers the search finds.", body = CustomerList),
        (status = 400, description = "The query string is not understood.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    _admin: Admin,
    Checked(Query(params)): Checked<Query<ListParams>>,
) -> Result<Json<CustomerList>, ApiError> {
    Ok(Json(reads::list(&db, params.q.as_deref()).await?))
}

/// `GET /api/admin/customers/{id}`: a customer's record with their requests and history.
#[utoipa::path(
    get,
    path = "/customers/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The customer's id.")),
    responses(
        (status = 200, description = "The customer's record; `mergedInto` names the record it became, if it was merged.", body = CustomerRecord),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    _admin: Admin,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    found(&db, &site, id).await
}

/// Customer `id`'s record, or the 404 of a customer not there.
pub(super) async fn found(db: &Db, site: &SiteDetails, id: i64) -> Result<Json<CustomerRecord>, ApiError> {
    reads::record(db, id, &site.content().chat).await?.map(Json).ok_or(ApiError::NotFound(NO_SUCH_CUSTOMER))
}

/// A customer's record as the admin saves it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerForm {
    #[schema(min_length = 1, max_length = 100)]
    name: String,
    #[schema(max_length = 100)]
    company: String,
    /// Where they are: one or more addresses, one a line.
    #[schema(max_length = 500)]
    address: String,
    #[schema(max_length = 5000)]
    notes: String,
    tags: Vec<Tag>,
    /// Their phone numbers; a number another customer has is refused.
    #[schema(max_items = 5)]
    phones: Vec<String>,
    /// Their e-mail addresses; an address another customer has is refused.
    #[schema(max_items = 5)]
    emails: Vec<String>,
}

/// The most numbers or addresses a record keeps.
const MAX_CONTACTS: usize = 5;

impl CustomerForm {
    /// The changes, or every field's message.
    fn checked(self) -> Result<Changes, ApiError> {
        let mut errors = crate::error::FieldErrors::default();
        let name = PersonName::parse(&self.name).map_err(|message| errors.add("name", message)).ok();
        let mut text = |field: &'static str, label: &str, value: &str, max: usize| {
            let value = value.trim().to_owned();
            if value.chars().count() > max {
                errors.add(field, format!("{label} must be at most {max} characters"));
            }
            value
        };
        let company = text("company", "Company", &self.company, 100);
        let address = text("address", "Address", &self.address, 500);
        let notes = text("notes", "Notes", &self.notes, 5000);
        let mut phones: Vec<(String, String)> = Vec::new();
        for typed in self.phones.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
            match Phone::parse(typed) {
                Ok(phone) if !phones.iter().any(|(n, _)| *n == phone.national()) => {
                    phones.push((phone.national(), typed.to_owned()));
                }
                Ok(_) => {}
                Err(_) => {
                    errors.add("phones", format!("{typed} is not a US phone number, like (303) 555-0123"))
                }
            }
        }
        let mut emails: Vec<(String, String)> = Vec::new();
        for typed in self.emails.iter().map(|e| e.trim()).filter(|e| !e.is_empty()) {
            match EmailAddress::parse(typed) {
                Ok(_) if !emails.iter().any(|(k, _)| *k == typed.to_lowercase()) => {
                    emails.push((typed.to_lowercase(), typed.to_owned()));
                }
                Ok(_) => {}
                Err(_) => {
                    errors.add("emails", format!("{typed} is not an e-mail address, like name@example.com"))
                }
            }
        }
        if phones.len() > MAX_CONTACTS {
            errors.add("phones", format!("A record keeps at most {MAX_CONTACTS} numbers"));
        }
        if emails.len() > MAX_CONTACTS {
            errors.add("emails", format!("A record keeps at most {MAX_CONTACTS} addresses"));
        }
        let mut tags = self.tags;
        tags.sort();
        tags.dedup();
        match name {
            Some(name) if errors.is_empty() => {
                Ok(Changes { name: name.as_ref().to_owned(), company, address, notes, tags, phones, emails })
            }
            _ => Err(ApiError::Invalid(errors)),
        }
    }
}

/// What a refused change, merge or split hears.
pub(super) fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NoSuchCustomer => ApiError::NotFound(NO_SUCH_CUSTOMER),
        Refused::PhoneTaken(typed, name) => ApiError::invalid(
            "phones",
            format!("{typed} is on {name}'s record: merge the two records instead"),
        ),
        Refused::EmailTaken(typed, name) => ApiError::invalid(
            "emails",
            format!("{typed} is on {name}'s record: merge the two records instead"),
        ),
        Refused::Merged => ApiError::conflict("This record was merged into another: change that one."),
        Refused::Erased => ApiError::conflict(
            "This customer's data was erased at their request: the record is kept as it is.",
        ),
        Refused::SameCustomer => ApiError::invalid("from", "Pick another customer to merge into this one"),
        Refused::NotTheirs => ApiError::invalid("booking", "That request is not this customer's"),
        Refused::NoSuchTrailer => ApiError::invalid("trailer", "That trailer is not this customer's"),
        Refused::NoRequest => {
            ApiError::invalid("customer", "This customer has no request to file the texts under")
        }
        Refused::OnlyRequest => {
            ApiError::invalid("booking", "This is the customer's only request: change the record instead")
        }
    }
}

/// `PUT /api/admin/customers/{id}`: the admin changes a customer's record.
#[utoipa::path(
    put,
    path = "/customers/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The customer's id.")),
    request_body = CustomerForm,
    responses(
        (status = 200, description = "The record as saved.", body = CustomerRecord),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "The record was merged into another.", body = ErrorBody),
        (status = 422, description = "A field is wrong, or a number or address is another customer's.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
    Checked(Json(form)): Checked<Json<CustomerForm>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    let changes = form.checked()?;
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::CustomerChanged, detail: format!("customer {id}") };
    store::change(&db, id, &changes, &line).await?.map_err(refusal)?;
    found(&db, &site, id).await
}

/// Which record to merge into the one the path names.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeForm {
    /// The other customer's id: their record is merged into this one and closed.
    from: i64,
}

/// `POST /api/admin/customers/{id}/merge`: another record of the same customer is merged into
/// this one: its requests, numbers, addresses, tags and notes move; both histories say so.
#[utoipa::path(
    post,
    path = "/customers/{id}/merge",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The customer's id: the record that stays.")),
    request_body = MergeForm,
    responses(
        (status = 200, description = "The record with everything merged into it.", body = CustomerRecord),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "One of the records was merged already.", body = ErrorBody),
        (status = 422, description = "The other record is this one.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn merge(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
    Checked(Json(MergeForm { from })): Checked<Json<MergeForm>>,
) -> Result<Json<CustomerRecord>, ApiError> {
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::CustomersMerged,
        detail: format!("customer {from} into customer {id}"),
    };
    store::merge(&db, id, from, &line).await?.map_err(refusal)?;
    found(&db, &site, id).await
}

/// Which request to split off.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SplitForm {
    /// The request's id: one of this customer's, not their only one.
    booking: i64,
}

/// `POST /api/admin/customers/{id}/split`: a request wrongly attached to this customer becomes
/// a new customer's, named as the request is; both histories say so.
#[utoipa::path(
    post,
    path = "/customers/{id}/split",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The customer's id.")),
    request_body = SplitForm,
    responses(
        (status = 201, description = "The new customer's record.", body = CustomerRecord),
        (status = 404, description = "There is no such customer.", body = ErrorBody),
        (status = 409, description = "The record was merged into another.", body = ErrorBody),
        (status = 422, description = "The request is not this customer's, or it is their only one.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn split(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Path(CustomerId(id))): Checked<Path<CustomerId>>,
    Checked(Json(SplitForm { booking })): Checked<Json<SplitForm>>,
) -> Result<(StatusCode, Json<CustomerRecord>), ApiError> {
    let actor = admin.actor();
    let line = Line {
        actor: &actor,
        action: Action::RequestSplitOff,
        detail: format!("booking {} off customer {id}", BookingId(booking)),
    };
    let new = store::split(&db, id, booking, &line).await?.map_err(refusal)?;
    Ok((StatusCode::CREATED, found(&db, &site, new).await?))
}
