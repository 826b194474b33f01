//! The handlers of pages and files: a cached page or one rendered when first asked for, link
//! previews, the visitor's request page, the admin's document, sitemaps and the feed.

use std::sync::Arc;

use axum::{
    Form, Json,
    extract::{Path, Query, State, rejection::FormRejection},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{IntoResponse, Redirect, Response},
};
use serde::Deserialize;

use crate::{
    api_doc::{ErrorBody, Unavailable},
    assets, auth, blog,
    booking::{
        self,
        manage::routes::{Shown, Which},
        model::PlainForm,
        routes::{BookingDesk, PlainRefusal},
    },
    client_address::ClientAddress,
    customers,
    db::Db,
    error::{ApiError, Checked},
    insights::{self, Insights},
    media::MediaStore,
    pages::{
        Cached, CachedEntry, HOW_WE_COUNT, Page, PublicPages, blog_search, crawlers, head,
        page_data::{PlainErrors, PlainFields, RefusedRequest},
    },
    schedule,
    site::SiteDetails,
};

/// A cached answer: its body (304 when the client has it), or a 301 to where `moved_to` says.
pub(super) fn respond(
    cached: &Cached,
    request: &HeaderMap,
    moved_to: impl FnOnce(&str) -> String,
) -> Response {
    match cached {
        Cached::Body { status, content_type, body } => {
            body.respond(request, *status, HeaderValue::from_static(content_type), "no-cache")
        }
        Cached::Moved(target) => moved_permanently(&moved_to(target)),
    }
}

/// A cached answer, or an opaque 500 when it could not be made.
fn answer(made: anyhow::Result<CachedEntry>, request: &HeaderMap) -> Response {
    match made {
        Ok(entry) => respond(&entry, request, str::to_owned),
        Err(error) => server_error(&error),
    }
}

/// Any other GET: the page at that path, rendered when first asked for, or its 404 page. A page
/// is counted as a visit here when it was not in the cache (`App::handle` counts the others).
pub(super) async fn page_html(
    State(pages): State<Arc<PublicPages>>,
    State(insights): State<Arc<Insights>>,
    ClientAddress(address): ClientAddress,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    if path.len() > 1 && path.ends_with('/') {
        let mut target = path.trim_end_matches('/').to_owned();
        if target.is_empty() {
            target.push('/');
        }
        if let Some(query) = uri.query() {
            target = format!("{target}?{query}");
        }
        return Redirect::permanent(&target).into_response();
    }
    if let Some(typed) = blog_search::sent(&uri) {
        return match pages.blog_search_document(&typed).await {
            Ok(Cached::Body { status, content_type, body }) => {
                insights.page_view(insights::Client { address, headers: &headers }, path, uri.query());
                body.respond(&headers, status, HeaderValue::from_static(content_type), "no-store")
            }
            Ok(Cached::Moved(target)) => moved_permanently(&target),
            Err(error) => server_error(&error),
        };
    }
    let document = pages.document(path).await;
    if let Ok(entry) = &document
        && entry.is_page()
    {
        insights.page_view(insights::Client { address, headers: &headers }, path, uri.query());
    }
    answer(document, &headers)
}

#[derive(Deserialize)]
pub(super) struct PictureVersion {
    v: Option<String>,
}

/// `GET /social/{page}.png` (or `.jpg`): the picture a shared link to the page shows. Its
/// address carries what it shows (`?v=`), so the current one is kept by browsers and apps for a
/// year; any other is checked each time.
pub(super) async fn social_picture(
    State(pages): State<Arc<PublicPages>>,
    State(media): State<Arc<MediaStore>>,
    Path(file): Path<String>,
    Query(query): Query<PictureVersion>,
    headers: HeaderMap,
) -> Response {
    let picture = match pages.social_picture(&format!("/{file}"), &media).await {
        Ok(Some(picture)) => picture,
        Ok(None) => return (StatusCode::NOT_FOUND, "There is no such picture.").into_response(),
        Err(error) => return server_error(&error),
    };
    let etag = format!("\"{}\"", picture.version);
    let cache = if query.v.as_deref() == Some(picture.version.as_str()) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let fresh = headers.get(header::IF_NONE_MATCH).is_some_and(|tag| tag.as_bytes() == etag.as_bytes());
    let head = [
        (header::CONTENT_TYPE, picture.content_type.to_owned()),
        (header::CACHE_CONTROL, cache.to_owned()),
        (header::ETAG, etag),
    ];
    if fresh {
        (StatusCode::NOT_MODIFIED, head).into_response()
    } else {
        (head, picture.bytes).into_response()
    }
}

#[derive(Deserialize)]
pub(super) struct PagePath {
    path: String,
}

/// `GET /api/page?path=/x`: the page's status, kind, head and data, for client-side navigation.
/// Always 200 when the page could be resolved: a missing page is a page too (kind notFound).
#[utoipa::path(
    get,
    path = "/api/page",
    tag = "public",
    params(("path" = String, Query, description = "The page's path, e.g. `/blog/winter-prep`.")),
    responses(
        (status = 200, description = "The page. A missing page is a page too: kind `notFound`, status 404.", body = Page),
        (status = 301, description = "The post moved to a new slug; its data is at Location.",
            headers(("Location" = String, description = "`/api/page?path=` the post's new path"))),
        (status = 304, description = "The copy the client has (If-None-Match) is current."),
        (status = 400, description = "No path was given.", body = ErrorBody),
        Unavailable
    )
)]
pub(super) async fn page_json(
    State(pages): State<Arc<PublicPages>>,
    Checked(Query(query)): Checked<Query<PagePath>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let entry = pages.page_json(&query.path).await?;
    Ok(respond(&entry, &headers, |target| format!("/api/page?path={target}")))
}

#[derive(Deserialize)]
pub(super) struct SearchParams {
    q: Option<String>,
}

/// `GET /api/blog/search?q=...`: the newest published posts whose title or excerpt contains
/// the words (at most `blog_search::SHOWN`), and how many match in all.
#[utoipa::path(
    get,
    path = "/api/blog/search",
    tag = "public",
    params(("q" = String, Query, min_length = 1, max_length = 100, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*[^\s\u0000-\u001f\u007f-\u009f][^\u0000-\u001f\u007f-\u009f]*$", description = "Words from a post's title or summary: at most 100 characters, something besides spaces, no control characters.")),
    responses(
        (status = 200, description = "The newest matches (at most 24) and how many match in all.", body = blog_search::Results),
        (status = 400, description = "The search is missing, empty, too long or holds control characters.", body = ErrorBody),
        Unavailable
    )
)]
pub(super) async fn blog_search(
    State(pages): State<Arc<PublicPages>>,
    Checked(Query(params)): Checked<Query<SearchParams>>,
) -> Result<Json<blog_search::Results>, ApiError> {
    let query = blog_search::Query::parse(params.q.as_deref())
        .map_err(|message| ApiError::Rejected(StatusCode::BAD_REQUEST, message.to_owned()))?;
    Ok(Json(pages.search(&query).await?))
}

/// `GET /dbadmin/preview/{token}`: an unsaved post as its page will show it, for a signed-in
/// admin (anyone else goes to the sign-in page); gone after an hour.
pub(super) async fn post_preview(
    State(pages): State<Arc<PublicPages>>,
    State(db): State<Db>,
    admin: Result<auth::guard::Admin, ApiError>,
    Path(token): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if admin.is_err() {
        return Redirect::to("/dbadmin").into_response();
    }
    let zone = pages.site().zone();
    let post = match blog::preview_routes::load(&db, &token, &zone).await {
        Ok(Some(post)) => post,
        Ok(None) => {
            let gone = "This preview has ended (a preview lasts an hour). Open a new one from the editor.";
            return (StatusCode::NOT_FOUND, [(header::CACHE_CONTROL, "no-store")], gone).into_response();
        }
        Err(error) => return server_error(&error),
    };
    match pages.preview(uri.path(), post).await {
        Ok(Cached::Body { status, content_type, body }) => {
            body.respond(&headers, status, HeaderValue::from_static(content_type), "no-store")
        }
        Ok(Cached::Moved(target)) => moved_permanently(&target),
        Err(error) => server_error(&error),
    }
}

/// Where the contact page says that its plain form's request arrived.
const PLAIN_SENT: &str = "/contact#request-sent";

/// `POST /contact/request`: the contact page's plain form, which works without JavaScript. Taken,
/// back to the contact page, which says it arrived (303, so a reload sends nothing twice);
/// refused, the contact page again (422) with the form filled as sent and each field's error
/// under it, so nothing typed is lost.
pub(super) async fn plain_request(
    State(pages): State<Arc<PublicPages>>,
    State(desk): State<Arc<booking::routes::BookingDesk>>,
    State(insights): State<Arc<Insights>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    form: Result<Form<PlainForm>, FormRejection>,
) -> Response {
    let refused = match form {
        Ok(Form(form)) => {
            let fields = PlainFields {
                name: form.name.clone(),
                phone: form.phone.clone(),
                email: form.email.clone(),
                details: form.details.clone(),
                location: form.location.clone(),
            };
            match booking::routes::take_plain_request(&desk, &insights, client, &headers, form).await {
                Ok(()) => return Redirect::to(PLAIN_SENT).into_response(),
                Err(PlainRefusal::Fields(errors)) => RefusedRequest {
                    fields,
                    errors: PlainErrors {
                        name: errors.first("name"),
                        phone: errors.first("phone"),
                        email: errors.first("email"),
                        details: errors.first("details"),
                        location: errors.first("location"),
                    },
                    problem: None,
                },
                Err(PlainRefusal::NotStored) => RefusedRequest {
                    fields,
                    errors: PlainErrors::default(),
                    problem: Some(NOT_STORED.to_owned()),
                },
            }
        }
        Err(_) => RefusedRequest {
            fields: PlainFields::default(),
            errors: PlainErrors::default(),
            problem: Some(NOT_READ.to_owned()),
        },
    };
    match pages.refused_request(refused).await {
        Ok(Cached::Body { status, content_type, body }) => {
            body.respond(&headers, status, HeaderValue::from_static(content_type), "no-store")
        }
        Ok(Cached::Moved(target)) => moved_permanently(&target),
        Err(error) => server_error(&error),
    }
}

/// Said above the plain form when a request that passed its checks could not be stored.
const NOT_STORED: &str = "Your request could not be sent just now. Everything you typed is still below: please send it again in a minute, or call us.";
/// Said when the form itself could not be read (a field missing).
const NOT_READ: &str = "Your request could not be read. Please fill in the form again, or call us.";

/// `GET /booking/{token}`: the customer's page: the request of the link (or `?request=N`, another
/// of theirs), their other requests and trailers; never stored by a cache.
pub(super) async fn manage_page(
    State(pages): State<Arc<PublicPages>>,
    State(desk): State<Arc<BookingDesk>>,
    Path(token): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let which = Query::<Which>::try_from_uri(&uri).map(|Query(which)| which).unwrap_or_default();
    // A link that leads nowhere is a 404 for crawlers and tools; the page says it to people.
    let shown = match booking::manage::routes::for_page(&desk, &token, which).await {
        Ok(shown) => shown,
        Err(error) => return server_error(&error),
    };
    let own = match &shown {
        Shown::Request { customer: Some(customer), scope, .. } => {
            match customers::own_page::of(&desk.db, *customer, scope, &desk.site.content()).await {
                Ok(own) => Some(own),
                Err(error) => return server_error(&error),
            }
        }
        _ => None,
    };
    match pages.manage_document(uri.path(), shown, own).await {
        Ok(Cached::Body { status, content_type, body }) => {
            body.respond(&headers, status, HeaderValue::from_static(content_type), "no-store")
        }
        Ok(Cached::Moved(target)) => moved_permanently(&target),
        Err(error) => server_error(&error),
    }
}

/// `GET /review/{token}`: a customer's click on the review link of their thank-you: counted, then
/// on to the shop's review page.
pub(super) async fn review_link(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    Path(token): Path<String>,
) -> Response {
    let review_url = site.content().scheduling.review_url.clone();
    match schedule::links::open_review(&db, &token).await {
        Ok(Some(_)) if !review_url.is_empty() => Redirect::to(&review_url).into_response(),
        Ok(_) => Redirect::to("/").into_response(),
        Err(error) => server_error(&error),
    }
}

/// `GET /dbadmin/...`: the admin app's document; the app itself asks the API who is signed in.
pub(super) async fn admin_page(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.admin_document().await, &headers)
}

/// `GET /dbadmin/manifest.webmanifest`: what makes the admin installable on a phone.
pub(super) async fn admin_manifest(State(pages): State<Arc<PublicPages>>) -> Response {
    let manifest = head::admin_manifest(&pages.site());
    (
        [(header::CONTENT_TYPE, "application/manifest+json"), (header::CACHE_CONTROL, "no-cache")],
        manifest.to_string(),
    )
        .into_response()
}

/// `GET /dbadmin/sw.js`: the admin app's service worker. Its scope is /dbadmin, one step above
/// its own folder (the sign-in page at /dbadmin is where the app starts), which the
/// `Service-Worker-Allowed` header permits.
pub(super) async fn admin_worker() -> Response {
    static WORKER: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    match WORKER.get_or_init(|| assets::admin_worker().map_err(|error| format!("{error:#}"))) {
        Ok(script) => (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
                (header::HeaderName::from_static("service-worker-allowed"), "/dbadmin"),
            ],
            script.clone(),
        )
            .into_response(),
        Err(error) => server_error(&anyhow::anyhow!("{error}")),
    }
}

pub(super) async fn robots_txt(State(pages): State<Arc<PublicPages>>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], crawlers::robots_txt(&pages.site()))
        .into_response()
}

pub(super) async fn sitemap_index(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.sitemap_index().await, &headers)
}

pub(super) async fn sitemap_part(
    State(pages): State<Arc<PublicPages>>,
    Path(part): Path<String>,
    headers: HeaderMap,
) -> Response {
    answer(pages.sitemap_part(&part).await, &headers)
}

pub(super) async fn feed_xml(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.feed().await, &headers)
}

/// 301 to `target`: the address of a renamed post, as crawlers know it best.
/// `GET /privacy`: where a visitor looks for what the site keeps, the page that says it.
pub(super) async fn privacy() -> Response {
    moved_permanently(HOW_WE_COUNT)
}

fn moved_permanently(target: &str) -> Response {
    (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, target)]).into_response()
}

/// An opaque 500: the cause is logged, never shown.
fn server_error(error: &anyhow::Error) -> Response {
    tracing::error!("{error:#}");
    (StatusCode::INTERNAL_SERVER_ERROR, crate::error::something_went_wrong("Please try again."))
        .into_response()
}
