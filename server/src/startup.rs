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
    backup,
    billing::{
        invoice_mail::{InvoiceReminder, InvoiceToCustomer, InvoiceVoided},
        payment_mail::{PaidOnline, PaymentReceipt, RefundNotice},
        quote_mail::{QuoteAnswered, QuoteDesk, QuoteReminder, QuoteToCustomer},
        stripe::StripeClient,
    },
    blog,
    booking::{answer_keys, routes::BookingDesk, today::live_routes::DeskFeed},
    changes::{self, Changes, Follower},
    config::ServeConfig,
    customers,
    db::{Db, Pool},
    delivery::{Outbox, push::PushSender},
    insights::Insights,
    metrics,
    monitor::{self, Monitor},
    pages::PublicPages,
    routes::{App, AppState},
    schedule::{admin_routes::ScheduleDesk, messages::Letters},
    security::SecurityHeaders,
    serve::{self, Limits},
    site::SiteDetails,
    site::content::Content,
    supervisor::{self, MakeTask},
};

/// How long the delivery worker may take to release its claim once told to stop.
const OUTBOX_STOP: Duration = Duration::from_secs(5);

pub struct Application {
    listener: TcpListener,
    app: App,
    limits: Limits,
    /// Background work (page warm-up, change followers, backups, metrics), stopped with the server.
    background: Vec<JoinHandle<()>>,
    /// Held while a scheduled backup runs: the server stops once it is done.
    backup_running: Arc<tokio::sync::Mutex<()>>,
    pages: Arc<PublicPages>,
    /// The delivery worker, told to stop as soon as the server is (it releases what it was sending).
    outbox: Arc<Outbox>,
    outbox_worker: JoinHandle<()>,
    /// The job runner (a test runs what is due with `Runner::settle`).
    jobs: Arc<crate::queue::Runner>,
    /// Visit counts, the last of which are written when the server stops.
    insights: Arc<Insights>,
    /// The admin's live streams, ended as soon as the server is told to stop.
    desk_feed: Arc<DeskFeed>,
}

impl Application {
    /// Loads content, opens the database, starts the renderer and the delivery worker, and binds.
    /// Nothing is rendered yet: pages are rendered when first asked for (the main ones in the
    /// background from now on), so start-up takes as long with ten posts as with ten thousand.
    pub async fn build(config: &ServeConfig) -> anyhow::Result<Self> {
        let started = Instant::now();
        let seed = Content::load(config.content.as_deref())?;
        let proxies = config.trusted_proxies()?;
        let location = config.storage.location();
        let db = Db::open(&location).await?.with_clock(config.clock.clone());
        let reader = db.reader(&location).await?;
        blog::search_index::ensure_index(&db).await?;
        let site = Arc::new(SiteDetails::load(db.clone(), seed).await?);
        let keyed = answer_keys::fill(&db, &site.content().chat).await?;
        if keyed > 0 {
            tracing::info!(keyed, "Gave the answers stored before keys their keys");
        }
        let delivery = config.delivery()?;
        let stripe = config.stripe.settings()?.map(StripeClient::new).transpose()?;
        let media = Arc::new(config.storage.media(db.clone())?);
        let pages = Arc::new(
            PublicPages::start(
                Arc::clone(&site),
                config.public_origin(),
                reader.clone(),
                config.render_threads,
                config.page_cache_bytes(),
                (config.insights().on, config.texts.texting()),
            )
            .context("Failed to start the page renderer")?,
        );
        let desk_feed = Arc::new(DeskFeed::default());
        let changes = Changes::new(vec![
            Arc::clone(&pages) as Arc<dyn Follower>,
            Arc::clone(&desk_feed) as Arc<dyn Follower>,
        ]);
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("Failed to listen on {}", config.listen))?;
        let letters = Arc::new(Letters {
            db: db.clone(),
            reader: reader.clone(),
            site: Arc::clone(&site),
            public_url: config.public_origin(),
        });
        let push = PushSender::load(&db).await?;
        let queue = crate::queue::Queue::default();
        let outbox = Arc::new(Outbox::new(
            (db.clone(), reader),
            delivery,
            Arc::clone(&site),
            (letters, Arc::new(crate::customers::threads::CustomerThreads(db.clone()))),
            (push, changes.clone(), queue.clone()),
        )?);
        let bookings = Arc::new(BookingDesk {
            db: db.clone(),
            outbox: Arc::clone(&outbox),
            per_hour: config.booking_rate_limit,
            min_fill: Duration::from_millis(config.booking_min_fill_ms),
            site: Arc::clone(&site),
            media: Arc::clone(&media),
            inbox_url: format!("{}/dbadmin/bookings", config.public_origin()),
            public_url: config.public_origin(),
            pay_online: stripe.is_some(),
        });
        let quotes = Arc::new(QuoteDesk {
            outbox: Arc::clone(&outbox),
            site: Arc::clone(&site),
            public_url: config.public_origin(),
            stripe,
        });
        let outbox_worker = supervisor::spawn("deliveries", {
            let outbox = Arc::clone(&outbox);
            Box::new(move || Box::pin(Arc::clone(&outbox).run()))
        });
        let runner = {
            let mut runner = crate::queue::Runner::new(
                db.clone(),
                queue,
                crate::queue::RunnerSettings {
                    retry_base: Duration::from_millis(config.delivery_retry_base_ms),
                    max_attempts: config.delivery_max_attempts,
                    lease: Duration::from_millis(config.delivery_lease_ms),
                },
            );
            runner.register::<crate::delivery::text::conversation::Answer>(Arc::clone(&outbox));
            runner.register::<crate::on_call::escalation::Beats>(Arc::clone(&outbox));
            runner.register::<crate::media::forget::ForgetFiles>(Arc::clone(&media));
            runner.register::<blog::publisher::PublishDue>((db.clone(), changes.clone()));
            runner.register::<QuoteToCustomer>(Arc::clone(&quotes));
            runner.register::<QuoteAnswered>(Arc::clone(&quotes));
            runner.register::<QuoteReminder>(Arc::clone(&quotes));
            runner.register::<PaymentReceipt>(Arc::clone(&quotes));
            runner.register::<InvoiceToCustomer>(Arc::clone(&quotes));
            runner.register::<InvoiceReminder>(Arc::clone(&quotes));
            runner.register::<InvoiceVoided>(Arc::clone(&quotes));
            runner.register::<RefundNotice>(Arc::clone(&quotes));
            runner.register::<PaidOnline>(Arc::clone(&quotes));
            Arc::new(runner)
        };
        let insights =
            Arc::new(Insights::new(config.insights(), Arc::clone(&site), db.clone(), Arc::clone(&outbox)));
        // The work beside the requests, in one list, each run made anew when the supervisor
        // restarts it (the delivery worker above is apart: it is stopped first and waited for).
        let mut tasks: Vec<(&'static str, MakeTask)> = vec![
            ("jobs", {
                let runner = Arc::clone(&runner);
                Box::new(move || Box::pin(Arc::clone(&runner).run()))
            }),
            ("jobs written elsewhere", {
                let runner = Arc::clone(&runner);
                Box::new(move || Box::pin(Arc::clone(&runner).hear_other_instances()))
            }),
            ("released deliveries", {
                let outbox = Arc::clone(&outbox);
                Box::new(move || Box::pin(Arc::clone(&outbox).hear_releases()))
            }),
            ("page warm-up", {
                let pages = Arc::clone(&pages);
                Box::new(move || {
                    let pages = Arc::clone(&pages);
                    Box::pin(async move { pages.warm_up().await })
                })
            }),
            ("deleted posts", {
                let db = db.clone();
                Box::new(move || Box::pin(blog::publisher::run(db.clone())))
            }),
            ("customers of earlier requests", {
                let db = db.clone();
                Box::new(move || Box::pin(customers::store::attach_earlier(db.clone())))
            }),
            ("visit counts", {
                let insights = Arc::clone(&insights);
                Box::new(move || Box::pin(Arc::clone(&insights).run()))
            }),
            ("changes made elsewhere", {
                let (pool, changes, site) = (db.pool.clone(), changes.clone(), Arc::clone(&site));
                Box::new(move || match &pool {
                    Pool::Postgres(pool) => Box::pin(changes::follow_other_instances(
                        pool.clone(),
                        changes.clone(),
                        Arc::<SiteDetails>::clone(&site),
                    )),
                    // Only the command line changes the database besides this server.
                    Pool::Sqlite(pool) => Box::pin(changes::follow_other_processes(
                        pool.clone(),
                        changes.clone(),
                        Arc::<SiteDetails>::clone(&site),
                    )),
                })
            }),
        ];
        if let Some(address) = config.metrics_listen {
            metrics::enable();
            let listener = TcpListener::bind(address)
                .await
                .with_context(|| format!("Failed to listen for metrics on {address}"))?;
            tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
            let monitor = Monitor { db: db.clone(), pages: Arc::clone(&pages) };
            let listener = listener.into_std()?;
            tasks.push((
                "metrics",
                Box::new(move || {
                    let (listener, monitor) =
                        (listener.try_clone().and_then(TcpListener::from_std), monitor.clone());
                    Box::pin(async move {
                        match listener {
                            Ok(listener) => monitor::serve(listener, monitor).await,
                            Err(error) => tracing::error!("Cannot listen for metrics again: {error}"),
                        }
                    })
                }),
            ));
        }
        let backup_running = Arc::new(tokio::sync::Mutex::new(()));
        if let Some(schedule) = config.backups.schedule() {
            if matches!(db.pool, Pool::Postgres(_)) && !backup::pg_dump_available().await {
                tracing::warn!(
                    "pg_dump was not found: the scheduled backups into {} will fail until PostgreSQL's client programs are installed",
                    schedule.dir.display()
                );
            }
            let source = Arc::new(backup::periodic::Source {
                db: db.clone(),
                database_url: config.storage.database_url.clone(),
                media: Arc::clone(&media),
                running: Arc::clone(&backup_running),
            });
            tasks.push((
                "scheduled backups",
                Box::new(move || Box::pin(backup::periodic::run(schedule.clone(), Arc::clone(&source)))),
            ));
        }
        let background = tasks.into_iter().map(|(name, make)| supervisor::spawn(name, make)).collect();
        let schedule = Arc::new(ScheduleDesk {
            db: db.clone(),
            site: Arc::clone(&site),
            outbox: Arc::clone(&outbox),
            public_url: config.public_origin(),
        });
        let state = AppState {
            pages: Arc::clone(&pages),
            changes,
            auth: Arc::new(AuthDesk::new(db.clone(), config.is_https(), config.public_origin())),
            media,
            db,
            bookings,
            site,
            schedule,
            insights: Arc::clone(&insights),
            desk_feed: Arc::clone(&desk_feed),
            quotes,
        };
        let limits = Limits::new(&config.connections, proxies.clone());
        let app = App::new(state, SecurityHeaders::new(config.is_https()), proxies)?;
        tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "site ready");
        Ok(Self {
            listener,
            app,
            limits,
            background,
            backup_running,
            pages,
            outbox,
            outbox_worker,
            jobs: runner,
            insights,
            desk_feed,
        })
    }

    /// The public pages and their cache.
    pub fn pages(&self) -> Arc<PublicPages> {
        Arc::clone(&self.pages)
    }

    /// The job runner (a test runs what is due with `Runner::settle`).
    pub fn jobs(&self) -> Arc<crate::queue::Runner> {
        Arc::clone(&self.jobs)
    }

    /// The delivery outbox (a test sends what is due with `Outbox::settle`).
    pub fn outbox(&self) -> Arc<Outbox> {
        Arc::clone(&self.outbox)
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until `shutdown` completes, finishes the requests in flight, then stops the
    /// background work. The delivery worker stops at once: a delivery it was sending is released
    /// for another instance (or the next start) to send.
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let outbox = Arc::clone(&self.outbox);
        let desk_feed = Arc::clone(&self.desk_feed);
        let shutdown = async move {
            shutdown.await;
            outbox.stop();
            desk_feed.close();
        };
        serve::serve(self.listener, self.app, self.limits, shutdown).await;
        if tokio::time::timeout(OUTBOX_STOP, self.outbox_worker).await.is_err() {
            tracing::warn!("The delivery worker did not stop within {} s", OUTBOX_STOP.as_secs());
        }
        // A backup being made is finished first; none starts after.
        let _no_backup = self.backup_running.lock().await;
        for task in self.background {
            task.abort();
        }
        self.insights.write_now().await;
        Ok(())
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
