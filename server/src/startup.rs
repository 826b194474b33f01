//! Builds the application from its configuration and runs it until it is told to stop.

use std::{
    future::Future,
    net::SocketAddr,
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context as _;
use tokio::{net::TcpListener, task::JoinHandle};

use crate::{
    auth::guard::AuthDesk,
    booking::routes::BookingDesk,
    config::ServeConfig,
    content::Content,
    db,
    delivery::Outbox,
    media::MediaStore,
    pages::{NOT_FOUND_KEY, Site},
    render::Renderer,
    routes::{self, AppState},
    security::SecurityHeaders,
};

/// How often the booking rate limiter forgets addresses that are within their allowance again.
const LIMITER_CLEANUP: Duration = Duration::from_secs(600);

pub struct Application {
    listener: TcpListener,
    router: axum::Router,
    /// Background work (page warm-up, delivery worker, limiter cleanup), stopped with the server.
    background: Vec<JoinHandle<()>>,
    renderer: Arc<Renderer>,
}

impl Application {
    /// Loads content, opens the database, starts the renderer and the delivery worker, and binds.
    pub async fn build(config: &ServeConfig) -> anyhow::Result<Self> {
        let started = Instant::now();
        let content = Content::load(config.content.as_deref())?;
        let delivery = config.delivery()?;
        let db = db::open(&config.data_dir).await?;
        let site = Arc::new(Site::new(content, config.public_origin()));
        site.load_blog(&db).await?;
        if site.posts().is_empty() {
            tracing::info!("The blog has no posts yet; `trailerworks demo-content` adds sample posts.");
        }
        let renderer = Arc::new(Renderer::start(site, config.render_threads)?);
        // One page now proves the web bundle renders; the rest are rendered in the background
        // (and on demand until then).
        renderer.refresh(NOT_FOUND_KEY).await.context("Failed to render the site")?;
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("Failed to listen on {}", config.listen))?;
        let outbox = Arc::new(Outbox::new(db.clone(), delivery)?);
        let bookings = Arc::new(BookingDesk::new(
            db.clone(),
            Arc::clone(&outbox),
            config.booking_rate_limit,
            Duration::from_millis(config.booking_min_fill_ms),
        ));
        let background = vec![
            tokio::spawn({
                let renderer = Arc::clone(&renderer);
                async move { renderer.warm_up().await }
            }),
            tokio::spawn(outbox.run()),
            tokio::spawn({
                let bookings = Arc::clone(&bookings);
                async move {
                    loop {
                        tokio::time::sleep(LIMITER_CLEANUP).await;
                        bookings.forget_idle_addresses();
                    }
                }
            }),
        ];
        let state = AppState {
            renderer: Arc::clone(&renderer),
            auth: Arc::new(AuthDesk::new(db.clone(), config.is_https())),
            media: Arc::new(MediaStore::new(&config.data_dir, db.clone())),
            db,
            bookings,
        };
        let router = routes::router(state, SecurityHeaders::new(config.is_https()));
        tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "site ready");
        Ok(Self { listener, router, background, renderer })
    }

    /// The page renderer, whose caches a content change refreshes.
    pub fn renderer(&self) -> Arc<Renderer> {
        Arc::clone(&self.renderer)
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until `shutdown` completes, finishes the requests in flight, then stops the
    /// background work. A delivery cut off mid-send stays in the outbox and is sent after restart.
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let served =
            axum::serve(self.listener, self.router.into_make_service_with_connect_info::<SocketAddr>())
                .with_graceful_shutdown(shutdown)
                .await
                .context("The server failed");
        for task in self.background {
            task.abort();
        }
        served
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
