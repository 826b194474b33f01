//! A post's earlier versions, under /api/admin/posts/{id}/revisions: the list, and one to load
//! into the editor.

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;

use super::{revision_store, store::AdminPost};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    auth::guard::Owner,
    db::Db,
    domain::{PostId, RevisionId},
    error::{ApiError, Checked},
    found::Found,
};

/// The earlier versions of a post.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RevisionList {
    /// The newest first, at most 50.
    revisions: Vec<revision_store::RevisionListing>,
}

/// `GET /api/admin/posts/{id}/revisions`: every save of the post, the newest first.
#[utoipa::path(
    get,
    path = "/posts/{id}/revisions",
    tag = "admin",
    security(("session" = ["owner"])),
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
    _owner: Owner,
    Found(post): Found<AdminPost>,
) -> Result<Json<RevisionList>, ApiError> {
    Ok(Json(RevisionList { revisions: revision_store::list(&db, post.id).await? }))
}

/// `GET /api/admin/posts/{id}/revisions/{revision}`: one revision, to load into the editor.
#[utoipa::path(
    get,
    path = "/posts/{id}/revisions/{revision}",
    tag = "admin",
    security(("session" = ["owner"])),
    params(
        ("id" = i64, Path, description = "The post's id."),
        ("revision" = i64, Path, description = "The revision's id.")
    ),
    responses(
        (status = 200, description = "What was saved then.", body = revision_store::Revision),
        (status = 400, description = "An id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such revision of this post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn revision(
    State(db): State<Db>,
    _owner: Owner,
    Checked(Path((id, revision))): Checked<Path<(PostId, RevisionId)>>,
) -> Result<Json<revision_store::Revision>, ApiError> {
    revision_store::get(&db, id, revision)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound("There is no such revision of this post."))
}
