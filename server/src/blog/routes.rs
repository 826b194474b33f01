//! The admin API for posts, under /api/admin/posts. Every change that shows publicly is
//! announced before the answer, so the public pages it touches are made again when next asked
//! for: the public blog is up to date once the admin sees the answer.

use axum::{
    Json,
    extract::{
        Path, State,
        rejection::{JsonRejection, PathRejection},
    },
    http::StatusCode,
};
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use super::{
    draft::PostForm,
    revisions,
    sanitize::sanitize,
    store::{self, AdminPost, SaveError},
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::{
        audit::{self, Action},
        guard::Admin,
    },
    changes::{Change, Changes},
    db::Db,
    error::ApiError,
};

const NO_SUCH_POST: &str = "There is no such post.";
const SLUG_TAKEN: &str = "This slug is already used by another post. Choose another.";

fn save_error(error: SaveError) -> ApiError {
    match error {
        SaveError::SlugTaken => ApiError::invalid("slug", SLUG_TAKEN),
        SaveError::Other(error) => ApiError::Internal(error),
    }
}

fn describe(post: &AdminPost) -> String {
    format!("\u{201c}{}\u{201d} (/blog/{})", post.title, post.slug)
}

/// Every post, drafts included.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PostList {
    /// Newest first, without their content.
    posts: Vec<AdminPost>,
}

/// `GET /api/admin/posts`: every post, newest first.
#[utoipa::path(
    get,
    path = "/posts",
    tag = "admin",
    security(("session" = [])),
    responses((status = 200, description = "Every post, drafts included.", body = PostList), AdminRefusals)
)]
pub async fn list(State(db): State<Db>, _admin: Admin) -> Result<Json<PostList>, ApiError> {
    Ok(Json(PostList { posts: store::all(&db).await? }))
}

/// `GET /api/admin/posts/{id}`.
#[utoipa::path(
    get,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 200, description = "The post with its content.", body = AdminPost),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn get(
    State(db): State<Db>,
    _admin: Admin,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<AdminPost>, ApiError> {
    let Path(id) = id?;
    store::get(&db, id).await?.map(Json).ok_or(ApiError::NotFound(NO_SUCH_POST))
}

/// `POST /api/admin/posts`: a new post by the signed-in admin.
#[utoipa::path(
    post,
    path = "/posts",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    request_body = PostForm,
    responses(
        (status = 201, description = "The post as stored, its content sanitised.", body = AdminPost),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn create(
    State(db): State<Db>,
    State(changes): State<Changes>,
    State(zone): State<TimeZone>,
    admin: Admin,
    body: Result<Json<PostForm>, JsonRejection>,
) -> Result<(StatusCode, Json<AdminPost>), ApiError> {
    let Json(form) = body?;
    let post = form.parse(&zone).map_err(ApiError::Invalid)?;
    let id = store::create(&db, &post, admin.user.user_id).await.map_err(save_error)?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostCreated, &describe(&saved)).await?;
    record_schedule(&db, &admin, None, &saved).await?;
    if saved.published {
        audit::record(&db, &admin.actor(), Action::PostPublished, &describe(&saved)).await?;
        changes.announce(Change::Blog);
    }
    Ok((StatusCode::CREATED, Json(saved)))
}

/// `PUT /api/admin/posts/{id}`: replaces a post; the signed-in admin becomes its author.
#[utoipa::path(
    put,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    request_body = PostForm,
    responses(
        (status = 200, description = "The post as stored, its content sanitised.", body = AdminPost),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn update(
    State(db): State<Db>,
    State(changes): State<Changes>,
    State(zone): State<TimeZone>,
    admin: Admin,
    id: Result<Path<i64>, PathRejection>,
    body: Result<Json<PostForm>, JsonRejection>,
) -> Result<Json<AdminPost>, ApiError> {
    let Path(id) = id?;
    let Json(form) = body?;
    let post = form.parse(&zone).map_err(ApiError::Invalid)?;
    let before = store::update(&db, id, &post, admin.user.user_id)
        .await
        .map_err(save_error)?
        .ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostUpdated, &describe(&saved)).await?;
    record_publication_change(&db, &admin, &before, &saved).await?;
    record_schedule(&db, &admin, before.publish_at.as_deref(), &saved).await?;
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

/// A post newly scheduled, or scheduled for another time, goes in the audit log with its time.
async fn record_schedule(
    db: &Db,
    admin: &Admin,
    before: Option<&str>,
    after: &AdminPost,
) -> anyhow::Result<()> {
    match after.publish_at.as_deref() {
        Some(at) if before != Some(at) => {
            let detail = format!("{} for {at} UTC", describe(after));
            audit::record(db, &admin.actor(), Action::PostScheduled, &detail).await
        }
        _ => Ok(()),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Publication {
    published: bool,
}

/// `PUT /api/admin/posts/{id}/published`: the dashboard's publish toggle.
#[utoipa::path(
    put,
    path = "/posts/{id}/published",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    request_body = Publication,
    responses(
        (status = 200, description = "The post as stored now.", body = AdminPost),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn set_published(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    id: Result<Path<i64>, PathRejection>,
    body: Result<Json<Publication>, JsonRejection>,
) -> Result<Json<AdminPost>, ApiError> {
    let Path(id) = id?;
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
#[utoipa::path(
    delete,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 204, description = "The post is deleted."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(db): State<Db>,
    State(changes): State<Changes>,
    admin: Admin,
    id: Result<Path<i64>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(id) = id?;
    let deleted = store::delete(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    audit::record(&db, &admin.actor(), Action::PostDeleted, &describe(&deleted)).await?;
    if deleted.published {
        changes.announce(Change::Blog);
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The editor's content, as HTML.
#[derive(Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Content {
    content: String,
}

/// `POST /api/admin/posts/preview`: the content as it would be stored, so the editor's preview
/// shows exactly what visitors will get (and never renders unsanitised HTML).
#[utoipa::path(
    post,
    path = "/posts/preview",
    tag = "admin",
    security(("session" = [], "csrf" = [])),
    request_body = Content,
    responses(
        (status = 200, description = "The content sanitised, as it would be stored.", body = Content),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn preview(
    _admin: Admin,
    body: Result<Json<Content>, JsonRejection>,
) -> Result<Json<Content>, ApiError> {
    let Json(Content { content }) = body?;
    Ok(Json(Content { content: sanitize(&content) }))
}

/// The earlier versions of a post.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RevisionList {
    /// The newest first, at most 50.
    revisions: Vec<revisions::RevisionListing>,
}

/// `GET /api/admin/posts/{id}/revisions`: every save of the post, the newest first.
#[utoipa::path(
    get,
    path = "/posts/{id}/revisions",
    tag = "admin",
    security(("session" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 200, description = "The post's revisions.", body = RevisionList),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn revision_list(
    State(db): State<Db>,
    _admin: Admin,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<RevisionList>, ApiError> {
    let Path(id) = id?;
    store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    Ok(Json(RevisionList { revisions: revisions::list(&db, id).await? }))
}

/// `GET /api/admin/posts/{id}/revisions/{revision}`: one revision, to load into the editor.
#[utoipa::path(
    get,
    path = "/posts/{id}/revisions/{revision}",
    tag = "admin",
    security(("session" = [])),
    params(
        ("id" = i64, Path, description = "The post's id."),
        ("revision" = i64, Path, description = "The revision's id.")
    ),
    responses(
        (status = 200, description = "What was saved then.", body = revisions::Revision),
        (status = 400, description = "An id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such revision of this post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn revision(
    State(db): State<Db>,
    _admin: Admin,
    ids: Result<Path<(i64, i64)>, PathRejection>,
) -> Result<Json<revisions::Revision>, ApiError> {
    let Path((id, revision)) = ids?;
    revisions::get(&db, id, revision)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound("There is no such revision of this post."))
}
