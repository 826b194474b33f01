//! The admin API of the price book, under /api/admin/price-book: the whole team reads it (to
//! write quotes from it), the owner keeps it. Every change answers with the whole book.

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};

use super::price_book::{CommonJobForm, PartForm, PriceBook, PriceSettings};
use super::price_store::{self, Item, List, Refused};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::guard::{Admin, Owner},
    db::Db,
    error::{ApiError, Checked},
};

const GONE: &str = "It is no longer in the price book: someone took it out. Reload the page.";

/// `GET /api/admin/price-book`: the price book.
#[utoipa::path(
    get,
    path = "/price-book",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "The price book.", body = PriceBook), AdminRefusals)
)]
pub async fn show(State(db): State<Db>, _admin: Admin) -> Result<Json<PriceBook>, ApiError> {
    Ok(Json(price_store::book(&db).await?))
}

/// `PUT /api/admin/price-book/settings`: the owner saves the rates, taxes and trip fees.
#[utoipa::path(
    put,
    path = "/price-book/settings",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = PriceSettings,
    responses(
        (status = 200, description = "The price book with the settings saved.", body = PriceBook),
        (status = 422, description = "A rate, a tax, a cap or a trip fee is out of its range.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn save_settings(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Json(settings)): Checked<Json<PriceSettings>>,
) -> Result<Json<PriceBook>, ApiError> {
    let settings = settings.checked()?;
    let actor = owner.actor();
    let line = Line { actor: &actor, action: Action::PriceRatesChanged, detail: String::new() };
    price_store::save_settings(&db, &settings, &line).await?;
    show(State(db), owner).await
}

/// Saves `item` (as item `id`, or a new one), with its audit line; the book, or why not.
async fn save(
    db: Db,
    owner: Admin,
    id: Option<i64>,
    item: Item<'_>,
    name: &str,
) -> Result<Json<PriceBook>, ApiError> {
    let actor = owner.actor();
    let line = Line { actor: &actor, action: Action::PriceItemSaved, detail: name.to_owned() };
    let saved = match id {
        None => price_store::add(&db, item, &line).await?.map(drop),
        Some(id) => price_store::change(&db, id, item, &line).await?,
    };
    let what = match item.list() {
        List::Parts => "part",
        List::Jobs => "job",
    };
    saved.map_err(|refused| match refused {
        Refused::Taken => ApiError::invalid(
            "name",
            format!("The price book already has a {what} of that name: give this one another"),
        ),
        Refused::Gone => ApiError::NotFound(GONE),
    })?;
    show(State(db), owner).await
}

/// Takes item `id` out of `list`; the book, or 404.
async fn delete(db: Db, owner: Admin, list: List, id: i64) -> Result<Json<PriceBook>, ApiError> {
    let actor = owner.actor();
    let line = Line {
        actor: &actor,
        action: Action::PriceItemDeleted,
        detail: format!("{list:?} {id}").to_lowercase(),
    };
    if !price_store::delete(&db, list, id, &line).await? {
        return Err(ApiError::NotFound(GONE));
    }
    show(State(db), owner).await
}

/// `POST /api/admin/price-book/parts`: the owner adds a part.
#[utoipa::path(
    post,
    path = "/price-book/parts",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = PartForm,
    responses(
        (status = 201, description = "The price book with the part.", body = PriceBook),
        (status = 422, description = "The name is empty, too long or another part's; the price is out of its range.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn add_part(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Json(part)): Checked<Json<PartForm>>,
) -> Result<(StatusCode, Json<PriceBook>), ApiError> {
    let part = part.checked()?;
    Ok((StatusCode::CREATED, save(db, owner, None, Item::Part(&part), &part.name).await?))
}

/// `PUT /api/admin/price-book/parts/{id}`: the owner changes a part.
#[utoipa::path(
    put,
    path = "/price-book/parts/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The part's id.")),
    request_body = PartForm,
    responses(
        (status = 200, description = "The price book with the part changed.", body = PriceBook),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such part.", body = ErrorBody),
        (status = 422, description = "The name is empty, too long or another part's; the price is out of its range.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change_part(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
    Checked(Json(part)): Checked<Json<PartForm>>,
) -> Result<Json<PriceBook>, ApiError> {
    let part = part.checked()?;
    save(db, owner, Some(id), Item::Part(&part), &part.name).await
}

/// `DELETE /api/admin/price-book/parts/{id}`: the owner takes a part out (quotes keep its lines).
#[utoipa::path(
    delete,
    path = "/price-book/parts/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The part's id.")),
    responses(
        (status = 200, description = "The price book without the part.", body = PriceBook),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such part.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete_part(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
) -> Result<Json<PriceBook>, ApiError> {
    delete(db, owner, List::Parts, id).await
}

/// `POST /api/admin/price-book/jobs`: the owner adds a common job.
#[utoipa::path(
    post,
    path = "/price-book/jobs",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = CommonJobForm,
    responses(
        (status = 201, description = "The price book with the job.", body = PriceBook),
        (status = 422, description = "The name is empty, too long or another job's; a line is wrong.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn add_job(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Json(job)): Checked<Json<CommonJobForm>>,
) -> Result<(StatusCode, Json<PriceBook>), ApiError> {
    let job = job.checked()?;
    Ok((StatusCode::CREATED, save(db, owner, None, Item::Job(&job), &job.name).await?))
}

/// `PUT /api/admin/price-book/jobs/{id}`: the owner changes a common job.
#[utoipa::path(
    put,
    path = "/price-book/jobs/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The job's id.")),
    request_body = CommonJobForm,
    responses(
        (status = 200, description = "The price book with the job changed.", body = PriceBook),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such job.", body = ErrorBody),
        (status = 422, description = "The name is empty, too long or another job's; a line is wrong.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn change_job(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
    Checked(Json(job)): Checked<Json<CommonJobForm>>,
) -> Result<Json<PriceBook>, ApiError> {
    let job = job.checked()?;
    save(db, owner, Some(id), Item::Job(&job), &job.name).await
}

/// `DELETE /api/admin/price-book/jobs/{id}`: the owner takes a common job out.
#[utoipa::path(
    delete,
    path = "/price-book/jobs/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The job's id.")),
    responses(
        (status = 200, description = "The price book without the job.", body = PriceBook),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such job.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete_job(
    State(db): State<Db>,
    Owner(owner): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
) -> Result<Json<PriceBook>, ApiError> {
    delete(db, owner, List::Jobs, id).await
}
