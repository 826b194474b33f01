//! The admin API for posts, under /api/admin/posts. Every change that shows publicly is
//! announced before the answer, so the public pages it touches are made again when next asked
//! for: the public blog is up to date once the admin sees the answer.

use axum::{
    Json,
    extract::{Path, State, rejection::JsonRejection},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    draft::PostForm,
    sanitize::sanitize,
    store::{self, AdminPost, SaveError},
};
use crate::{
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    changes::{Change, Changes},
    db::Db,
    error::{ApiError, FieldErrors},
};

const NO_SUCH_POST: &str = "There is no such post.";
const SLUG_TAKEN: &str = "This slug is already used by another post. Choose another.";

fn save_error(error: SaveError) -> ApiError {
    match error {
        SaveError::SlugTaken => {
            let mut errors = FieldErrors::default();
            errors.add("slug", SLUG_TAKEN);
            ApiError::Invalid(errors)
        }
        SaveError::Other(error) => ApiError::Internal(error),
    }
}

fn describe(post: &AdminPost) -> String {
    format!("\u{201c}{}\u{201d} (/blog/{})", post.title, post.slug)
}

/// `GET /api/admin/posts`: every post, newest first.
pub async fn list(State(db): State<Db>, _admin: Admin) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!({ "posts": store::all(&db).await? })))
}

/// `GET /api/admin/posts/{id}`.
pub async fn get(
    State(db): State<Db>,
    _admin: Admin,
    Path(id): Path<i64>,
) -> Result<Json<AdminPost>, ApiError> {
    store::get(&db, id).await?.map(Json).ok_or(ApiError::NotFound(NO_SUCH_POST))
}

/// `POST /api/admin/posts`: a new post by the signed-in admin.
pub async fn create(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    body: Result<Json<PostForm>, JsonRejection>,
) -> Result<(StatusCode, Json<AdminPost>), ApiError> {
    let Json(form) = body?;
    let post = form.parse().map_err(ApiError::Invalid)?;
    let id = store::create(&db, &post, admin.user.user_id).await.map_err(save_error)?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostCreated, &describe(&saved)).await?;
    if saved.published {
        audit::record(&db, &admin.actor(), Action::PostPublished, &describe(&saved)).await?;
        changes.announce(Change::Blog);
    }
    Ok((StatusCode::CREATED, Json(saved)))
}

/// `PUT /api/admin/posts/{id}`: replaces a post; the signed-in admin becomes its author.
pub async fn update(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    Path(id): Path<i64>,
    body: Result<Json<PostForm>, JsonRejection>,
) -> Result<Json<AdminPost>, ApiError> {
    let Json(form) = body?;
    let post = form.parse().map_err(ApiError::Invalid)?;
    let before = store::update(&db, id, &post, admin.user.user_id)
        .await
        .map_err(save_error)?
        .ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostUpdated, &describe(&saved)).await?;
    record_publication_change(&db, &admin, &before, &saved).await?;
    if before.published || saved.published {
        changes.announce(Change::Blog);
    }
    Ok(Json(saved))
}

async fn record_publication_change(
    db: &Db,
    admin: &Admin,
    before: &AdminPost,
    after: &AdminPost,
) -> anyhow::Result<()> {
    let action = match (before.published, after.published) {
        (false, true) => Action::PostPublished,
        (true, false) => Action::PostUnpublished,
        _ => return Ok(()),
    };
    audit::record(db, &admin.actor(), action, &describe(after)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Publication {
    published: bool,
}

/// `PUT /api/admin/posts/{id}/published`: the dashboard's publish toggle.
pub async fn set_published(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    Path(id): Path<i64>,
    body: Result<Json<Publication>, JsonRejection>,
) -> Result<Json<AdminPost>, ApiError> {
    let Json(Publication { published }) = body?;
    let before = store::set_published(&db, id, published).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    record_publication_change(&db, &admin, &before, &saved).await?;
    if before.published != saved.published {
        changes.announce(Change::Blog);
    }
    Ok(Json(saved))
}

/// `DELETE /api/admin/posts/{id}`.
pub async fn delete(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    Path(id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    let deleted = store::delete(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostDeleted, &describe(&deleted)).await?;
    if deleted.published {
        changes.announce(Change::Blog);
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PreviewRequest {
    content: String,
}

/// `POST /api/admin/posts/preview`: the content as it would be stored, so the editor's preview
/// shows exactly what visitors will get (and never renders unsanitised HTML).
pub async fn preview(
    _admin: Admin,
    body: Result<Json<PreviewRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(PreviewRequest { content }) = body?;
    Ok(Json(json!({ "content": sanitize(&content) })))
}
