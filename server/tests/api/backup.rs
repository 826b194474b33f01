//! Backups and the restore drill: a copy made while bookings arrive, put back by
//! `trailerworks restore` into a new place, where a server finds every acknowledged booking,
//! every post and image and the site details (on SQLite, and on PostgreSQL + S3 when the test
//! run gives them). A damaged copy and an occupied place are refused.

use std::process::Command;

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use reqwest::Method;
use serde_json::{Value, json};

use trailerworks::config::StorageConfig;

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, empty_database, png, spawn_app, spawn_app_at, storage_args,
};

/// `trailerworks {command} {args}` on `storage`.
fn cli(command: &str, storage: &StorageConfig, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .arg(command)
        .args(storage_args(storage))
        .args(args)
        .output()
        .expect("the CLI runs")
}

fn path(dir: &std::path::Path) -> &str {
    dir.to_str().expect("a UTF-8 path")
}

/// A new, empty place of the same kind as `like`: a data directory, and on PostgreSQL + S3 a new
/// database and a new prefix in the bucket.
async fn empty_place(like: &StorageConfig, data_dir: std::path::PathBuf) -> StorageConfig {
    let database_url = match &like.database_url {
        Some(_) => Some(empty_database().await.expect("a test PostgreSQL server").into()),
        None => None,
    };
    let media_store = like.media_store.as_ref().map(|store| {
        let bucket = store.split('/').take(3).collect::<Vec<_>>().join("/");
        format!("{bucket}/restored-{:016x}", OsRng.next_u64())
    });
    StorageConfig { data_dir, database_url, media_store }
}

fn booking(n: usize) -> Value {
    json!({
        "submissionId": format!("00000000-0000-4000-8000-{n:012}"),
        "name": format!("Visitor {n}"), "email": "visitor@example.com", "phone": "303-555-0100",
        "details": "", "answers": [], "website": "", "fillMs": 20000,
    })
}

#[tokio::test]
async fn the_restore_drill_finds_every_acknowledged_booking_post_image_and_site_detail() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let uploaded: Value = app.upload(&signed, "a.png", "image/png", png(64, 32)).await.json().await.unwrap();
    let image = uploaded["url"].as_str().unwrap().to_owned();
    for n in 0..3 {
        let post = json!({
            "title": format!("Winter check {n}"), "slug": format!("winter-check-{n}"), "excerpt": "Before the snow.",
            "content": format!("<p>Check the brakes.</p><img src=\"{image}\" alt=\"A trailer\">"),
            "featuredImage": image, "published": true,
        });
        assert_eq!(
            app.admin(Method::POST, "/posts", &signed).json(&post).send().await.unwrap().status(),
            201
        );
    }
    let site: Value = app.admin(Method::GET, "/site", &signed).send().await.unwrap().json().await.unwrap();
    let mut details = site["site"].clone();
    details["business"]["phone"] = "(720) 555-2123".into();
    let saved = app
        .admin(Method::PUT, "/site", &signed)
        .json(&json!({ "version": site["version"], "site": details }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    for n in 0..20 {
        assert_eq!(app.post_json("/api/bookings", &booking(n)).await.status().as_u16(), 201);
    }

    // Bookings keep arriving while the backup runs; each one acknowledged before it started
    // must be in the copy.
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
    let backups = tempfile::tempdir().unwrap();
    let copy = backups.path().join("copy");
    let made = cli("backup", &app.storage, &["--to", path(&copy)]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    writer.await.unwrap();
    assert!(
        !cli("backup", &app.storage, &["--to", path(&copy)]).status.success(),
        "a second backup is not mixed in"
    );

    let place = empty_place(&app.storage, backups.path().join("restored")).await;
    let restored = cli("restore", &place, &["--from", path(&copy)]);
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    let again = cli("restore", &place, &["--from", path(&copy)]);
    assert!(!again.status.success(), "a place that holds data is refused");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("empty"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    let site = spawn_app_at(place, |_| {}).await;
    let signed = site.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let stored: Vec<String> = site
        .rows::<(String,)>("SELECT submission_id FROM bookings")
        .await
        .into_iter()
        .map(|(id,)| id)
        .collect();
    for n in 0..20 {
        let id = booking(n)["submissionId"].as_str().unwrap().to_owned();
        assert!(stored.contains(&id), "booking {n}, acknowledged before the backup, is restored");
    }
    assert!(stored.len() <= 120);
    for n in 0..3 {
        let page = site.page(&format!("/blog/winter-check-{n}"), 200).await;
        assert!(page.contains(&format!("Winter check {n}")));
    }
    assert_eq!(site.get(&image).await.status(), 200, "the image is restored");
    assert!(site.page("/about", 200).await.contains("(720) 555-2123"), "the site details are restored");
    let inbox: Value =
        site.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    assert!(inbox["bookings"].as_array().is_some_and(|list| !list.is_empty()));
}

#[tokio::test]
async fn a_damaged_or_incomplete_copy_is_refused_before_anything_is_written() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let uploaded: Value = app.upload(&signed, "a.png", "image/png", png(64, 32)).await.json().await.unwrap();
    let name = uploaded["url"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let backups = tempfile::tempdir().unwrap();
    let copy = backups.path().join("copy");
    assert!(cli("backup", &app.storage, &["--to", path(&copy)]).status.success());

    let image = copy.join("blog-images").join(&name);
    let mut bytes = std::fs::read(&image).unwrap();
    bytes[10] ^= 0xff;
    std::fs::write(&image, bytes).unwrap();
    let place = empty_place(&app.storage, backups.path().join("restored")).await;
    let refused = cli("restore", &place, &["--from", path(&copy)]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("damaged") && said.contains(&name), "{said}");
    assert!(!place.data_dir.join("trailerworks.db").exists(), "nothing was written");

    std::fs::remove_file(copy.join("manifest.json")).unwrap();
    let refused = cli("restore", &place, &["--from", path(&copy)]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a complete trailerworks backup"));
}
