//! The HTTP routes: the public site, the booking desk, and the admin area with its API.

use std::{convert::Infallible, future::Future, net::SocketAddr, sync::Arc, time::Instant};

use axum::{
    Extension, Json, Router,
    extract::{DefaultBodyLimit, FromRef, MatchedPath, Path, Query, Request, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
    middleware,
    response::{IntoResponse, Redirect, Response},
    routing::{any, get},
};
use serde::Deserialize;

use crate::{
    api_doc::{self, ApiDocument, ErrorBody, Unavailable},
    assets,
    auth::{self, guard::AuthDesk},
    beacon, blog,
    booking::{self, live::DeskFeed, routes::BookingDesk},
    changes::{self, Change, Changes},
    client::{ClientAddress, TrustedProxies},
    db::Db,
    delivery::{self, Outbox},
    error::{ApiError, Checked},
    insights::{self, Insights},
    media::{self, MediaStore},
    metrics::{self, RouteGroup},
    monitor,
    pages::{
        Cached, CachedEntry, FEED_PATH, Page, PublicPages,
        crawlers::{self, SITEMAP_PATH},
        head, search,
    },
    request_id::{self, RequestId},
    schedule::{self, admin::ScheduleDesk},
    security::SecurityHeaders,
    site::{self, SiteDetails},
};
use tower_service::Service as _;
use tracing::Instrument as _;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

/// Request bodies larger than this are refused before parsing (the booking form is far smaller).
const BOOKING_BODY_LIMIT: usize = 16 * 1024;
/// Sign-in and other small admin requests.
const SMALL_BODY_LIMIT: usize = 16 * 1024;
/// Every site detail at once (the built-in ones are about 80 kB as JSON), with room to grow.
const SITE_BODY_LIMIT: usize = 1024 * 1024;
/// A post with its content (which may inline pasted images) and some room for JSON escaping.
const POST_BODY_LIMIT: usize = blog::draft::MAX_CONTENT_BYTES + 1024 * 1024;

#[derive(Clone)]
pub struct AppState {
    pub pages: Arc<PublicPages>,
    pub changes: Changes,
    pub db: Db,
    pub bookings: Arc<BookingDesk>,
    pub auth: Arc<AuthDesk>,
    pub media: Arc<MediaStore>,
    pub site: Arc<SiteDetails>,
    pub schedule: Arc<ScheduleDesk>,
    pub insights: Arc<Insights>,
    /// The live stream of the owner's open Today and inbox.
    pub desk_feed: Arc<DeskFeed>,
}

impl FromRef<AppState> for Arc<DeskFeed> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.desk_feed)
    }
}

impl FromRef<AppState> for Arc<Insights> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.insights)
    }
}

impl FromRef<AppState> for Arc<ScheduleDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.schedule)
    }
}

/// The shop's time zone (scheduled posts are set in it).
impl FromRef<AppState> for jiff::tz::TimeZone {
    fn from_ref(state: &AppState) -> Self {
        state.site.content().business.zone()
    }
}

impl FromRef<AppState> for Arc<SiteDetails> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.site)
    }
}

impl FromRef<AppState> for Arc<BookingDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.bookings)
    }
}

impl FromRef<AppState> for Arc<Outbox> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.bookings.outbox)
    }
}

impl FromRef<AppState> for Arc<AuthDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.auth)
    }
}

impl FromRef<AppState> for Arc<MediaStore> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.media)
    }
}

impl FromRef<AppState> for Arc<PublicPages> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.pages)
    }
}

impl FromRef<AppState> for Changes {
    fn from_ref(state: &AppState) -> Self {
        state.changes.clone()
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}

/// Every /api route, each registered with its part of the API document.
fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::default()
        .routes(routes!(api_doc::openapi_json))
        .routes(routes!(page_json))
        .routes(routes!(blog_search))
        .routes(routes!(booking::routes::create).layer(DefaultBodyLimit::max(BOOKING_BODY_LIMIT)))
        .routes(routes!(booking::routes::service_area))
        .routes(routes!(schedule::routes::availability))
        .routes(routes!(booking::manage::show))
        .routes(routes!(booking::manage::open_times))
        .routes(routes!(booking::manage::change_time).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(booking::manage::cancel).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(booking::manage::calendar))
        .routes(routes!(booking::photos::upload).layer(DefaultBodyLimit::max(media::routes::BODY_LIMIT)))
        .routes(routes!(beacon::insights_beacon).layer(DefaultBodyLimit::max(beacon::BODY_LIMIT)))
        .nest("/api/admin", admin_api())
}

/// The admin API: every handler takes the `Admin` guard, except sign-in.
fn admin_api() -> OpenApiRouter<AppState> {
    let small = DefaultBodyLimit::max(SMALL_BODY_LIMIT);
    let post_sized = DefaultBodyLimit::max(POST_BODY_LIMIT);
    OpenApiRouter::default()
        .routes(routes!(auth::routes::login).layer(small))
        .routes(routes!(auth::routes::logout).layer(small))
        .routes(routes!(auth::routes::login_code).layer(small))
        .routes(routes!(auth::routes::current))
        .routes(routes!(auth::reset::ask).layer(small))
        .routes(routes!(auth::reset::check, auth::reset::complete).layer(small))
        .routes(routes!(auth::account::end_session).layer(small))
        .routes(routes!(auth::account::show))
        .routes(routes!(auth::account::change_password).layer(small))
        .routes(routes!(auth::account::sign_out_others).layer(small))
        .routes(routes!(auth::account::setup).layer(small))
        .routes(routes!(auth::account::enable).layer(small))
        .routes(routes!(auth::account::disable).layer(small))
        .routes(routes!(auth::account::new_recovery_codes).layer(small))
        .routes(routes!(auth::routes::audit_log))
        .routes(routes!(blog::routes::list, blog::routes::create).layer(post_sized))
        .routes(routes!(blog::routes::get, blog::routes::update, blog::routes::delete).layer(post_sized))
        .routes(routes!(blog::routes::preview).layer(post_sized))
        .routes(routes!(blog::preview::create).layer(post_sized))
        .routes(routes!(blog::routes::set_published).layer(small))
        .routes(routes!(blog::routes::restore).layer(small))
        .routes(routes!(blog::routes::revision_list))
        .routes(routes!(blog::routes::revision))
        .routes(routes!(media::routes::upload).layer(DefaultBodyLimit::max(media::routes::BODY_LIMIT)))
        .routes(routes!(booking::desk::status))
        .routes(routes!(booking::admin::list))
        .routes(routes!(booking::export::export))
        .routes(routes!(booking::notes::add).layer(small))
        .routes(routes!(booking::notes::change, booking::notes::delete).layer(small))
        .routes(routes!(booking::admin::sources))
        .routes(routes!(booking::admin::set_status).layer(small))
        .routes(routes!(booking::today::show))
        .routes(routes!(booking::live::live))
        .routes(routes!(booking::request::show))
        .routes(routes!(booking::request::contact).layer(small))
        .routes(routes!(booking::request::seen).layer(small))
        .routes(routes!(schedule::admin::schedule))
        .routes(routes!(schedule::admin::set_time, schedule::admin::drop_time).layer(small))
        .routes(routes!(schedule::admin::confirm_requested).layer(small))
        .routes(routes!(schedule::admin::request_review).layer(small))
        .routes(routes!(schedule::feed::show, schedule::feed::renew, schedule::feed::remove).layer(small))
        .routes(routes!(site::routes::show, site::routes::save).layer(DefaultBodyLimit::max(SITE_BODY_LIMIT)))
        .routes(routes!(site::routes::versions))
        .routes(routes!(delivery::admin::show))
        .routes(routes!(delivery::admin::set_recipients).layer(small))
        .routes(routes!(delivery::admin::send_test).layer(small))
        .routes(routes!(delivery::push_admin::list, delivery::push_admin::subscribe).layer(small))
        .routes(routes!(delivery::push_admin::update, delivery::push_admin::remove).layer(small))
        .routes(routes!(delivery::push_admin::send_test).layer(small))
        .routes(routes!(site::routes::restore).layer(small))
        .routes(routes!(insights::routes::show))
        .routes(routes!(insights::routes::set_report).layer(small))
        .fallback(no_such_route)
        .layer(middleware::map_response(never_stored))
}

/// After a request that changed the booking desk (a new request, the customer's change or
/// cancellation, anything the owner does to a request) succeeded: tells the live streams. On
/// PostgreSQL every instance (this one too) hears it by NOTIFY, so it is told once; should the
/// notification fail, this instance's own streams still hear it.
async fn announce_desk_changes(
    State(state): State<AppState>,
    request: Request,
    next: middleware::Next,
) -> Response {
    let path = request.uri().path();
    let desk = !request.method().is_safe()
        && (path == "/api/bookings"
            || path.starts_with("/api/manage/")
            || path.starts_with("/api/admin/bookings/"));
    let response = next.run(request).await;
    if desk && response.status().is_success() {
        match &state.db {
            Db::Sqlite(_) => state.changes.announce(Change::Desk),
            Db::Postgres(_) => {
                if let Err(error) = changes::tell_other_instances(&state.db, Change::Desk).await {
                    tracing::warn!("Cannot tell the instances of a booking change: {error:#}");
                    state.changes.announce(Change::Desk);
                }
            }
        }
    }
    response
}

/// Any other path under /api: a JSON 404, not the site's 404 page.
async fn no_such_route() -> ApiError {
    ApiError::NotFound("There is no such API route.")
}

/// Admin answers (bookings, the audit log, drafts) are personal: no cache may keep them.
async fn never_stored(mut response: Response) -> Response {
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

/// The whole application as the server loop calls it: a page the cache holds is answered at
/// once, before any routing; everything else goes through the router. Every answer gets the
/// security headers.
#[derive(Clone)]
pub struct App {
    router: Router,
    pages: Arc<PublicPages>,
    headers: Arc<SecurityHeaders>,
    proxies: Arc<TrustedProxies>,
    insights: Arc<Insights>,
}

impl App {
    pub fn new(state: AppState, headers: SecurityHeaders, proxies: TrustedProxies) -> anyhow::Result<Self> {
        Ok(Self {
            pages: Arc::clone(&state.pages),
            insights: Arc::clone(&state.insights),
            router: router(state)?,
            headers: Arc::new(headers),
            proxies: Arc::new(proxies),
        })
    }

    /// Answers `request`, which came from `peer`: with its request id, counted (when metrics
    /// are on) and logged (target `trailerworks::access`) with its route template, status and
    /// time.
    pub fn handle(
        &self,
        mut request: Request,
        peer: SocketAddr,
    ) -> impl Future<Output = Result<Response, Infallible>> + Send + use<> {
        let started = Instant::now();
        let id = RequestId::for_request(request.headers(), self.proxies.trusts(peer.ip()));
        let path = request.uri().path();
        let group = RouteGroup::of(path);
        let page_route = monitor::page_route(path);
        let method = request.method().clone();
        let cached = (method == Method::GET).then(|| self.pages.cached(path)).flatten();
        let answer = match cached {
            Some(entry) => {
                if entry.is_page() && self.insights.on() {
                    let client = insights::Client {
                        address: self.proxies.client(peer.ip(), request.headers()),
                        headers: request.headers(),
                    };
                    self.insights.page_view(client, path, request.uri().query());
                }
                Answer::Ready(respond(&entry, request.headers(), str::to_owned))
            }
            None => {
                let client = self.proxies.client(peer.ip(), request.headers());
                if self.insights.on() && method == Method::GET && path.starts_with(assets::PREFIX) {
                    self.insights.asset(insights::Client { address: client, headers: request.headers() });
                }
                request.extensions_mut().insert(ClientAddress(client));
                let span = tracing::info_span!("request", request_id = id.as_str());
                Answer::Routed(id.clone().scope(self.router.clone().call(request)).instrument(span))
            }
        };
        let headers = Arc::clone(&self.headers);
        async move {
            let mut response = match answer {
                Answer::Ready(response) => response,
                Answer::Routed(routed) => routed.await?,
            };
            headers.add_to(&mut response);
            let elapsed = started.elapsed();
            let route = response
                .extensions()
                .get::<MatchedPath>()
                .map_or(page_route, |matched| monitor::intern(matched.as_str()));
            let status = response.status().as_u16();
            metrics::request(route, group, status, elapsed);
            tracing::info!(
                target: "trailerworks::access",
                request_id = id.as_str(),
                method = method.as_str(),
                route,
                status,
                duration_ms = elapsed.as_secs_f64() * 1000.0,
                "request"
            );
            response.headers_mut().insert(request_id::HEADER, id.header());
            Ok(response)
        }
    }
}

/// An answer from the page cache, or one the router is making.
enum Answer<F> {
    Ready(Response),
    Routed(F),
}

fn router(state: AppState) -> anyhow::Result<Router> {
    let (api, paths) = api().split_for_parts();
    let document = ApiDocument::new(paths, state.auth.cookies.name())?;
    let desk_changes = middleware::from_fn_with_state(state.clone(), announce_desk_changes);
    Ok(Router::new()
        .merge(api.layer(Extension(document)).layer(desk_changes))
        .route("/api/{*rest}", any(no_such_route))
        .route("/healthz", get(monitor::healthz))
        .route("/readyz", get(monitor::readyz))
        .route("/dbadmin", get(admin_page))
        .route("/dbadmin/manifest.webmanifest", get(admin_manifest))
        .route("/dbadmin/sw.js", get(admin_worker))
        .route("/favicon.ico", get(|headers| assets::icon(Path("favicon.ico".to_owned()), headers)))
        .route(
            "/apple-touch-icon.png",
            get(|headers| assets::icon(Path("apple-touch-icon.png".to_owned()), headers)),
        )
        .route("/icons/{file}", get(assets::icon))
        .route("/dbadmin/preview/{token}", get(post_preview))
        .route("/booking/{token}", get(manage_page))
        .route("/review/{token}", get(review_link))
        .route("/calendar/{file}", get(schedule::feed::calendar))
        .route("/dbadmin/{*rest}", get(admin_page))
        .route("/media/blog-images/{file}", get(media::routes::serve))
        .route("/media/booking-photos/{file}", get(booking::photos::serve))
        .route("/robots.txt", get(robots_txt))
        .route(SITEMAP_PATH, get(sitemap_index))
        .route("/sitemaps/{part}", get(sitemap_part))
        .route(FEED_PATH, get(feed_xml))
        .route("/assets/{*file}", get(assets::web_asset))
        .route("/site/{*file}", get(assets::site_image))
        .route("/social/{*file}", get(social_picture))
        .route_layer(middleware::from_fn(monitor::keep_route))
        .fallback(get(page_html))
        .with_state(state))
}

/// A cached answer: its body (304 when the client has it), or a 301 to where `moved_to` says.
fn respond(cached: &Cached, request: &HeaderMap, moved_to: impl FnOnce(&str) -> String) -> Response {
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
async fn page_html(
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
    let document = pages.document(path).await;
    if let Ok(entry) = &document
        && entry.is_page()
    {
        insights.page_view(insights::Client { address, headers: &headers }, path, uri.query());
    }
    answer(document, &headers)
}

#[derive(Deserialize)]
struct PictureVersion {
    v: Option<String>,
}

/// `GET /social/{page}.png` (or `.jpg`): the picture a shared link to the page shows. Its
/// address carries what it shows (`?v=`), so the current one is kept by browsers and apps for a
/// year; any other is checked each time.
async fn social_picture(
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
struct PagePath {
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
async fn page_json(
    State(pages): State<Arc<PublicPages>>,
    Checked(Query(query)): Checked<Query<PagePath>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let entry = pages.page_json(&query.path).await?;
    Ok(respond(&entry, &headers, |target| format!("/api/page?path={target}")))
}

#[derive(Deserialize)]
struct SearchParams {
    q: Option<String>,
}

/// `GET /api/blog/search?q=...`: the newest published posts whose title or excerpt contains
/// the words (at most `search::SHOWN`), and how many match in all.
#[utoipa::path(
    get,
    path = "/api/blog/search",
    tag = "public",
    params(("q" = String, Query, min_length = 1, max_length = 100, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*[^\s\u0000-\u001f\u007f-\u009f][^\u0000-\u001f\u007f-\u009f]*$", description = "Words from a post's title or summary: at most 100 characters, something besides spaces, no control characters.")),
    responses(
        (status = 200, description = "The newest matches (at most 24) and how many match in all.", body = search::Results),
        (status = 400, description = "The search is missing, empty, too long or holds control characters.", body = ErrorBody),
        Unavailable
    )
)]
async fn blog_search(
    State(pages): State<Arc<PublicPages>>,
    Checked(Query(params)): Checked<Query<SearchParams>>,
) -> Result<Json<search::Results>, ApiError> {
    let query = search::Query::parse(params.q.as_deref())
        .map_err(|message| ApiError::Rejected(StatusCode::BAD_REQUEST, message.to_owned()))?;
    Ok(Json(pages.search(&query).await?))
}

/// `GET /dbadmin/preview/{token}`: an unsaved post as its page will show it, for a signed-in
/// admin (anyone else goes to the sign-in page); gone after an hour.
async fn post_preview(
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
    let post = match blog::preview::load(&db, &token, &zone).await {
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

/// `GET /booking/{token}`: the visitor's page of their request; the same document for every link
/// (the page asks the API for the request), never stored by a cache.
async fn manage_page(
    State(pages): State<Arc<PublicPages>>,
    State(db): State<Db>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    // A link that leads nowhere is a 404 for crawlers and tools; the page says it to people.
    let status = match schedule::links::find(&db, &token, schedule::links::Purpose::Manage).await {
        Ok(Some(_)) => StatusCode::OK,
        Ok(None) => StatusCode::NOT_FOUND,
        Err(error) => return server_error(&error),
    };
    match pages.manage_document().await {
        Ok(entry) => match &**entry {
            Cached::Body { content_type, body, .. } => {
                body.respond(&headers, status, HeaderValue::from_static(content_type), "no-store")
            }
            Cached::Moved(target) => moved_permanently(target),
        },
        Err(error) => server_error(&error),
    }
}

/// `GET /review/{token}`: a customer's click on the review link of their thank-you: counted, then
/// on to the shop's review page.
async fn review_link(
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
async fn admin_page(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.admin_document().await, &headers)
}

/// `GET /dbadmin/manifest.webmanifest`: what makes the admin installable on a phone.
async fn admin_manifest(State(pages): State<Arc<PublicPages>>) -> Response {
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
async fn admin_worker() -> Response {
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

async fn robots_txt(State(pages): State<Arc<PublicPages>>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], crawlers::robots_txt(&pages.site()))
        .into_response()
}

async fn sitemap_index(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.sitemap_index().await, &headers)
}

async fn sitemap_part(
    State(pages): State<Arc<PublicPages>>,
    Path(part): Path<String>,
    headers: HeaderMap,
) -> Response {
    answer(pages.sitemap_part(&part).await, &headers)
}

async fn feed_xml(State(pages): State<Arc<PublicPages>>, headers: HeaderMap) -> Response {
    answer(pages.feed().await, &headers)
}

/// 301 to `target`: the address of a renamed post, as crawlers know it best.
fn moved_permanently(target: &str) -> Response {
    (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, target)]).into_response()
}

/// An opaque 500: the cause is logged, never shown.
fn server_error(error: &anyhow::Error) -> Response {
    tracing::error!("{error:#}");
    (StatusCode::INTERNAL_SERVER_ERROR, crate::error::something_went_wrong("Please try again."))
        .into_response()
}
