//! Faults the site must survive: kill -9 under load, providers down across a restart, a full
//! disk, a data directory it cannot write, a sender that panics. Short versions; `make soak`
//! runs longer ones.

use std::{
    collections::{HashMap, HashSet},
    path::{Path, PathBuf},
    process::Command,
    time::Duration,
};

use serde_json::{Value, json};
use trailerworks::{config::StorageConfig, delivery::Channel, error::UNAVAILABLE};

use crate::{
    helpers::{TestStorage, eventually, spawn_app_at, spawn_app_with, storage_args},
    process::Instance,
    stand_ins::{self, Relay},
};

fn booking(submission_id: &str) -> Value {
    json!({
        "submissionId": submission_id, "name": "Jamie Ortiz", "email": "jamie@example.com",
        "phone": "303-555-0188", "details": "The lift is slow.", "answers": [], "website": "", "fillMs": 20000,
    })
}

/// Rounds of: start the binary, 16 clients booking as fast as they can, kill -9 mid-load. Every
/// booking a client was told succeeded must be in the database afterwards.
pub async fn kill_9_under_load(rounds: usize, load_for: Duration) {
    let storage = TestStorage::new().await;
    let mut acknowledged: Vec<String> = Vec::new();
    for round in 0..rounds {
        let instance = Instance::start(&storage.config, &["--booking-rate-limit", "0"]).await;
        let clients: Vec<_> = (0..16)
            .map(|client| {
                let (http, url) = (instance.client.clone(), format!("{}/api/bookings", instance.url));
                tokio::spawn(async move {
                    let mut stored = Vec::new();
                    for n in 0.. {
                        let id = format!("kill-{round}-{client:02}-{n:06}");
                        match http.post(&url).json(&booking(&id)).send().await {
                            Ok(response) if response.status() == 201 => stored.push(id),
                            Ok(response) => panic!("booking answered {}", response.status()),
                            Err(_) => break, // the server is gone
                        }
                    }
                    stored
                })
            })
            .collect();
        tokio::time::sleep(load_for).await;
        instance.kill().await;
        for client in clients {
            acknowledged.extend(client.await.expect("a client ran"));
        }
    }
    assert!(acknowledged.len() >= rounds * 16, "the load ran: {} bookings", acknowledged.len());
    let db = storage.db().await;
    let stored: HashSet<String> = trailerworks::with_db!(&db, |pool| {
        sqlx::query_scalar::<_, String>("SELECT submission_id FROM bookings").fetch_all(pool).await
    })
    .expect("bookings read")
    .into_iter()
    .collect();
    let lost: Vec<_> = acknowledged.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(lost.is_empty(), "{} of {} acknowledged bookings lost: {lost:?}", lost.len(), acknowledged.len());
    if let trailerworks::db::Pool::Sqlite(pool) = &db.pool {
        let check: String =
            sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("checked");
        assert_eq!(check, "ok");
    }
    println!(
        "figure: kill -9 under load | {rounds} rounds of kill -9 during a 16-client booking load | \
         {n} bookings acknowledged, {n} found after restarts, integrity_check ok",
        n = acknowledged.len()
    );
}

#[tokio::test]
async fn every_booking_acknowledged_before_a_kill_9_is_kept() {
    kill_9_under_load(3, Duration::from_millis(800)).await;
}

#[tokio::test]
async fn bookings_made_while_both_providers_are_down_are_each_delivered_once_after_a_restart() {
    providers_down(Duration::from_secs(2)).await;
}

/// The webhook and SMTP server unreachable for `outage`, the server killed and started again
/// halfway, bookings arriving before and after: once both are back, each booking reaches each
/// provider exactly once.
pub async fn providers_down(outage: Duration) {
    let storage = TestStorage::new().await;
    let hook = stand_ins::webhook(0).await;
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let (hook_relay, smtp_relay) = (Relay::in_front_of(&hook.url).await, Relay::in_front_of(&smtp_url).await);
    let (hook_url, smtp_url) = (hook_relay.url(&hook.url), smtp_relay.url(&smtp_url));
    let flags = [
        "--webhook-url",
        hook_url.as_str(),
        "--webhook-access-key",
        "key",
        "--smtp-url",
        smtp_url.as_str(),
        "--mail-from",
        "Trailer Works <bookings@trailers.example.com>",
        "--notify-email",
        "shop@trailers.example.com",
        "--delivery-retry-base-ms",
        "200",
        "--delivery-lease-ms",
        "2000",
        "--booking-rate-limit",
        "0",
    ];
    hook_relay.cut();
    smtp_relay.cut();
    let first = Instance::start(&storage.config, &flags).await;
    for n in 0..6 {
        assert_eq!(first.book(&format!("outage-{n:02}-booking")).await.status(), 201);
    }
    tokio::time::sleep(outage / 2).await; // a few failed tries each
    first.kill().await;
    let second = Instance::start(&storage.config, &flags).await;
    for n in 6..10 {
        assert_eq!(second.book(&format!("outage-{n:02}-booking")).await.status(), 201);
    }
    tokio::time::sleep(outage / 2).await;
    assert!(
        hook.log.requests().is_empty() && mailbox.messages().is_empty(),
        "nothing got through the outage"
    );

    hook_relay.restore();
    smtp_relay.restore();
    // Retries double from 200 ms, so the next try after a long outage may be as far off again.
    let limit = outage * 2 + Duration::from_secs(10);
    let restored = std::time::Instant::now();
    // Each booking is two e-mails: the shop's notification and the visitor's confirmation.
    while hook.log.requests().len() < 10 || mailbox.messages().len() < 20 {
        assert!(restored.elapsed() < limit, "every booking reaches both providers within {limit:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await; // room for a repeat, if there were one
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for request in hook.log.requests() {
        *by_id.entry(request["webhook-id"].clone()).or_default() += 1;
    }
    assert_eq!(by_id.len(), 10);
    assert!(by_id.values().all(|n| *n == 1), "each webhook delivery once: {by_id:?}");
    let message_ids: HashSet<String> = mailbox
        .messages()
        .iter()
        .filter_map(|m| {
            m.lines().find(|l| l.to_ascii_lowercase().starts_with("message-id:")).map(str::to_owned)
        })
        .collect();
    assert_eq!((mailbox.messages().len(), message_ids.len()), (20, 20), "each e-mail once");
    println!(
        "figure: providers down | webhook and SMTP cut for {} s, server restarted during the outage | \
         10 of 10 bookings delivered exactly once to each, {} s after recovery",
        outage.as_secs(),
        restored.elapsed().as_secs()
    );
    second.kill().await;
}

/// A small tmpfs, mounted for one test and unmounted when dropped. Needs root (CI runs as root).
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(options: &str) -> Self {
        let dir = tempfile::tempdir().expect("a mount point");
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(dir.path())
            .status()
            .expect("mount runs");
        assert!(status.success(), "mounting a tmpfs failed: these fault tests need root");
        Self { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("--lazy").arg(self.dir.path()).status();
    }
}

/// Writes a file until the disk is full; its path.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write as _;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).expect("the filler file");
    let chunk = vec![0u8; 64 * 1024];
    while file.write_all(&chunk).is_ok() {}
    let _ = file.sync_all();
    path
}

#[tokio::test]
async fn on_a_full_disk_bookings_get_a_clear_503_and_succeed_again_once_space_is_freed() {
    let disk = SmallDisk::mount("size=6m");
    let data_dir = disk.path().join("data");
    let storage = StorageConfig { data_dir: data_dir.clone(), database_url: None, media_store: None };
    let app = spawn_app_at(storage, |_| {}).await;
    assert_eq!(app.post_json("/api/bookings", &booking("disk-before-full")).await.status(), 201);
    assert_eq!(app.get("/").await.status(), 200);

    let filler = fill(disk.path());
    let mut acknowledged = vec!["disk-before-full".to_owned()];
    let mut refused = 0;
    for n in 0..40 {
        let id = format!("disk-full-{n:02}");
        let mut body = booking(&id);
        body["details"] = json!("x".repeat(1900));
        let response = app.post_json("/api/bookings", &body).await;
        match response.status().as_u16() {
            201 => acknowledged.push(id),
            503 => {
                let answer: Value = response.json().await.expect("JSON");
                assert_eq!(answer["error"], UNAVAILABLE);
                refused += 1;
            }
            other => panic!("a booking on a full disk answered {other}"),
        }
    }
    assert!(refused > 0, "the full disk was noticed");
    assert_eq!(app.get("/").await.status(), 200, "pages keep serving");
    assert_eq!(app.get("/services").await.status(), 200);

    std::fs::remove_file(filler).expect("space is freed");
    eventually("bookings succeed again", || async {
        app.post_json("/api/bookings", &booking("disk-after-freed")).await.status() == 201
    })
    .await;
    acknowledged.push("disk-after-freed".to_owned());
    let db = app.db().await;
    let trailerworks::db::Pool::Sqlite(pool) = &db.pool else {
        unreachable!("the data directory holds SQLite")
    };
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("checked");
    assert_eq!(check, "ok");
    let stored: HashSet<String> = sqlx::query_scalar::<_, String>("SELECT submission_id FROM bookings")
        .fetch_all(pool)
        .await
        .expect("read")
        .into_iter()
        .collect();
    let lost: Vec<_> = acknowledged.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(
        lost.is_empty(),
        "every acknowledged booking is stored; lost {lost:?} of {acknowledged:?}, stored {stored:?}"
    );
    assert_eq!(stored.len(), acknowledged.len(), "no refused booking was half-stored");
    db.close().await;
    app.stop().await;
}

/// `trailerworks serve --data-dir {dir}`'s error output; it must fail to start.
fn start_up_error(data_dir: &Path) -> String {
    let storage = StorageConfig { data_dir: data_dir.to_owned(), database_url: None, media_store: None };
    let output = Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .arg("serve")
        .args(storage_args(&storage))
        .args(["--listen", "127.0.0.1:0"])
        .output()
        .expect("the binary runs");
    assert!(!output.status.success(), "it must not start");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[tokio::test]
async fn a_read_only_or_impossible_data_directory_stops_start_up_naming_the_path_and_the_fix() {
    let disk = SmallDisk::mount("size=1m,ro");
    let message = start_up_error(disk.path());
    assert!(message.contains(&disk.path().display().to_string()), "{message}");
    assert!(message.contains("not writable") && message.contains("--data-dir"), "{message}");

    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a directory").expect("write");
    let inside_a_file = file.join("data");
    let message = start_up_error(&inside_a_file);
    assert!(message.contains(&inside_a_file.display().to_string()), "{message}");
    assert!(message.contains("cannot be created") && message.contains("--data-dir"), "{message}");
}

#[tokio::test]
async fn a_sender_that_panics_fails_its_own_deliveries_while_the_worker_sends_the_rest() {
    let hook = stand_ins::webhook(0).await;
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("key".into());
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
        c.delivery_max_attempts = 2;
        c.planted_panic = Some(Channel::Webhook);
    })
    .await;
    // Each request is left to the worker (no `deliver_due` here): the second one shows that a
    // panic in one send did not stop it.
    for (n, (submission, email)) in
        [("7a1e-panic-first", "jamie@example.com"), ("7a1e-panic-second", "sam@example.com")]
            .into_iter()
            .enumerate()
    {
        let mut request = booking(submission);
        request["email"] = json!(email);
        assert_eq!(app.post_json("/api/bookings", &request).await.status(), 201);
        eventually("the shop's e-mail and the visitor's copy go out", || async {
            mailbox.messages().len() == 2 * (n + 1)
        })
        .await;
    }
    // The panic is each webhook delivery's failure, counted as a try: dead after the last one,
    // with why, rather than claimed again for ever.
    eventually("both webhook deliveries are dead", || async {
        app.count(
            "SELECT COUNT(*) FROM deliveries WHERE channel = 'webhook' AND state = 'dead' AND attempts = 2",
        )
        .await
            == 2
    })
    .await;
    let errors: Vec<(String,)> =
        app.rows("SELECT last_error FROM deliveries WHERE channel = 'webhook'").await;
    assert!(
        errors.iter().all(|(e,)| e.contains("panicked: a panic planted in the webhook sender")),
        "{errors:?}"
    );
    assert!(hook.log.requests().is_empty(), "the webhook sender never got as far as sending");
    assert_eq!(app.count("SELECT COUNT(*) FROM deliveries WHERE state = 'sent'").await, 4);
}
