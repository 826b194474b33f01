//! Start-up: health, the data directory and the content file.

use trailerworks::startup::Application;

use crate::helpers::{TestStorage, spawn_app, spawn_app_on, test_config};

#[tokio::test]
async fn healthz_says_alive_and_readyz_says_ready() {
    let app = spawn_app().await;
    let alive = app.get("/healthz").await;
    assert_eq!(alive.status(), 200);
    assert_eq!(alive.text().await.unwrap(), "ok");
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 200);
    assert_eq!(ready.text().await.unwrap(), "ready");
}

#[tokio::test]
async fn the_database_is_created_and_migrated_on_first_start() {
    let app = spawn_app().await;
    if app.storage.database_url.is_none() {
        assert!(app.storage.data_dir.join(trailerworks::db::FILE_NAME).exists());
    }
    assert!(app.count("SELECT COUNT(*) FROM _sqlx_migrations WHERE success = TRUE").await >= 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM users").await, 0);
}

#[tokio::test]
async fn a_database_a_newer_binary_migrated_still_opens_for_this_one() {
    let storage = TestStorage::new().await;
    let db = storage.db().await;
    let checksum = if storage.config.database_url.is_some() { "decode('00', 'hex')" } else { "X'00'" };
    trailerworks::with_db!(&db, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (99990101000000, 'added by a newer binary', TRUE, {checksum}, 0)"
        )))
        .execute(pool)
        .await
        .expect("a newer migration is recorded");
    });
    db.close().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    assert_eq!(app.get("/readyz").await.status(), 200, "expand-then-contract: the older binary runs on");
}

#[tokio::test]
async fn a_bad_content_file_is_rejected_with_a_message_naming_the_field() {
    let storage = TestStorage::new().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let content = include_str!("../../../content/site.toml").replace("rating = 5", "rating = 9");
    let path = dir.path().join("site.toml");
    std::fs::write(&path, content).expect("write");
    let mut config = test_config(storage.config.clone());
    config.content = Some(path.clone());

    let error = Application::build(&config).await.err().expect("start-up fails");
    let message = format!("{error:#}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("testimonials[0].rating: must be between 1 and 5"), "{message}");
}

#[tokio::test]
async fn a_content_file_that_is_not_toml_is_rejected_with_its_line() {
    let storage = TestStorage::new().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("site.toml");
    std::fs::write(&path, "[business\nname = 1").expect("write");
    let mut config = test_config(storage.config.clone());
    config.content = Some(path);
    let message = format!("{:#}", Application::build(&config).await.err().expect("start-up fails"));
    assert!(message.contains("line 1"), "{message}");
}
