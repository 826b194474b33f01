//! Running the server as a service: /metrics on its own listener, JSON logs with request ids,
//! scheduled backups with their status on the dashboard, and `trailerworks doctor`.

use std::{collections::HashMap, time::Duration};

use reqwest::Method;
use serde_json::Value;

use crate::{
    helpers::{TestStorage, eventually, own_details, spawn_app_with, storage_args},
    process::Instance,
};

/// A free port on loopback (taken and given back; nothing else here binds at random).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

/// The samples of a Prometheus text exposition: `name{labels}` to value.
fn samples(text: &str) -> HashMap<String, f64> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            Some((series.to_owned(), value.parse().ok()?))
        })
        .collect()
}

/// The sum of every sample of `name` whose labels contain each of `labels`.
fn total(samples: &HashMap<String, f64>, name: &str, labels: &[&str]) -> f64 {
    samples
        .iter()
        .filter(|(series, _)| {
            series.split('{').next() == Some(name) && labels.iter().all(|label| series.contains(label))
        })
        .map(|(_, value)| value)
        .sum()
}

async fn scrape(client: &reqwest::Client, port: u16) -> HashMap<String, f64> {
    let answer = client.get(format!("http://127.0.0.1:{port}/metrics")).send().await.expect("metrics answer");
    assert_eq!(answer.status(), 200);
    let content_type = answer.headers()["content-type"].to_str().expect("text").to_owned();
    assert!(content_type.starts_with("application/openmetrics-text"), "{content_type}");
    let text = answer.text().await.expect("the exposition");
    assert!(text.trim_end().ends_with("# EOF"), "a complete exposition");
    samples(&text)
}

#[tokio::test]
async fn metrics_are_served_on_their_own_listener_and_move_with_traffic() {
    let storage = TestStorage::new().await;
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let site =
        Instance::start(&storage.config, &["--metrics-listen", &listen, "--booking-rate-limit", "0"]).await;
    assert_eq!(site.get("/metrics").await.status(), 404, "not on the public listener");
    let before = scrape(&site.client, port).await;
    for name in [
        "trailerworks_page_cache_bytes",
        "trailerworks_page_cache_entries",
        "trailerworks_outbox_oldest_pending_age_seconds",
        "trailerworks_db_pool_connections",
        "trailerworks_db_pool_idle_connections",
        "trailerworks_db_pool_wait_seconds",
        "trailerworks_connections_open",
        "trailerworks_backup_last_success_timestamp_seconds",
        "trailerworks_bookings_stored_total",
        "trailerworks_sign_in_failures_total",
        "trailerworks_renders_total",
        "trailerworks_page_cache_hits_total",
        "trailerworks_page_cache_misses_total",
        "trailerworks_page_cache_evictions_total",
    ] {
        assert!(before.keys().any(|series| series.split('{').next() == Some(name)), "{name} is served");
    }
    assert!(total(&before, "trailerworks_outbox_deliveries", &["state=\"pending\""]) >= 0.0);

    for _ in 0..3 {
        assert_eq!(site.get("/about").await.status(), 200);
    }
    assert_eq!(site.get("/service-areas/aurora").await.status(), 200);
    assert_eq!(site.get("/no-such-page").await.status(), 404);
    assert_eq!(site.book("6a6b6c6d-metrics").await.status(), 201);
    assert_eq!(site.login("not the password").await.status(), 401);

    let after = scrape(&site.client, port).await;
    let moved = |name: &str, labels: &[&str]| total(&after, name, labels) - total(&before, name, labels);
    assert!(moved("trailerworks_http_requests_total", &["route=\"/about\"", "status=\"2xx\""]) >= 3.0);
    assert!(moved("trailerworks_http_requests_total", &["route=\"/service-areas/{city}\""]) >= 1.0);
    assert!(moved("trailerworks_http_requests_total", &["route=\"/api/bookings\"", "status=\"2xx\""]) >= 1.0);
    assert!(moved("trailerworks_http_requests_total", &["status=\"4xx\""]) >= 2.0);
    assert!(moved("trailerworks_http_request_duration_seconds_count", &["group=\"pages\""]) >= 5.0);
    assert!(moved("trailerworks_http_request_duration_seconds_count", &["group=\"api\""]) >= 2.0);
    assert!(moved("trailerworks_page_cache_hits_total", &[]) >= 2.0, "the repeated page came from the cache");
    assert!(moved("trailerworks_bookings_stored_total", &[]) == 1.0);
    assert!(moved("trailerworks_sign_in_failures_total", &[]) == 1.0);
    assert!(total(&after, "trailerworks_page_cache_bytes", &[]) > 0.0);
    assert!(total(&after, "trailerworks_db_pool_connections", &[]) >= 1.0);
    assert!(
        total(&after, "trailerworks_connections_open", &[]) >= 1.0,
        "the scraping client's own connection"
    );
    site.kill().await;
}

#[tokio::test]
async fn json_logs_give_every_request_a_line_with_its_id_which_the_answer_returns() {
    let storage = TestStorage::new().await;
    let site =
        Instance::start(&storage.config, &["--log-format", "json", "--trusted-proxies", "127.0.0.1"]).await;
    let answer = site.get("/services").await;
    let made = answer.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(!made.is_empty());
    let passed = site
        .client
        .get(format!("{}/api/page?path=/about", site.url))
        .header("x-request-id", "edge-7f3a.1")
        .send()
        .await
        .unwrap();
    assert_eq!(passed.headers()["x-request-id"], "edge-7f3a.1", "a trusted proxy's id is kept");

    let line = |id: &str| {
        site.log_lines()
            .iter()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .find(|entry| entry["request_id"] == id && entry["message"] == "request")
    };
    let mut found = None;
    for _ in 0..100 {
        found = line(&made);
        if found.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let entry = found.expect("a line");
    for field in ["timestamp", "level", "target", "message", "route", "status", "duration_ms"] {
        assert!(!entry[field].is_null(), "{field} in {entry}");
    }
    assert_eq!(entry["route"], "/services");
    assert_eq!(entry["status"], 200);
    assert_eq!(entry["level"], "INFO");
    let api = line("edge-7f3a.1");
    assert!(api.is_some_and(|entry| entry["route"] == "/api/page"), "logged by its route template");
    for line in site.log_lines() {
        assert!(serde_json::from_str::<Value>(&line).is_ok(), "every line is JSON: {line}");
    }
    site.kill().await;
}

#[tokio::test]
async fn backups_run_on_their_schedule_the_oldest_go_and_the_dashboard_says_when() {
    let backups = tempfile::tempdir().unwrap();
    let dir = backups.path().join("backups");
    let app = spawn_app_with(|config| {
        config.backups.backup_dir = Some(dir.clone());
        config.backups.backup_every = Duration::from_secs(1);
        config.backups.backup_keep = 2;
    })
    .await;
    let signed = app.signed_in_admin().await;
    eventually("three scheduled backups", || async {
        app.count("SELECT COUNT(*) FROM backup_runs WHERE ok").await >= 3
    })
    .await;
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .collect();
    assert!(names.len() <= 2, "the oldest beyond --backup-keep are removed: {names:?}");
    for name in &names {
        assert!(name.starts_with("trailerworks-20"), "named by time: {name}");
        assert!(dir.join(name).join("manifest.json").exists());
    }
    let desk: Value = app.admin(Method::GET, "/desk", &signed).send().await.unwrap().json().await.unwrap();
    assert_eq!(desk["backups"]["everySeconds"], 1);
    assert!(desk["backups"]["lastSuccessAt"].is_string());
    assert!(desk["backups"]["lastFailureAt"].is_null());
}

#[tokio::test]
async fn a_failing_scheduled_backup_is_reported_with_its_reason() {
    let backups = tempfile::tempdir().unwrap();
    // A file where the directory should be: every run fails.
    let dir = backups.path().join("not-a-directory");
    std::fs::write(&dir, b"x").unwrap();
    let app = spawn_app_with(|config| {
        config.backups.backup_dir = Some(dir.clone());
        config.backups.backup_every = Duration::from_secs(1);
    })
    .await;
    let signed = app.signed_in_admin().await;
    eventually("a failed run", || async {
        app.count("SELECT COUNT(*) FROM backup_runs WHERE NOT ok").await >= 1
    })
    .await;
    let desk: Value = app.admin(Method::GET, "/desk", &signed).send().await.unwrap().json().await.unwrap();
    assert!(desk["backups"]["lastFailureAt"].is_string(), "{desk}");
    assert!(desk["backups"]["lastError"].as_str().is_some_and(|error| !error.is_empty()));
    assert!(desk["backups"]["lastSuccessAt"].is_null());
}

/// `trailerworks doctor` with `storage` and `extra` flags: exit code and output (run without
/// blocking, so the stand-ins it checks keep answering).
pub async fn doctor(storage: &trailerworks::config::StorageConfig, extra: &[&str]) -> (bool, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .arg("doctor")
        .args(storage_args(storage))
        .args(extra)
        .env_remove("TRAILERWORKS_PUBLIC_URL")
        .output()
        .await
        .expect("doctor runs");
    (output.status.success(), String::from_utf8_lossy(&output.stdout).into_owned())
}

#[tokio::test]
async fn doctor_names_every_placeholder_still_shown_with_its_field() {
    let storage = TestStorage::new().await;
    let (passed, said) = doctor(&storage.config, &["--public-url", "https://www.example.com"]).await;
    assert!(!passed, "going live with placeholders fails the check");
    assert!(said.contains("FAIL  Site details: 6 placeholders to replace"), "{said}");
    for named in [
        "Phone (business.phone) is '(303) 555-0147'",
        "E-mail (business.email) is 'service@example.com'",
        "Social page (business.social_url)",
        "Financing provider (business.financing_provider) is 'Example Consumer Finance'",
        "Website credit (business.builder_name) is 'Example Web Studio'",
        "Home page video (hero.video_id)",
    ] {
        assert!(said.contains(named), "{named}: {said}");
    }
    let content = own_details();
    let (_, said) = doctor(
        &storage.config,
        &["--public-url", "https://www.example.com", "--content", content.to_str().unwrap()],
    )
    .await;
    assert!(said.contains("ok    Site details: no placeholder left"), "{said}");
}

#[tokio::test]
async fn doctor_passes_a_good_setup_and_names_each_fault_with_its_fix() {
    let storage = TestStorage::new().await;
    let (smtp, _) = crate::stand_ins::smtp().await;
    let hook = crate::stand_ins::webhook(0).await;
    let content = own_details();
    let (passed, said) = doctor(
        &storage.config,
        &[
            "--content",
            content.to_str().expect("a path"),
            "--public-url",
            "https://www.example.com",
            "--smtp-url",
            &smtp,
            "--mail-from",
            "bookings@example.com",
            "--notify-email",
            "owner@example.com",
            "--webhook-url",
            &hook.url,
            "--webhook-access-key",
            "key",
        ],
    )
    .await;
    assert!(passed, "{said}");
    assert!(
        said.contains("ok    E-mail") && said.contains("accepts the sender bookings@example.com"),
        "{said}"
    );
    assert!(said.contains("ok    Database") && said.contains("ok    Public URL"), "{said}");
    assert!(said.contains("All checks passed."));

    let closed = free_port();
    let (passed, said) = doctor(
        &storage.config,
        &[
            "--public-url",
            "http://127.0.0.1:8080",
            "--smtp-url",
            &format!("smtp://127.0.0.1:{closed}"),
            "--mail-from",
            "bookings@example.com",
            "--notify-email",
            "owner@example.com",
            "--webhook-url",
            &format!("http://127.0.0.1:{closed}/hook"),
            "--webhook-access-key",
            "key",
        ],
    )
    .await;
    assert!(!passed, "a failed check fails the command");
    for check in ["Public URL", "E-mail", "Webhook"] {
        assert!(said.contains(&format!("FAIL  {check}")), "{check} fails: {said}");
    }
    assert!(said.matches("Fix: ").count() >= 3, "each failure has its fix: {said}");
    assert!(said.contains("ok    Database"), "{said}");

    let open = tempfile::tempdir().unwrap();
    let shared = open.path().join("data");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let readable = trailerworks::config::StorageConfig { data_dir: shared.clone(), ..storage.config.clone() };
    let (passed, said) = doctor(&readable, &["--public-url", "https://www.example.com"]).await;
    assert!(!passed);
    assert!(
        said.contains("FAIL  Data directory") && said.contains(&format!("chmod 700 {}", shared.display())),
        "{said}"
    );
}
