//! Builds the application from its configuration and runs it until it is told to stop.

use std::{future::Future, net::SocketAddr, sync::Arc, time::Instant};

use anyhow::Context as _;
use tokio::net::TcpListener;

use crate::{
    config::ServeConfig,
    content::Content,
    db,
    pages::{NOT_FOUND_KEY, Site},
    render::Renderer,
    routes::{self, AppState},
    security::SecurityHeaders,
};

pub struct Application {
    listener: TcpListener,
    router: axum::Router,
}

impl Application {
    /// Loads content, opens the database, renders every page and binds the listener.
    pub async fn build(config: &ServeConfig) -> anyhow::Result<Self> {
        let started = Instant::now();
        let content = Content::load(config.content.as_deref())?;
        let db = db::open(&config.data_dir).await?;
        let site = Arc::new(Site { content, public_url: config.public_origin() });
        let renderer = Arc::new(Renderer::start(site, config.render_threads)?);
        // One page now proves the web bundle renders; the rest are rendered in the background
        // (and on demand until then).
        renderer.refresh(NOT_FOUND_KEY).await.context("Failed to render the site")?;
        tokio::spawn({
            let renderer = Arc::clone(&renderer);
            async move { renderer.warm_up().await }
        });
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("Failed to listen on {}", config.listen))?;
        let router = routes::router(AppState { renderer, db }, SecurityHeaders::new(config.is_https()));
        tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "site ready");
        Ok(Self { listener, router })
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until `shutdown` completes, then finishes the requests in flight.
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        axum::serve(self.listener, self.router.into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(shutdown)
            .await
            .context("The server failed")
    }
}

/// Completes on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
