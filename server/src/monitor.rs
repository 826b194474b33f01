//! `/metrics` for whoever runs the server, on its own listener (`--metrics-listen`), away from
//! the public site: the counts `metrics` keeps, and figures read at each scrape (the page
//! cache's size, the outbox's depth, the database pool, the last scheduled backups).

use std::{sync::Arc, time::Duration};

use axum::{
    Router,
    extract::State,
    http::{StatusCode, header},
    response::IntoResponse,
    routing::get,
};
use tokio::net::TcpListener;

use crate::{backup::schedule::Status, db::Db, delivery::store, metrics, pages::PublicPages};

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
    let depth = store::depth(&monitor.db).await;
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
        gauges.pool_wait_seconds.set(wait.map_or(POOL_WAIT_LIMIT, |wait| wait).as_secs_f64());
        match &depth {
            Ok((states, oldest)) => {
                for state in ["pending", "sent", "dead", "cancelled"] {
                    let count =
                        states.iter().find(|(named, _)| named == state).map_or(0, |(_, count)| *count);
                    gauges.outbox_state(state, count);
                }
                gauges.outbox_oldest_pending_seconds.set(oldest.unwrap_or(0.0));
            }
            Err(error) => tracing::warn!("Cannot read the outbox for /metrics: {error:#}"),
        }
        match &backups {
            Ok(status) => {
                gauges.backup_last_success.set(unix_seconds(status.last_success_at.as_deref()));
                gauges.backup_last_failure.set(unix_seconds(status.last_failure_at.as_deref()));
            }
            Err(error) => tracing::warn!("Cannot read the backups for /metrics: {error:#}"),
        }
    });
    (StatusCode::OK, [(header::CONTENT_TYPE, metrics::CONTENT_TYPE)], text)
}

/// A stored timestamp as Unix seconds; 0 for none.
fn unix_seconds(at: Option<&str>) -> i64 {
    at.and_then(crate::clock::instant).map_or(0, |at| at.as_second())
}
