//! The admin API for the site details, under /api/admin/site. A save is announced before the
//! answer, so every page it touches is made again when next asked for.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Listing, SaveError, SavedVersion, SiteDetails};
use crate::audit::Action;
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Owner,
    changes::{Change, Changes},
    domain::SiteVersionId,
    error::{ApiError, Checked, FieldErrors},
    site::content::{Content, Placeholder, validate::InvalidContent},
};

const CONFLICT: &str = "Someone saved the site details while you were editing. Reload the page to see their change, then make yours again.";
const NO_SUCH_VERSION: &str = "There is no such version of the site details.";

/// The site details as the editor gets them.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SiteBody {
    /// The version shown (0 while the content file is shown): send it back with a change.
    version: i64,
    /// Every detail.
    #[schema(value_type = crate::site::content::Content)]
    site: Arc<Content>,
    /// The shipped placeholders still in them (the go-live check).
    placeholders: Vec<Placeholder>,
}

/// A change: every detail, as `GET /site` gave them with some changed.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteChange {
    /// The version the change was made on.
    version: i64,
    /// Every detail; read (and its problems named) as `Content`.
    #[schema(value_type = crate::site::content::Content)]
    site: Value,
}

/// What a save did.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SaveAnswer {
    /// The version shown now.
    version: i64,
    /// The details shown now, as saved: with the keys made for new questions and options.
    #[schema(value_type = crate::site::content::Content)]
    site: Arc<Content>,
    /// What changed, e.g. "Business details, Testimonials"; null when nothing did.
    summary: Option<String>,
    /// The shipped placeholders still in the details shown now (the go-live check).
    placeholders: Vec<Placeholder>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VersionList {
    /// The kept versions, newest first.
    versions: Vec<Listing>,
}

/// `GET /api/admin/site`: the site details shown now.
#[utoipa::path(
    get,
    path = "/site",
    tag = "admin",
    security(("session" = ["owner"])),
    responses((status = 200, description = "The site details.", body = SiteBody), AdminRefusals)
)]
pub async fn show(State(site): State<Arc<SiteDetails>>, _owner: Owner) -> Result<Json<SiteBody>, ApiError> {
    let current = site.current();
    Ok(Json(SiteBody {
        version: current.version,
        site: current.content.clone(),
        placeholders: current.content.placeholders(),
    }))
}

/// `PUT /api/admin/site`: saves changed site details as a new version, once every field is right.
#[utoipa::path(
    put,
    path = "/site",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = SiteChange,
    responses(
        (status = 200, description = "Saved (or nothing changed).", body = SaveAnswer),
        (status = 409, description = "Another save landed since the version the change was made on.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn save(
    State(site): State<Arc<SiteDetails>>,
    State(changes): State<Changes>,
    Owner(admin): Owner,
    Checked(Json(change)): Checked<Json<SiteChange>>,
) -> Result<Json<SaveAnswer>, ApiError> {
    let content = Content::from_api(change.site).map_err(field_errors)?;
    let saved = site
        .save(change.version, content, (&admin.actor(), Action::SiteChanged), None)
        .await
        .map_err(save_error)?;
    Ok(answer(&site, &changes, saved))
}

/// `GET /api/admin/site/versions`: the versions that can be restored.
#[utoipa::path(
    get,
    path = "/site/versions",
    tag = "admin",
    security(("session" = ["owner"])),
    responses((status = 200, description = "The kept versions, newest first.", body = VersionList), AdminRefusals)
)]
pub async fn versions(
    State(site): State<Arc<SiteDetails>>,
    _owner: Owner,
) -> Result<Json<VersionList>, ApiError> {
    Ok(Json(VersionList { versions: site.versions().await? }))
}

/// `POST /api/admin/site/versions/{id}/restore`: shows version `id` again, as a new version.
#[utoipa::path(
    post,
    path = "/site/versions/{id}/restore",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The version's number.")),
    responses(
        (status = 200, description = "Restored (or it was what is shown already).", body = SaveAnswer),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such version.", body = ErrorBody),
        (status = 409, description = "Another save landed meanwhile; try again.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn restore(
    State(site): State<Arc<SiteDetails>>,
    State(changes): State<Changes>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<SiteVersionId>>,
) -> Result<Json<SaveAnswer>, ApiError> {
    let content = site.version(id).await?.ok_or(ApiError::NotFound(NO_SUCH_VERSION))?;
    let note = format!("Restored version {id}");
    let saved = site
        .save(site.current().version, content, (&admin.actor(), Action::SiteRestored), Some(&note))
        .await
        .map_err(save_error)?;
    Ok(answer(&site, &changes, saved))
}

/// Announces a saved version; answers with the version shown.
fn answer(site: &SiteDetails, changes: &Changes, saved: Option<SavedVersion>) -> Json<SaveAnswer> {
    let current = site.current();
    let placeholders = current.content.placeholders();
    let shown = current.content.clone();
    let Some(saved) = saved else {
        return Json(SaveAnswer { version: current.version, site: shown, summary: None, placeholders });
    };
    changes.announce(Change::Site);
    Json(SaveAnswer { version: saved.version, site: shown, summary: Some(saved.summary), placeholders })
}

/// Each bad field's message under its path, the way the editor names its fields.
fn field_errors(invalid: InvalidContent) -> ApiError {
    let mut errors = FieldErrors::default();
    for (field, problem) in invalid.problems() {
        let field = if field.is_empty() { "site".to_owned() } else { field.clone() };
        errors.add(field, sentence(problem));
    }
    ApiError::Invalid(errors)
}

/// "must not be empty" as a message under a field: "Must not be empty."
fn sentence(problem: &str) -> String {
    let mut chars = problem.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

fn save_error(error: SaveError) -> ApiError {
    match error {
        SaveError::Conflict => ApiError::conflict(CONFLICT),
        SaveError::Other(error) => ApiError::Internal(error),
    }
}
