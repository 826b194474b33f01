//! One queue for the work done later, or again until it is done (the `jobs` table): a job is a
//! kind and its data as JSON, written inside the transaction of the change that asks for it
//! (`JobWrites::enqueue`), and run by the handler of its kind that start-up registered
//! (`Runner::register`). A job that fails is tried again after a wait that doubles, with jitter;
//! after its last try it is given up (kept, with its error, and its handler told). A job that
//! panics fails like one that returns an error; the runner goes on with the others. A new kind is
//! one type that implements `Job` and one `register` call: no column, constraint or match arm.

mod job;
pub mod notices;
mod runner;
mod store;

pub use job::{Job, Queue, Ran};
pub use runner::{Runner, RunnerSettings};
pub use store::{GivenUp, JobWrites, given_up};
