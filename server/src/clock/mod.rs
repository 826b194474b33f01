//! The one clock of the server: every "now" is read here, from the `Clock` the database handle
//! carries (`db.clock`), so a test can move it instead of waiting for the wall clock.
//!
//! The binary built for tests (the `test-clock` feature) can also run the whole process on a
//! pinned clock: `--clock-start` sets where it starts, and `POST /test-clock` moves it on
//! (`pinned`). The release binary has neither.
//!
//! An instant is stored and sent as an `At`.

use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

use jiff::{SignedDuration, Timestamp, tz::TimeZone};
use tokio::sync::watch;

mod at;
pub use at::At;

#[cfg(feature = "test-clock")]
pub mod pinned;

/// The time of the server: the wall clock (or the process's pinned clock in a build for tests),
/// or a clock a test moves.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    moved: Option<Arc<Moved>>,
}

/// How far a test has moved its clock from the wall clock (ahead, or behind for a start in the
/// past), and a signal to sleepers that it has moved.
#[derive(Debug)]
struct Moved {
    ahead_ms: AtomicI64,
    advanced: watch::Sender<()>,
}

impl Moved {
    fn starting_at(start: Timestamp) -> Self {
        let (advanced, _) = watch::channel(());
        let ahead = start.duration_since(Timestamp::now()).as_millis();
        Self { ahead_ms: AtomicI64::new(i64::try_from(ahead).unwrap_or(0)), advanced }
    }

    fn now(&self) -> Timestamp {
        Timestamp::now() + SignedDuration::from_millis(self.ahead_ms.load(Ordering::Acquire))
    }

    fn advance(&self, by: Duration) {
        let millis = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.ahead_ms.fetch_add(millis, Ordering::AcqRel);
        self.advanced.send_replace(());
    }
}

impl Clock {
    /// The wall clock (in a build for tests started with `--clock-start`, the process's pinned
    /// clock).
    pub fn system() -> Self {
        Self::default()
    }

    /// The clock this one follows when a test moves it.
    fn moved(&self) -> Option<&Moved> {
        #[cfg(feature = "test-clock")]
        return self.moved.as_deref().or_else(|| pinned::clock());
        #[cfg(not(feature = "test-clock"))]
        self.moved.as_deref()
    }

    pub fn now(&self) -> Timestamp {
        self.moved().map_or_else(Timestamp::now, Moved::now)
    }

    /// Now, as stored.
    pub fn stamp(&self) -> At {
        At::from(self.now())
    }

    /// The instant `delay` from now, as stored.
    pub fn stamp_after(&self, delay: Duration) -> At {
        At::from(self.now() + delay)
    }

    /// The instant `delay` ago, as stored.
    pub fn stamp_before(&self, delay: Duration) -> At {
        At::from(self.now() - delay)
    }

    /// Today's date on the clock of `zone`.
    pub fn today(&self, zone: &TimeZone) -> jiff::civil::Date {
        self.now().to_zoned(zone.clone()).date()
    }

    /// Waits `delay` of this clock's time: on a moved clock, also ends as soon as a test moves
    /// it past the end (so a schedule, a retry or a backup is due at once, not after a real wait).
    pub async fn sleep(&self, delay: Duration) {
        let Some(moved) = self.moved() else {
            return tokio::time::sleep(delay).await;
        };
        let until = self.now() + delay;
        let mut advanced = moved.advanced.subscribe();
        loop {
            let left = until.duration_since(self.now());
            if left <= SignedDuration::ZERO {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep(left.unsigned_abs()) => {}
                _ = advanced.changed() => {}
            }
        }
    }
}

/// A clock for tests: it starts at a given instant, runs at the wall clock's pace from there,
/// and moves ahead when `advance` says.
#[derive(Clone, Debug)]
pub struct TestClock(Clock);

impl TestClock {
    /// A clock that reads `start` now.
    pub fn starting_at(start: Timestamp) -> Self {
        Self(Clock { moved: Some(Arc::new(Moved::starting_at(start))) })
    }

    /// The clock to give the server.
    pub fn clock(&self) -> Clock {
        self.0.clone()
    }

    /// Moves the clock `by` ahead, and wakes whatever sleeps on it.
    pub fn advance(&self, by: Duration) {
        if let Some(moved) = &self.0.moved {
            moved.advance(by);
        }
    }

    pub fn now(&self) -> Timestamp {
        self.0.now()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Timestamp {
        "2026-02-28T23:30:00Z".parse().unwrap()
    }

    #[test]
    fn a_test_clock_starts_where_it_is_told_and_moves_ahead() {
        let test = TestClock::starting_at(start());
        let clock = test.clock();
        let since_start = clock.now().duration_since(start());
        assert!(since_start >= SignedDuration::ZERO && since_start < SignedDuration::from_secs(60));
        let before = clock.now();
        test.advance(Duration::from_secs(3600));
        let moved = clock.now().duration_since(before);
        assert!(
            moved >= SignedDuration::from_secs(3600) && moved < SignedDuration::from_secs(3660),
            "{moved:?}"
        );
    }

    #[tokio::test]
    async fn a_sleep_ends_when_the_clock_is_moved_past_it() {
        let test = TestClock::starting_at(start());
        let clock = test.clock();
        let sleeper = tokio::spawn(async move { clock.sleep(Duration::from_secs(3600)).await });
        tokio::task::yield_now().await;
        test.advance(Duration::from_secs(1800));
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(!sleeper.is_finished(), "half way is not there yet");
        test.advance(Duration::from_secs(1800));
        tokio::time::timeout(Duration::from_secs(5), sleeper).await.unwrap().unwrap();
    }
}
