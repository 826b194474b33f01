//! The runner: claims the due jobs of the kinds it has handlers for, runs each under
//! `error::caught` (a panic fails its job, never the runner), records how it ended, and sleeps
//! until the next job is due or it is woken.

use std::{collections::HashMap, marker::PhantomData, sync::Arc, time::Duration};

use anyhow::Context as _;
use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use futures_util::future::{BoxFuture, join_all};
use tokio::sync::watch;

use super::{
    Job, Queue, Ran, notices,
    store::{self, Claimed, Outcome},
};
use crate::{
    clock::At,
    db::{Db, Pool},
    error::caught,
};

/// Jobs one instance runs at once.
const AT_ONCE: usize = 4;
/// The runner looks for due jobs at least this often, even when nothing wakes it.
const IDLE_POLL: Duration = Duration::from_secs(30);
/// Longest wait between two tries of one job.
const MAX_BACKOFF: Duration = Duration::from_secs(6 * 60 * 60);

#[derive(Clone, Copy, Debug)]
pub struct RunnerSettings {
    /// The wait before the first retry; each later retry waits twice as long (with up to a
    /// quarter more, at random, so jobs that failed together are not tried together).
    pub retry_base: Duration,
    /// After this many failed tries a job is given up.
    pub max_attempts: u32,
    /// How long a claimed job is reserved for the instance running it; if that instance dies, the
    /// job is due again when its lease ends.
    pub lease: Duration,
}

/// A kind's handler, its job's type erased.
trait Handler: Send + Sync {
    fn run(&self, payload: &str) -> BoxFuture<'static, anyhow::Result<Ran>>;
    fn given_up(&self, payload: &str, error: String) -> BoxFuture<'static, anyhow::Result<()>>;
}

struct Typed<J: Job> {
    context: J::Context,
    job: PhantomData<fn() -> J>,
}

impl<J: Job> Typed<J> {
    fn job(payload: &str) -> anyhow::Result<J> {
        serde_json::from_str(payload).with_context(|| format!("a {} job's payload cannot be read", J::KIND))
    }
}

impl<J: Job> Handler for Typed<J> {
    fn run(&self, payload: &str) -> BoxFuture<'static, anyhow::Result<Ran>> {
        let (job, context) = (Self::job(payload), self.context.clone());
        Box::pin(async move { job?.run(context).await })
    }

    fn given_up(&self, payload: &str, error: String) -> BoxFuture<'static, anyhow::Result<()>> {
        let (job, context) = (Self::job(payload), self.context.clone());
        Box::pin(async move { job?.given_up(context, error).await })
    }
}

pub struct Runner {
    db: Db,
    queue: Queue,
    settings: RunnerSettings,
    handlers: HashMap<&'static str, Arc<dyn Handler>>,
    /// How many `run_due` calls are claiming or running jobs now (`settle` waits for none).
    running: watch::Sender<usize>,
}

impl Runner {
    pub fn new(db: Db, queue: Queue, settings: RunnerSettings) -> Self {
        Self { db, queue, settings, handlers: HashMap::new(), running: watch::Sender::new(0) }
    }

    /// Runs the jobs of kind `J` with `context`.
    pub fn register<J: Job>(&mut self, context: J::Context) {
        let handler = Arc::new(Typed::<J> { context, job: PhantomData });
        let earlier = self.handlers.insert(J::KIND, handler);
        assert!(earlier.is_none(), "two handlers of the job kind {}", J::KIND);
    }

    fn kinds(&self) -> Vec<&'static str> {
        self.handlers.keys().copied().collect()
    }

    /// Runs what is due, then sleeps until the next job is due or the runner is woken; forever
    /// (under the supervisor, which starts it again after a panic outside a job).
    pub async fn run(self: Arc<Self>) {
        loop {
            if let Err(error) = self.run_due().await {
                tracing::error!("The job runner failed: {error:#}");
            }
            tokio::select! {
                () = self.queue.woken() => {}
                () = self.until_next_due() => {}
            }
        }
    }

    /// Runs every job due now, `AT_ONCE` at a time; how many tries were made.
    pub async fn run_due(&self) -> anyhow::Result<usize> {
        let _running = Running::start(&self.running);
        let kinds = self.kinds();
        let mut tried = 0;
        loop {
            let lease_ends = At::from(self.db.clock.now() + self.settings.lease);
            let claimed = store::claim(&self.db, &kinds, AT_ONCE, lease_ends).await?;
            if claimed.is_empty() {
                return Ok(tried);
            }
            tried += claimed.len();
            for result in join_all(claimed.iter().map(|job| self.try_once(job))).await {
                result?;
            }
        }
    }

    /// Runs everything due now, here or by the runner's task, and returns once none is running:
    /// what a test waits on instead of polling for a job's effect. How many tries it made here.
    pub async fn settle(&self) -> anyhow::Result<usize> {
        let mut running = self.running.subscribe();
        let mut tried = 0;
        loop {
            tried += self.run_due().await?;
            running.wait_for(|count| *count == 0).await?;
            let next = store::next_due(&self.db, &self.kinds()).await?;
            if next.is_none_or(|at| at > self.db.clock.stamp()) {
                return Ok(tried);
            }
        }
    }

    /// One try of `claimed`, recorded.
    async fn try_once(&self, claimed: &Claimed) -> anyhow::Result<()> {
        let handler = self.handlers.get(claimed.kind.as_str()).context("a job of a kind with no handler")?;
        let outcome = match caught("a job", handler.run(&claimed.payload)).await {
            Ok(Ran::Done) => Outcome::Done,
            Ok(Ran::Later(at)) => Outcome::Later(at),
            Err(error) => {
                let error = format!("{error:#}");
                let last = claimed.attempts >= i64::from(self.settings.max_attempts.max(1));
                tracing::warn!(job = claimed.id, kind = claimed.kind, last, "A job failed: {error}");
                Outcome::Failed { error, retry_at: (!last).then(|| self.retry_at(claimed.attempts)) }
            }
        };
        store::finish(&self.db, claimed, &outcome).await?;
        if let Outcome::Failed { error, retry_at: None } = outcome
            && let Err(error) = caught("a job given up", handler.given_up(&claimed.payload, error)).await
        {
            tracing::error!(
                job = claimed.id,
                kind = claimed.kind,
                "A given-up job's handler failed: {error:#}"
            );
        }
        Ok(())
    }

    /// When try `attempts + 1` is due: the base wait doubled per earlier try, up to
    /// `MAX_BACKOFF`, with up to a quarter more at random.
    fn retry_at(&self, attempts: i64) -> At {
        let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(u32::MAX).min(20);
        let wait = self.settings.retry_base.saturating_mul(1 << doublings).min(MAX_BACKOFF);
        let jitter = wait.mul_f64(f64::from(OsRng.next_u32()) / f64::from(u32::MAX) / 4.0);
        At::from(self.db.clock.now() + (wait + jitter))
    }

    async fn until_next_due(&self) {
        let wait = match store::next_due(&self.db, &self.kinds()).await {
            Ok(Some(at)) => Duration::try_from(at.timestamp().duration_since(self.db.clock.now()))
                .unwrap_or(Duration::ZERO),
            Ok(None) | Err(_) => IDLE_POLL,
        };
        self.db.clock.sleep(wait.min(IDLE_POLL)).await;
    }

    /// On PostgreSQL, wakes the runner whenever another instance wrote a job (runs until aborted,
    /// under the supervisor); on SQLite only this process writes jobs, and it returns at once.
    pub async fn hear_other_instances(self: Arc<Self>) {
        let Pool::Postgres(pool) = &self.db.pool else { return };
        notices::hear(pool, store::WRITTEN_CHANNEL, "the jobs other instances write", || self.queue.wake())
            .await;
    }
}

/// A `run_due` under way, counted while it lives (also when it panics).
struct Running<'a>(&'a watch::Sender<usize>);

impl<'a> Running<'a> {
    fn start(running: &'a watch::Sender<usize>) -> Self {
        running.send_modify(|count| *count += 1);
        Self(running)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.send_modify(|count| *count -= 1);
    }
}
