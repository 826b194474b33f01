//! The HTTP routes: the public site, the booking desk, and the admin area with its API. The
//! application as the server loop calls it (the page cache first, then the router) and the
//! router's table are here; the state handlers take (`state`), the API's table (`api`) and the
//! handlers of pages and files (`pages`) each have a file.

mod api;
mod pages;
mod state;
#[cfg(feature = "test-clock")]
mod test_clock;

pub use state::AppState;

use std::{
    convert::Infallible, future::Future, net::SocketAddr, panic::AssertUnwindSafe, sync::Arc, time::Instant,
};

use axum::{
    Extension, Router,
    extract::{MatchedPath, Path, Request},
    http::Method,
    middleware,
    response::Response,
    routing::{any, get, post},
};

use crate::{
    api_doc::ApiDocument,
    assets, booking,
    client_address::{ClientAddress, TrustedProxies},
    insights::{self, Insights},
    media,
    metrics::{self, RouteGroup},
    monitor,
    pages::{FEED_PATH, PublicPages, crawlers::SITEMAP_PATH},
    request_id::{self, RequestId},
    schedule,
    security::{self, SecurityHeaders},
};
use futures_util::FutureExt as _;
use tower_service::Service as _;
use tracing::Instrument as _;

use api::{announce_desk_changes, api, no_such_route};
use pages::{
    admin_manifest, admin_page, admin_worker, feed_xml, manage_page, page_html, plain_request, post_preview,
    privacy, respond, review_link, robots_txt, sitemap_index, sitemap_part, social_picture,
};

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
        let admin = security::in_admin_area(path);
        let page_route = monitor::page_route(path);
        let method = request.method().clone();
        // A blog search sent without script is made for its words (`page_html`).
        let cached = (method == Method::GET && crate::pages::blog_search::sent(request.uri()).is_none())
            .then(|| self.pages.cached(path))
            .flatten();
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
                let routed = caught(self.router.clone().call(request));
                Answer::Routed(id.clone().scope(routed).instrument(span))
            }
        };
        let headers = Arc::clone(&self.headers);
        async move {
            let mut response = match answer {
                Answer::Ready(response) => response,
                Answer::Routed(routed) => routed.await?,
            };
            headers.add_to(&mut response, admin);
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

/// The router's answer, or a 500 naming the request when its handler panicked (the panic is
/// logged and counted; the connection and the server go on).
async fn caught(routed: impl Future<Output = Result<Response, Infallible>>) -> Result<Response, Infallible> {
    match AssertUnwindSafe(routed).catch_unwind().await {
        Ok(answered) => answered,
        Err(panic) => Ok(crate::error::panicked(panic.as_ref())),
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
    let router = Router::new();
    #[cfg(feature = "test-clock")]
    let router = router.route("/test-clock", get(test_clock::now).post(test_clock::advance));
    Ok(router
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
        .route("/contact/request", post(plain_request))
        .route("/review/{token}", get(review_link))
        .route("/calendar/{file}", get(schedule::feed_routes::calendar))
        .route("/dbadmin/{*rest}", get(admin_page))
        .route("/media/blog-images/{file}", get(media::routes::serve))
        .route("/media/booking-photos/{file}", get(booking::photos::routes::serve))
        .route("/robots.txt", get(robots_txt))
        .route("/privacy", get(privacy))
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

#[cfg(test)]
mod tests {
    use axum::{http::StatusCode, response::IntoResponse as _};

    use super::*;

    #[tokio::test]
    async fn a_handler_that_panics_answers_500_naming_the_request() {
        let id = RequestId::for_request(&axum::http::HeaderMap::new(), false);
        let shown = id.as_str().to_owned();
        let handler = async {
            if shown.is_empty() {
                return Ok(().into_response());
            }
            panic!("the handler lost its way");
        };
        let answer = id.scope(caught(handler)).await.expect("an answer, not a dropped connection");
        assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(answer.into_body(), 4096).await.expect("a body");
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains(&format!("tell us this reference: {shown}")), "{text}");
        assert!(!text.contains("lost its way"), "the panic's words stay in the log");
    }
}
