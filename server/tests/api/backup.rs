//! `trailerworks backup`: a consistent copy while the server runs, which a new server can use.

use std::process::Command;

use reqwest::Method;
use serde_json::{Value, json};

use trailerworks::config::StorageConfig;

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, fresh_database, png, spawn_app, spawn_app_at, storage_args,
};

/// `trailerworks backup --to {target}` on the app's storage.
fn backup(storage: &StorageConfig, target: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .arg("backup")
        .args(storage_args(storage))
        .args(["--to", target.to_str().expect("a UTF-8 path")])
        .output()
        .expect("the backup runs")
}

/// Where a site restored from the backup in `target` keeps its data, as docs/deploy.md says:
/// the backup directory is the data directory (its images, and on SQLite its database); a
/// PostgreSQL dump is loaded with pg_restore into a new, empty database.
async fn restore(from: &StorageConfig, target: &std::path::Path) -> StorageConfig {
    let database_url = match &from.database_url {
        None => None,
        Some(_) => {
            let url = fresh_database().await.expect("a test PostgreSQL server");
            let dump = target.join(trailerworks::db::POSTGRES_DUMP);
            let restored = Command::new("pg_restore")
                .args(["--no-owner", "--dbname", &url, dump.to_str().expect("a UTF-8 path")])
                .output()
                .expect("pg_restore runs");
            assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
            Some(url)
        }
    };
    StorageConfig { data_dir: target.to_owned(), database_url, media_store: None }
}

fn booking(n: usize) -> Value {
    json!({
        "submissionId": format!("00000000-0000-4000-8000-{n:012}"),
        "name": format!("Visitor {n}"), "email": "visitor@example.com", "phone": "303-555-0100",
        "details": "", "answers": [], "website": "", "fillMs": 20000,
    })
}

#[tokio::test]
async fn a_backup_taken_while_bookings_arrive_restores_into_a_working_site() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let uploaded: Value = app.upload(&signed, "a.png", "image/png", png(64, 32)).await.json().await.unwrap();
    for n in 0..20 {
        assert_eq!(app.post_json("/api/bookings", &booking(n)).await.status().as_u16(), 201);
    }

    // Bookings keep arriving while the backup runs.
    let writer = {
        let (client, url) = (app.client.clone(), app.url.clone());
        tokio::spawn(async move {
            for n in 20..120 {
                let response =
                    client.post(format!("{url}/api/bookings")).json(&booking(n)).send().await.unwrap();
                assert_eq!(response.status().as_u16(), 201, "no booking is refused while the backup runs");
            }
        })
    };
    let backup_dir = tempfile::tempdir().unwrap();
    let target = backup_dir.path().join("copy");
    let output = backup(&app.storage, &target);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    writer.await.unwrap();

    // A second backup into the same place is refused rather than mixed.
    assert!(!backup(&app.storage, &target).status.success());

    let restored = spawn_app_at(restore(&app.storage, &target).await, |_| {}).await;
    let signed = restored.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let inbox: Value =
        restored.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    let count = inbox["bookings"].as_array().unwrap().len();
    assert!((20..=120).contains(&count), "the snapshot holds the bookings made before it: {count}");
    let image = restored.get(uploaded["url"].as_str().unwrap()).await;
    assert_eq!(image.status().as_u16(), 200);
}
