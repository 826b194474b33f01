//! The admin API for posts, under /api/admin/posts. Every change that shows publicly is
//! announced before the answer, so the public pages it touches are made again when next asked
//! for: the public blog is up to date once the admin sees the answer.

use std::sync::Arc;

use axum::{
    Json,
    extract::{FromRef, Path, Query, State},
    http::StatusCode,
};
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use super::{
    draft::{PostForm, PostInput},
    listing,
    store::{self, AdminPost, SaveError},
};
use crate::audit::{Action, Actor, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Owner,
    changes::{Change, Changes},
    db::{Db, contains_pattern},
    domain::PostId,
    error::{ApiError, Checked},
    found::{Found, Lookup},
    site::SiteDetails,
};

pub(super) const NO_SUCH_POST: &str = "There is no such post.";
const SLUG_TAKEN: &str = "This slug is already used by another post. Choose another.";
const SLUG_OF_DELETED: &str = "This slug is used by a deleted post (under Deleted on the dashboard). Restore that post, or choose another slug.";

fn save_error(error: SaveError) -> ApiError {
    match error {
        SaveError::SlugTaken => ApiError::invalid("slug", SLUG_TAKEN),
        SaveError::SlugOfDeleted => ApiError::invalid("slug", SLUG_OF_DELETED),
        SaveError::Other(error) => ApiError::Internal(error),
    }
}

fn describe(post: &AdminPost) -> String {
    named(&post.title, &post.slug)
}

/// A post as the audit log names it: its title and address.
fn named(title: &str, slug: &str) -> String {
    format!("\u{201c}{title}\u{201d} (/blog/{slug})")
}

/// What the dashboard asks for: a page of the list.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// all (default: every post but the deleted), published, drafts, scheduled or deleted.
    #[serde(default)]
    #[param(inline)]
    status: listing::Status,
    /// newest (default), oldest, title or updated.
    #[serde(default)]
    #[param(inline)]
    sort: listing::Order,
    /// Part of the title (any case); empty for every title.
    #[param(max_length = 200, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    q: Option<String>,
    /// The page, from 1 (default 1).
    #[param(minimum = 1, maximum = 100_000)]
    page: Option<u32>,
}

/// One page of posts and the counts of each status.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostList {
    /// At most 25, without their content.
    posts: Vec<AdminPost>,
    /// How many posts this status and title search hold in all.
    total: i64,
    page: u32,
    page_count: u32,
    per_page: u32,
    counts: listing::Counts,
}

/// `GET /api/admin/posts?status=drafts&sort=title&q=brake&page=2`: a page of the posts.
#[utoipa::path(
    get,
    path = "/posts",
    tag = "admin",
    security(("session" = ["owner"])),
    params(ListQuery),
    responses(
        (status = 200, description = "A page of the posts and the counts of each status.", body = PostList),
        (status = 400, description = "A parameter is not understood.", body = ErrorBody),
        (status = 422, description = "The title search is too long or holds control characters, or the page is out of range.", body = crate::api_doc::FieldErrorsBody),
        AdminRefusals
    )
)]
pub async fn list(
    State(db): State<Db>,
    _owner: Owner,
    Checked(Query(query)): Checked<Query<ListQuery>>,
) -> Result<Json<PostList>, ApiError> {
    let title = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if title.is_some_and(|q| q.chars().count() > 200 || q.chars().any(char::is_control)) {
        return Err(ApiError::invalid("q", "Search for at most 200 characters of a title, as plain text"));
    }
    let page = query.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(ApiError::invalid("page", "Pick a page from 1 to 100000"));
    }
    let request = listing::Request {
        status: query.status,
        order: query.sort,
        title: title.map(contains_pattern),
        page,
    };
    let (posts, total) = listing::page(&db, &request).await?;
    let pages = u64::try_from(total).unwrap_or_default().div_ceil(u64::from(listing::PER_PAGE));
    let page_count = u32::try_from(pages).unwrap_or(u32::MAX).max(1);
    Ok(Json(PostList {
        posts,
        total,
        page,
        page_count,
        per_page: listing::PER_PAGE,
        counts: listing::counts(&db).await?,
    }))
}

/// `GET /api/admin/posts/{id}`.
#[utoipa::path(
    get,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = ["owner"])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 200, description = "The post with its content.", body = AdminPost),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn get(_owner: Owner, Found(post): Found<AdminPost>) -> Json<AdminPost> {
    Json(post)
}

/// A post named by the path, deleted ones included.
impl<S: Sync> Lookup<S> for AdminPost
where
    Db: FromRef<S>,
{
    type Id = PostId;
    const MISSING: &'static str = NO_SUCH_POST;

    async fn find(state: &S, id: PostId) -> anyhow::Result<Option<Self>> {
        store::get(&Db::from_ref(state), id).await
    }
}

/// `POST /api/admin/posts`: a new post by the signed-in admin.
#[utoipa::path(
    post,
    path = "/posts",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
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
    State(site): State<Arc<SiteDetails>>,
    Owner(admin): Owner,
    Checked(Json(form)): Checked<Json<PostForm>>,
) -> Result<(StatusCode, Json<AdminPost>), ApiError> {
    let post = form.parse(&zone, db.clock.now(), &site.content().services_page).map_err(ApiError::Invalid)?;
    let actor = admin.actor();
    let lines = saving(&actor, None, &post, &zone);
    let id = store::create(&db, &post, admin.user.user_id, &lines).await.map_err(save_error)?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    if saved.published {
        changes.announce(Change::Blog);
    }
    Ok((StatusCode::CREATED, Json(saved)))
}

/// `PUT /api/admin/posts/{id}`: replaces a post; the signed-in admin becomes its author.
#[utoipa::path(
    put,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
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
    State(site): State<Arc<SiteDetails>>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<PostId>>,
    Checked(Json(form)): Checked<Json<PostForm>>,
) -> Result<Json<AdminPost>, ApiError> {
    let post = form.parse(&zone, db.clock.now(), &site.content().services_page).map_err(ApiError::Invalid)?;
    let actor = admin.actor();
    let before = store::update(&db, id, &post, admin.user.user_id, |before| {
        saving(&actor, Some(before), &post, &zone)
    })
    .await
    .map_err(save_error)?
    .ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    if before.published || saved.published {
        changes.announce(Change::Blog);
    }
    Ok(Json(saved))
}

/// The audit line of publishing or unpublishing `before` (none when it already was).
fn publication<'a>(actor: &'a Actor<'a>, before: &AdminPost, published: bool) -> Vec<Line<'a>> {
    let action = match (before.published, published) {
        (false, true) => Action::PostPublished,
        (true, false) => Action::PostUnpublished,
        _ => return Vec::new(),
    };
    vec![Line { actor, action, detail: describe(before) }]
}

/// The audit lines of saving `post` over `before` (None: a new post), written with it: created
/// or updated; published or unpublished when that changed; scheduled when its time is new, on
/// the shop's clock (`zone`).
fn saving<'a>(
    actor: &'a Actor<'a>,
    before: Option<&AdminPost>,
    post: &PostInput,
    zone: &TimeZone,
) -> Vec<Line<'a>> {
    let named = named(&post.title, post.slug.as_ref());
    let line = |action, detail| Line { actor, action, detail };
    let saved = if before.is_some() { Action::PostUpdated } else { Action::PostCreated };
    let mut lines = vec![line(saved, named.clone())];
    match (before.is_some_and(|before| before.published), post.published) {
        (false, true) => lines.push(line(Action::PostPublished, named.clone())),
        (true, false) => lines.push(line(Action::PostUnpublished, named.clone())),
        _ => {}
    }
    if let Some(at) = post.publish_at
        && before.and_then(|before| before.publish_at) != Some(at)
    {
        lines.push(line(Action::PostScheduled, format!("{named} for {}", at.on_shop_clock(zone))));
    }
    lines
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
    security(("session" = ["owner"], "csrf" = [])),
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
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<PostId>>,
    Checked(Json(Publication { published })): Checked<Json<Publication>>,
) -> Result<Json<AdminPost>, ApiError> {
    let actor = admin.actor();
    let before = store::set_published(&db, id, published, |before| publication(&actor, before, published))
        .await?
        .ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    let saved = store::get(&db, id).await?.ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    if before.published != saved.published {
        changes.announce(Change::Blog);
    }
    Ok(Json(saved))
}

/// `DELETE /api/admin/posts/{id}`: the post goes off the site and into 'Deleted' for 30 days.
#[utoipa::path(
    delete,
    path = "/posts/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 204, description = "The post is deleted; it can be restored for 30 days."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn delete(
    State(db): State<Db>,
    State(changes): State<Changes>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<PostId>>,
) -> Result<StatusCode, ApiError> {
    let actor = admin.actor();
    let deleted = store::delete(&db, id, |post| {
        vec![Line { actor: &actor, action: Action::PostDeleted, detail: describe(post) }]
    })
    .await?
    .ok_or(ApiError::NotFound(NO_SUCH_POST))?;
    if deleted.published {
        changes.announce(Change::Blog);
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/posts/{id}/restore`: a deleted post comes back, as a draft.
#[utoipa::path(
    post,
    path = "/posts/{id}/restore",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The post's id.")),
    responses(
        (status = 200, description = "The post, a draft again.", body = AdminPost),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such deleted post.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn restore(
    State(db): State<Db>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<PostId>>,
) -> Result<Json<AdminPost>, ApiError> {
    let actor = admin.actor();
    let restored = store::restore(&db, id, |post| {
        vec![Line { actor: &actor, action: Action::PostRestored, detail: describe(post) }]
    })
    .await?
    .ok_or(ApiError::NotFound("There is no such deleted post."))?;
    Ok(Json(restored))
}
