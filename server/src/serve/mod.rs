//! The HTTP/1.1 server: accepts connections and serves the router on each with hyper directly.
//!
//! axum's own `serve` goes through hyper-util's protocol-detecting builder, which cost about a
//! tenth of the throughput of cached pages here (bench/RESULTS.md). This loop is also where the
//! server defends itself as nginx would: a cap on connections in all and per address, a time
//! limit on headers (which also closes idle keep-alive connections) and on bodies.

mod admission;
mod deadline;

use std::{future::Future, sync::Arc, time::Duration};

use hyper::{Request, body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
};
use tokio::net::{TcpListener, TcpStream};

use self::admission::{Admission, Refusal};
use crate::{client_address::TrustedProxies, config::ConnectionSettings, metrics, routes::App};

/// How long requests in flight may take to finish once the server is told to stop.
const DRAIN: Duration = Duration::from_secs(10);
/// How long to wait before accepting again after accept failed (out of file descriptors, say).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Open files kept for everything but connections (the database, uploads, the listener).
const RESERVED_FILES: u64 = 256;
/// What a connection past the caps hears before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
Content-Length: 37\r\nRetry-After: 5\r\nConnection: close\r\n\r\nToo many connections; try again soon.";

/// How connections are limited.
#[derive(Debug, Clone)]
pub struct Limits {
    admission: Arc<Admission>,
    header_timeout: Duration,
    body_timeout: Duration,
}

impl Limits {
    /// The limits `settings` ask for. The open-files limit is raised to the most the system
    /// allows first, and the connection cap kept below it, so a full server refuses connections
    /// quickly instead of failing to accept them.
    pub fn new(settings: &ConnectionSettings, proxies: TrustedProxies) -> Self {
        let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
        let affordable = usize::try_from(files.saturating_sub(RESERVED_FILES).max(16)).unwrap_or(usize::MAX);
        let max = settings.max_connections.min(affordable);
        if max < settings.max_connections {
            tracing::warn!(
                "Serving at most {max} connections, not {}: the open-files limit is {files}",
                settings.max_connections
            );
        }
        Self {
            admission: Admission::new(max, settings.max_connections_per_address, proxies),
            header_timeout: Duration::from_millis(settings.header_timeout_ms),
            body_timeout: Duration::from_millis(settings.body_timeout_ms),
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the requests
/// in flight finish (for at most `DRAIN`).
pub async fn serve(listener: TcpListener, app: App, limits: Limits, shutdown: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!("Failed to accept a connection: {error}");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let pass = match limits.admission.admit(peer.ip()) {
            Ok(pass) => pass,
            Err(refusal) => {
                turn_away(&stream, refusal);
                continue;
            }
        };
        // Responses are written whole; waiting to fill a packet only adds latency.
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let body_timeout = limits.body_timeout;
        let service = service_fn(move |request: Request<Incoming>| {
            app.handle(request.map(|body| deadline::with_deadline(body, body_timeout)), peer)
        });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("Connection from {peer} ended: {error}");
            }
            drop(pass);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown()).await.is_err() {
        tracing::warn!("Stopped with requests still in flight after {} s", DRAIN.as_secs());
    }
}

/// Answers a connection past the caps with a short 503 (if its socket takes it at once) and
/// closes it, without reading anything.
fn turn_away(stream: &TcpStream, refusal: Refusal) {
    tracing::debug!("Connection refused: {refusal:?}");
    metrics::connection_refused(refusal.reason());
    let _ = stream.try_write(BUSY);
}
