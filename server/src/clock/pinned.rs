//! The process's pinned clock, in the binary built for tests only: `--clock-start` pins every
//! clock of the process (the server's, and the commands' that write rows) to start at an instant,
//! and `POST /test-clock` moves it ahead, so a browser test runs at a date it chooses and moves
//! time instead of rewriting rows.

use std::{sync::OnceLock, time::Duration};

use jiff::Timestamp;

use super::Moved;

static PINNED: OnceLock<Moved> = OnceLock::new();

/// Pins the process's clock to read `start` now; a second call changes nothing.
pub fn pin(start: Timestamp) {
    let _ = PINNED.set(Moved::starting_at(start));
}

/// The pinned clock, if the process has one.
pub(super) fn clock() -> Option<&'static Moved> {
    PINNED.get()
}

/// Moves the pinned clock `by` ahead and wakes whatever sleeps on it; false when the process runs
/// on the wall clock.
pub fn advance(by: Duration) -> bool {
    clock().inspect(|moved| moved.advance(by)).is_some()
}
