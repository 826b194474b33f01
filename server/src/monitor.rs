//! What whoever runs the server watches: `/healthz` and `/readyz` on the public listener, the
//! route template each request is counted and logged by, and `/metrics` on its own listener
//! (`--metrics-listen`), away from the public site: the counts `metrics` keeps, and figures read
//! at each scrape (the page cache's size, the outbox's depth, the database pool, the last
//! scheduled backups).

use std::{
    collections::HashSet,
    sync::{Arc, LazyLock, PoisonError, RwLock},
    time::Duration,
};

use axum::{
    Router,
    extract::{MatchedPath, Request, State},
    http::{StatusCode, header},
    middleware,
    response::{IntoResponse, Response},
    routing::get,
};
use tokio::net::TcpListener;

use crate::{
    backup::periodic::Status,
    db::Db,
    delivery::{DeliveryState, health},
    metrics,
    pages::PublicPages,
};

/// The longest a scrape waits for a database connection (it reports the wait).
const POOL_WAIT_LIMIT: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct Monitor {
    pub db: Db,
    pub pages: Arc<PublicPages>,
}

/// Serves `/metrics` on `listener` until the server stops.
pub async fn serve(listener: TcpListener, monitor: Monitor) {
    let app = Router::new().route("/metrics", get(scrape)).with_state(monitor);
    if let Err(error) = axum::serve(listener, app).await {
        tracing::error!("The metrics listener stopped: {error}");
    }
}

async fn scrape(State(monitor): State<Monitor>) -> impl IntoResponse {
    let depth = health::depth(&monitor.db).await;
    let backups = Status::read(&monitor.db).await;
    let wait = monitor.db.acquire_time(POOL_WAIT_LIMIT).await;
    let (pool_size, pool_idle) = monitor.db.pool_counts();
    let (cache_bytes, _) = monitor.pages.cache_use();
    let cache_entries = monitor.pages.cache_entries();
    let text = metrics::encode_with(|gauges| {
        gauges.cache_bytes.set(i64::try_from(cache_bytes).unwrap_or(i64::MAX));
        gauges.cache_entries.set(i64::try_from(cache_entries).unwrap_or(i64::MAX));
        gauges.pool_size.set(i64::from(pool_size));
        gauges.pool_idle.set(i64::try_from(pool_idle).unwrap_or(i64::MAX));
        gauges.pool_wait_seconds.set(wait.unwrap_or(POOL_WAIT_LIMIT).as_secs_f64());
        match &depth {
            Ok((states, oldest)) => {
                for state in DeliveryState::ALL {
                    let count = states
                        .iter()
                        .find(|(named, _)| named == state.as_str())
                        .map_or(0, |(_, count)| *count);
                    gauges.outbox_state(state.as_str(), count);
                }
                gauges.outbox_oldest_pending_seconds.set(oldest.unwrap_or(0.0));
            }
            Err(error) => tracing::warn!("Cannot read the outbox for /metrics: {error:#}"),
        }
        match &backups {
            Ok(status) => {
                gauges.backup_last_success.set(unix_seconds(status.last_success_at));
                gauges.backup_last_failure.set(unix_seconds(status.last_failure_at));
            }
            Err(error) => tracing::warn!("Cannot read the backups for /metrics: {error:#}"),
        }
    });
    (StatusCode::OK, [(header::CONTENT_TYPE, metrics::CONTENT_TYPE)], text)
}

/// An instant as Unix seconds; 0 for none.
fn unix_seconds(at: Option<crate::clock::At>) -> i64 {
    at.map_or(0, |at| at.timestamp().as_second())
}

/// `GET /healthz`: the process serves (never asks the database, so it answers at once).
pub async fn healthz() -> &'static str {
    "ok"
}

/// How long `/readyz` waits for the database, so that the probe is answered within a second
/// even while the database is unreachable.
const READY_WAIT: Duration = Duration::from_millis(500);

/// `GET /readyz`: 200 when the database answers within half a second and has every migration
/// this binary knows; 503 with the reason otherwise.
pub async fn readyz(State(db): State<Db>) -> (StatusCode, String) {
    match tokio::time::timeout(READY_WAIT, db.check_ready()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready".to_owned()),
        Ok(Err(error)) => {
            tracing::warn!("Not ready: {error:#}");
            (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {error:#}"))
        }
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: the database did not answer within {} ms", READY_WAIT.as_millis()),
        ),
    }
}

/// Keeps the template of the route that answered (`/api/admin/posts/{id}`) on the answer, so
/// the request is counted and logged by it rather than by its path.
pub async fn keep_route(request: Request, next: middleware::Next) -> Response {
    let matched = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(matched) = matched {
        response.extensions_mut().insert(matched);
    }
    response
}

/// The route template of a page (answered from the cache or by the fallback).
pub fn page_route(path: &str) -> &'static str {
    match path {
        "/" => "/",
        "/services" => "/services",
        "/about" => "/about",
        "/contact" => "/contact",
        "/service-areas" => "/service-areas",
        "/blog" => "/blog",
        "/thank-you" => "/thank-you",
        _ if path.starts_with("/service-areas/") => "/service-areas/{city}",
        _ if path.starts_with("/blog/") => "/blog/{page}",
        _ => "/{other}",
    }
}

/// A route template as a label that lives as long as the process (there are as many as routes).
pub fn intern(template: &str) -> &'static str {
    static TEMPLATES: LazyLock<RwLock<HashSet<&'static str>>> = LazyLock::new(RwLock::default);
    if let Some(known) = TEMPLATES.read().unwrap_or_else(PoisonError::into_inner).get(template) {
        return known;
    }
    let mut templates = TEMPLATES.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = templates.get(template) {
        return known;
    }
    let leaked: &'static str = Box::leak(template.to_owned().into_boxed_str());
    templates.insert(leaked);
    leaked
}
