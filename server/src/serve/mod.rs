//! The HTTP/1.1 server: accepts connections and serves the router on each with hyper directly.
//!
//! axum's own `serve` goes through hyper-util's protocol-detecting builder, which cost about a
//! tenth of the throughput of cached pages here (bench/RESULTS.md); this loop is also where
//! connection limits and timeouts belong.

use std::{future::Future, time::Duration};

use axum::body::Body;
use hyper::{Request, body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
};
use tokio::net::TcpListener;

use crate::routes::App;

/// How long requests in flight may take to finish once the server is told to stop.
const DRAIN: Duration = Duration::from_secs(10);
/// How long to wait before accepting again after accept failed (out of file descriptors, say).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` until `shutdown` completes, then lets the requests in flight
/// finish (for at most `DRAIN`).
pub async fn serve(listener: TcpListener, app: App, shutdown: impl Future<Output = ()>) {
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
        // Responses are written whole; waiting to fill a packet only adds latency.
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = service_fn(move |request: Request<Incoming>| app.handle(request.map(Body::new), peer));
        let connection =
            http1::Builder::new().timer(TokioTimer::new()).serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("Connection from {peer} ended: {error}");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown()).await.is_err() {
        tracing::warn!("Stopped with requests still in flight after {} s", DRAIN.as_secs());
    }
}
