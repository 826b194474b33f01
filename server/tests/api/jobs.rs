//! The job queue on its own: kinds the tests register on a runner of their own beside the app's,
//! on the app's database and clock. A kind that panics fails its job and no other; a failing job
//! is tried again after a wait that doubles and is given up after its last try; a dedupe key
//! writes one job; a job that answers "later" runs then without counting a try.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use serde::{Deserialize, Serialize};
use trailerworks::{
    clock::At,
    db::Db,
    queue::{self, Job, JobWrites as _, Queue, Ran, Runner, RunnerSettings},
    with_db,
};

use crate::helpers::{TestApp, spawn_app};

/// What the test kinds did, in order.
type Log = Arc<Mutex<Vec<String>>>;

fn said(log: &Log, line: String) {
    log.lock().expect("the log").push(line);
}

fn lines(log: &Log) -> Vec<String> {
    log.lock().expect("the log").clone()
}

#[derive(Serialize, Deserialize)]
struct Counted(u32);

impl Job for Counted {
    const KIND: &'static str = "test-counted";
    type Context = Log;

    async fn run(self, log: Log) -> anyhow::Result<Ran> {
        said(&log, format!("counted {}", self.0));
        Ok(Ran::Done)
    }
}

#[derive(Serialize, Deserialize)]
struct Panics;

impl Job for Panics {
    const KIND: &'static str = "test-panics";
    type Context = Log;

    async fn run(self, _log: Log) -> anyhow::Result<Ran> {
        panic!("a panic planted in a job")
    }
}

#[derive(Serialize, Deserialize)]
struct Fails;

impl Job for Fails {
    const KIND: &'static str = "test-fails";
    type Context = Log;

    async fn run(self, log: Log) -> anyhow::Result<Ran> {
        said(&log, "tried".to_owned());
        anyhow::bail!("the provider is down")
    }

    async fn given_up(self, log: Log, error: String) -> anyhow::Result<()> {
        said(&log, format!("given up: {error}"));
        Ok(())
    }
}

/// Runs an hour later the first time, then is done.
#[derive(Serialize, Deserialize)]
struct Waits;

impl Job for Waits {
    const KIND: &'static str = "test-waits";
    type Context = (Log, Db);

    async fn run(self, (log, db): (Log, Db)) -> anyhow::Result<Ran> {
        if lines(&log).is_empty() {
            said(&log, "not now".to_owned());
            return Ok(Ran::Later(At::from(db.clock.now() + Duration::from_secs(3600))));
        }
        said(&log, "done".to_owned());
        Ok(Ran::Done)
    }
}

const SETTINGS: RunnerSettings =
    RunnerSettings { retry_base: Duration::from_secs(60), max_attempts: 3, lease: Duration::from_secs(60) };

/// A runner of the test kinds on `app`'s database, and what they did.
async fn runner(app: &TestApp) -> (Runner, Log, Db) {
    let db = app.db().await;
    let log = Log::default();
    let mut runner = Runner::new(db.clone(), Queue::default(), SETTINGS);
    runner.register::<Counted>(Arc::clone(&log));
    runner.register::<Panics>(Arc::clone(&log));
    runner.register::<Fails>(Arc::clone(&log));
    runner.register::<Waits>((Arc::clone(&log), db.clone()));
    (runner, log, db)
}

/// Writes `job` due now; whether it was written.
async fn enqueue<J: Job>(db: &Db, job: &J, key: Option<&str>) -> bool {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await.expect("a connection");
        connection.enqueue(job, key, &now, &now).await.expect("the job is written")
    })
}

async fn tried(runner: &Runner) -> usize {
    runner.run_due().await.expect("the runner runs")
}

#[tokio::test]
async fn a_job_kind_that_panics_fails_its_job_and_the_other_kinds_still_run() {
    let app = spawn_app().await;
    let (runner, log, db) = runner(&app).await;
    assert!(enqueue(&db, &Counted(1), None).await);
    assert!(enqueue(&db, &Panics, None).await);
    assert!(enqueue(&db, &Counted(2), None).await);
    assert_eq!(tried(&runner).await, 3);
    let mut counted = lines(&log);
    counted.sort();
    assert_eq!(counted, ["counted 1", "counted 2"]);
    // The panicking job waits for its next try; the runner goes on.
    assert!(enqueue(&db, &Counted(3), None).await);
    assert_eq!(tried(&runner).await, 1);
    assert_eq!(lines(&log).last().map(String::as_str), Some("counted 3"));
    assert_eq!(app.count("SELECT COUNT(*) FROM jobs WHERE kind = 'test-panics'").await, 1);
    let errors = app.rows::<(String,)>("SELECT last_error FROM jobs WHERE kind = 'test-panics'").await;
    assert!(errors[0].0.contains("a panic planted in a job"), "{errors:?}");
}

#[tokio::test]
async fn a_failing_job_is_tried_again_after_a_doubling_wait_and_given_up_after_its_last_try() {
    let app = spawn_app().await;
    let (runner, log, db) = runner(&app).await;
    enqueue(&db, &Fails, None).await;
    assert_eq!(tried(&runner).await, 1);
    assert_eq!(tried(&runner).await, 0, "not before the first wait (60 s)");
    app.clock.advance(Duration::from_secs(59));
    assert_eq!(tried(&runner).await, 0);
    app.clock.advance(Duration::from_secs(17));
    assert_eq!(tried(&runner).await, 1, "after 60 s and at most a quarter more");
    app.clock.advance(Duration::from_secs(119));
    assert_eq!(tried(&runner).await, 0, "the second wait is twice the first");
    app.clock.advance(Duration::from_secs(32));
    assert_eq!(tried(&runner).await, 1);
    assert_eq!(lines(&log), ["tried", "tried", "tried", "given up: the provider is down"]);
    app.clock.advance(Duration::from_secs(24 * 3600));
    assert_eq!(tried(&runner).await, 0, "a job given up is not tried again");
    let given_up = queue::given_up(&db).await.expect("the given-up jobs");
    assert_eq!(given_up.len(), 1);
    assert_eq!(given_up[0].kind, "test-fails");
    assert_eq!(given_up[0].last_error.as_deref(), Some("the provider is down"));
}

#[tokio::test]
async fn a_dedupe_key_writes_one_job_while_it_waits() {
    let app = spawn_app().await;
    let (runner, log, db) = runner(&app).await;
    assert!(enqueue(&db, &Counted(1), Some("reminder-7")).await);
    assert!(!enqueue(&db, &Counted(2), Some("reminder-7")).await);
    assert!(enqueue(&db, &Counted(3), Some("reminder-8")).await);
    assert_eq!(tried(&runner).await, 2);
    let mut counted = lines(&log);
    counted.sort();
    assert_eq!(counted, ["counted 1", "counted 3"]);
    // Done, it is gone: the key may be used again.
    assert!(enqueue(&db, &Counted(4), Some("reminder-7")).await);
}

#[tokio::test]
async fn a_job_that_answers_later_runs_then_without_counting_a_try() {
    let app = spawn_app().await;
    let (runner, log, db) = runner(&app).await;
    enqueue(&db, &Waits, None).await;
    assert_eq!(tried(&runner).await, 1);
    assert_eq!(app.count("SELECT attempts FROM jobs").await, 0);
    app.clock.advance(Duration::from_secs(3599));
    assert_eq!(tried(&runner).await, 0);
    app.clock.advance(Duration::from_secs(1));
    assert_eq!(tried(&runner).await, 1);
    assert_eq!(lines(&log), ["not now", "done"]);
    assert_eq!(app.count("SELECT COUNT(*) FROM jobs").await, 0);
}
