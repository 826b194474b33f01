//! The work beside the requests (the delivery worker, page warm-up, scheduled posts, visit
//! counts, changes made elsewhere, metrics, backups) runs under one supervisor: a task that panics
//! is logged, counted in the metrics (`panics{at="<task>"}`) and started again after a wait that
//! doubles up to a minute, so scheduled posts keep going live without a restart. A task that
//! returns is done. Inside a task, one piece of work that panics (a delivery, an escalation step)
//! fails alone with `error::caught`, and the task goes on.

use std::{future::Future, panic::AssertUnwindSafe, pin::Pin, time::Duration};

use futures_util::FutureExt as _;
use tokio::task::JoinHandle;

use crate::{error::panic_message, metrics};

/// One run of a piece of background work.
pub type Task = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Makes a new run of a task, for its first start and each restart.
pub type MakeTask = Box<dyn Fn() -> Task + Send + Sync>;

const FIRST_WAIT: Duration = Duration::from_secs(1);
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// Runs `make`'s task, again after each panic, until it returns or the handle is aborted (which
/// stops the run in progress too).
pub fn spawn(name: &'static str, make: MakeTask) -> JoinHandle<()> {
    supervise(name, make, FIRST_WAIT)
}

/// `spawn`, waiting `first_wait` before the first restart.
fn supervise(name: &'static str, make: MakeTask, first_wait: Duration) -> JoinHandle<()> {
    tracing::debug!(task = name, "started");
    tokio::spawn(async move {
        let mut wait = first_wait;
        while let Err(panic) = AssertUnwindSafe(make()).catch_unwind().await {
            tracing::error!(
                task = name,
                "A background task panicked ({}); it starts again in {:.0} s",
                panic_message(panic.as_ref()),
                wait.as_secs_f32()
            );
            metrics::panicked(name);
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(LONGEST_WAIT);
        }
    })
}

#[cfg(test)]
mod tests {
    use std::sync::{
        Arc,
        atomic::{AtomicU32, Ordering},
    };

    use super::*;

    #[tokio::test]
    async fn a_task_that_panics_is_started_again_and_one_that_returns_is_done() {
        let runs = Arc::new(AtomicU32::new(0));
        let counted = Arc::clone(&runs);
        let handle = supervise(
            "flaky",
            Box::new(move || {
                let runs = Arc::clone(&counted);
                Box::pin(async move {
                    if runs.fetch_add(1, Ordering::SeqCst) < 2 {
                        panic!("the second of the month has no 30th");
                    }
                })
            }),
            Duration::from_millis(1),
        );
        handle.await.expect("the supervisor itself never panics");
        assert_eq!(runs.load(Ordering::SeqCst), 3, "two panics, then a run that returned");
    }
}
