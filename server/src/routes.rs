//! The HTTP routes of the public site.

use std::sync::Arc;

use axum::{
    Router,
    extract::{DefaultBodyLimit, FromRef, Query, State},
    http::{HeaderMap, StatusCode, Uri},
    middleware,
    response::{IntoResponse, Redirect, Response},
    routing::{get, post},
};
use serde::Deserialize;

use crate::{
    assets,
    booking::{self, routes::BookingDesk},
    pages::crawlers,
    render::Renderer,
    security::{self, SecurityHeaders},
};

/// Request bodies larger than this are refused before parsing (the booking form is far smaller).
const BOOKING_BODY_LIMIT: usize = 16 * 1024;

#[derive(Clone)]
pub struct AppState {
    pub renderer: Arc<Renderer>,
    pub db: sqlx::SqlitePool,
    pub bookings: Arc<BookingDesk>,
}

impl FromRef<AppState> for Arc<BookingDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.bookings)
    }
}

pub fn router(state: AppState, headers: SecurityHeaders) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/page", get(page_json))
        .route(
            "/api/bookings",
            post(booking::routes::create).layer(DefaultBodyLimit::max(BOOKING_BODY_LIMIT)),
        )
        .route("/robots.txt", get(robots_txt))
        .route("/sitemap.xml", get(sitemap_xml))
        .route(crawlers::FEED_PATH, get(feed_xml))
        .route("/assets/{*file}", get(assets::web_asset))
        .route("/site/{*file}", get(assets::site_image))
        .fallback(get(page_html))
        .with_state(state)
        .layer(middleware::from_fn_with_state(Arc::new(headers), security::add_headers))
}

/// `GET /healthz`: 200 once the server is up and the database answers (pages render on demand
/// until the background warm-up has rendered them all).
async fn healthz(State(state): State<AppState>) -> StatusCode {
    match sqlx::query("SELECT 1").execute(&state.db).await {
        Ok(_) => StatusCode::OK,
        Err(error) => {
            tracing::error!("Health check failed: {error}");
            StatusCode::SERVICE_UNAVAILABLE
        }
    }
}

/// Any other GET: the cached page at that path, or the 404 page.
async fn page_html(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
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
    match state.renderer.page(path).await {
        Ok(page) => page.html.respond(&headers, page.status, "text/html; charset=utf-8", "no-cache"),
        Err(error) => server_error(&error),
    }
}

#[derive(Deserialize)]
struct PagePath {
    path: String,
}

/// `GET /api/page?path=/x`: the page's status, kind, head and data, for client-side navigation.
/// Always 200 when the page could be resolved: a missing page is a page too (kind notFound).
async fn page_json(
    State(state): State<AppState>,
    Query(query): Query<PagePath>,
    headers: HeaderMap,
) -> Response {
    match state.renderer.page(&query.path).await {
        Ok(page) => page.json.respond(&headers, StatusCode::OK, "application/json", "no-cache"),
        Err(error) => server_error(&error),
    }
}

async fn robots_txt(State(state): State<AppState>) -> Response {
    ([("content-type", "text/plain; charset=utf-8")], crawlers::robots_txt(state.renderer.site()))
        .into_response()
}

async fn sitemap_xml(State(state): State<AppState>) -> Response {
    ([("content-type", "application/xml; charset=utf-8")], crawlers::sitemap_xml(state.renderer.site()))
        .into_response()
}

/// An opaque 500: the cause is logged, never shown.
fn server_error(error: &anyhow::Error) -> Response {
    tracing::error!("{error:#}");
    (StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong on our side. Please try again.").into_response()
}

async fn feed_xml(State(state): State<AppState>) -> Response {
    ([("content-type", "application/rss+xml; charset=utf-8")], crawlers::feed_xml(state.renderer.site()))
        .into_response()
}
