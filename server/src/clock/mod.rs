//! The one clock of the server: every "now" is read here, from the `Clock` the database handle
//! carries (`db.clock`), so a test can move it instead of waiting for the wall clock.
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

/// The time of the server: the wall clock, or a clock a test moves ahead of it.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    moved: Option<Arc<Moved>>,
}

/// How far a test has moved its clock ahead of the wall clock, and a signal to sleepers that it
/// has moved.
#[derive(Debug)]
struct Moved {
    ahead_ms: AtomicI64,
    advanced: watch::Sender<()>,
}

impl Clock {
    /// The wall clock.
    pub fn system() -> Self {
        Self::default()
    }

    pub fn now(&self) -> Timestamp {
        let wall = Timestamp::now();
        match &self.moved {
            None => wall,
            Some(moved) => wall + SignedDuration::from_millis(moved.ahead_ms.load(Ordering::Acquire)),
        }
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
        let Some(moved) = &self.moved else {
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

/// A clock for tests: the wall clock until `advance` moves it ahead.
#[derive(Clone, Debug)]
pub struct TestClock(Clock);

impl Default for TestClock {
    fn default() -> Self {
        let (advanced, _) = watch::channel(());
        Self(Clock { moved: Some(Arc::new(Moved { ahead_ms: AtomicI64::new(0), advanced })) })
    }
}

impl TestClock {
    /// The clock to give the server.
    pub fn clock(&self) -> Clock {
        self.0.clone()
    }

    /// Moves the clock `by` ahead, and wakes whatever sleeps on it.
    pub fn advance(&self, by: Duration) {
        if let Some(moved) = &self.0.moved {
            let millis = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
            moved.ahead_ms.fetch_add(millis, Ordering::AcqRel);
            moved.advanced.send_replace(());
        }
    }

    pub fn now(&self) -> Timestamp {
        self.0.now()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_clock_moves_ahead_of_the_wall_clock() {
        let test = TestClock::default();
        let clock = test.clock();
        let before = clock.now();
        test.advance(Duration::from_secs(3600));
        let moved = clock.now().duration_since(before);
        assert!(
            moved >= SignedDuration::from_secs(3600) && moved < SignedDuration::from_secs(3660),
            "{moved:?}"
        );
        assert!(Clock::system().now() < clock.now());
    }

    #[tokio::test]
    async fn a_sleep_ends_when_the_clock_is_moved_past_it() {
        let test = TestClock::default();
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
