//! A post's earlier versions, under /api/admin/posts/{id}/revisions: the list, and one to load
//! into the editor.

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;

use super::{revisions, routes::NO_SUCH_POST, store};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    auth::guard::Admin,
    db::Db,
    error::{ApiError, Checked},
};

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
    Checked(Path(id)): Checked<Path<i64>>,
) -> Result<Json<RevisionList>, ApiError> {
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
    Checked(Path((id, revision))): Checked<Path<(i64, i64)>>,
) -> Result<Json<revisions::Revision>, ApiError> {
    revisions::get(&db, id, revision)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound("There is no such revision of this post."))
}
