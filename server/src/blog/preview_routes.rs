//! 'Open full preview' in the editor: the unsaved post, checked and sanitised as a save would,
//! kept an hour under a random token, and shown at `/dbadmin/preview/{token}` by the public post
//! page's own code, to a signed-in admin only. Kept in the database, so any instance shows it.
//! And the editor's own preview: the content sanitised as a save would store it.

use std::sync::Arc;

use axum::{Json, extract::State, http::StatusCode};
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use super::{
    draft::PostForm,
    model::{Post, PostCard, long_date},
    preview_store,
    sanitize::sanitize,
    store,
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals},
    auth::{
        guard::Owner,
        session::{random_token, token_hash},
    },
    db::Db,
    domain::PostId,
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// Where a preview is shown; the token follows.
pub const PREVIEW_PATH: &str = "/dbadmin/preview/";

/// What the editor sends: the post as it would save it, and which post it is (none for a new one).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PreviewForm {
    post_id: Option<i64>,
    post: PostForm,
}

/// Where the preview is.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PreviewLink {
    /// `/dbadmin/preview/{token}`, for a new tab; it works for an hour, for a signed-in admin.
    url: String,
}

/// A preview as kept: the post's checked fields.
#[derive(Serialize, Deserialize)]
struct Kept {
    post_id: Option<i64>,
    title: String,
    slug: String,
    excerpt: String,
    content: String,
    featured_image: Option<String>,
    featured_image_alt: Option<String>,
    meta_description: Option<String>,
    social_image: Option<String>,
    /// Missing from a preview kept before posts named a service.
    #[serde(default)]
    service: Option<String>,
}

/// `POST /api/admin/posts/full-preview`: keeps the unsaved post for its full preview.
#[utoipa::path(
    post,
    path = "/posts/full-preview",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = PreviewForm,
    responses(
        (status = 201, description = "The preview is ready at the address given.", body = PreviewLink),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn create(
    State(db): State<Db>,
    State(zone): State<TimeZone>,
    State(site): State<Arc<SiteDetails>>,
    _owner: Owner,
    Checked(Json(form)): Checked<Json<PreviewForm>>,
) -> Result<(StatusCode, Json<PreviewLink>), ApiError> {
    let post =
        form.post.parse(&zone, db.clock.now(), &site.content().services_page).map_err(ApiError::Invalid)?;
    let kept = Kept {
        post_id: form.post_id,
        title: post.title,
        slug: post.slug.as_ref().to_owned(),
        excerpt: post.excerpt,
        content: post.content,
        featured_image: post.featured_image,
        featured_image_alt: post.featured_image_alt,
        meta_description: post.meta_description,
        social_image: post.social_image,
        service: post.service,
    };
    let token = random_token();
    let post = serde_json::to_string(&kept).map_err(anyhow::Error::from)?;
    preview_store::keep(&db, &token_hash(&token), &post).await?;
    Ok((StatusCode::CREATED, Json(PreviewLink { url: format!("{PREVIEW_PATH}{token}") })))
}

/// The post kept under `token`, as its page shows it (dated on the shop's clock, `zone`); None
/// when there is no such preview or its hour is over.
pub async fn load(db: &Db, token: &str, zone: &TimeZone) -> anyhow::Result<Option<Post>> {
    let row = preview_store::kept(db, &token_hash(token)).await?;
    let Some((kept, created_at)) = row else { return Ok(None) };
    let kept: Kept = serde_json::from_str(&kept)?;
    // A saved post keeps its date; a new one would be dated today.
    let dated = match kept.post_id {
        Some(id) => store::created_at(db, PostId(id)).await?,
        None => None,
    };
    let created_at = dated.unwrap_or(created_at);
    Ok(Some(Post {
        id: kept.post_id.unwrap_or(0),
        card: PostCard {
            date: long_date(created_at, zone),
            title: kept.title,
            slug: kept.slug,
            excerpt: kept.excerpt,
            featured_image: kept.featured_image,
            featured_image_srcset: None,
        },
        featured_image_alt: kept.featured_image_alt,
        content: kept.content,
        updated_at: created_at,
        created_at,
        meta_description: kept.meta_description,
        social_image: kept.social_image,
        service: kept.service,
    }))
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
    security(("session" = ["owner"], "csrf" = [])),
    request_body = Content,
    responses(
        (status = 200, description = "The content sanitised, as it would be stored.", body = Content),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn preview(
    _owner: Owner,
    Checked(Json(Content { content })): Checked<Json<Content>>,
) -> Result<Json<Content>, ApiError> {
    Ok(Json(Content { content: sanitize(&content) }))
}
