//! A kind of job, how its run ended, and the wake-up call of this instance's runner.

use std::{future::Future, sync::Arc};

use serde::{Serialize, de::DeserializeOwned};
use tokio::sync::Notify;

use crate::clock::At;

/// A kind of job: its data (serialised as the job's payload) and what running it does.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The kind as stored; never changed once jobs of it may wait.
    const KIND: &'static str;
    /// What the handler works with (the senders, the database), given at registration.
    type Context: Clone + Send + Sync + 'static;

    fn run(self, context: Self::Context) -> impl Future<Output = anyhow::Result<Ran>> + Send;

    /// Told once when the job is given up after its last try failed with `error`.
    fn given_up(
        self,
        context: Self::Context,
        error: String,
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        let _ = (context, error);
        async { Ok(()) }
    }
}

/// How a run of a job ended, short of an error.
#[derive(Debug, PartialEq, Eq)]
pub enum Ran {
    Done,
    /// Not now: it runs again then, without counting as a try (a text at night).
    Later(At),
}

/// Wakes the runner of this instance when a job was written (on PostgreSQL the runners of the
/// other instances hear of it through `JobWrites::enqueue`'s notification).
#[derive(Clone, Default)]
pub struct Queue(Arc<Notify>);

impl Queue {
    /// Call after the transaction that enqueued a job committed.
    pub fn wake(&self) {
        self.0.notify_one();
    }

    pub(super) async fn woken(&self) {
        self.0.notified().await;
    }
}
