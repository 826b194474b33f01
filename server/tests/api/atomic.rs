//! A change and its audit line commit together: a failure injected into the audit log's write
//! (a trigger that refuses one action) leaves neither the change nor its line.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::{db::Pool, with_db};

use crate::{
    bookings::booking,
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, spawn_app},
};

/// Makes the audit log refuse lines of `action` (on either database).
async fn refuse_audit(app: &TestApp, action: &str) {
    let db = app.db().await;
    let statements = match &db.pool {
        Pool::Sqlite(_) => vec![format!(
            "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN NEW.action = '{action}'
             BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
        )],
        Pool::Postgres(_) => vec![
            format!(
                "CREATE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN
                 IF NEW.action = '{action}' THEN RAISE EXCEPTION 'injected failure'; END IF;
                 RETURN NEW; END $$ LANGUAGE plpgsql"
            ),
            "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()"
                .to_owned(),
        ],
    };
    with_db!(&db, |pool| {
        for statement in statements {
            sqlx::query(sqlx::AssertSqlSafe(statement)).execute(pool).await.expect("the trigger is made");
        }
    });
}

async fn audit_actions(app: &TestApp) -> Vec<String> {
    app.rows::<(String,)>("SELECT action FROM audit_log ORDER BY id")
        .await
        .into_iter()
        .map(|(a,)| a)
        .collect()
}

#[tokio::test]
async fn a_status_whose_audit_line_fails_is_not_set() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let created = app.post_json("/api/bookings", &booking("7e8f9a0b-atomic-status")).await;
    let id = created.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    refuse_audit(&app, "booking-status-changed").await;

    let refused = app
        .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "contacted" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(refused.status(), 500);
    let body: Value = refused.json().await.expect("JSON");
    assert!(body["error"].as_str().is_some_and(|e| e.contains("tell us this reference")), "{body}");
    let stored: Vec<(String, Option<String>)> =
        app.rows("SELECT status, first_response_at FROM bookings").await;
    assert_eq!(stored, [("new".to_owned(), None)], "neither the status nor its first response");
    assert_eq!(app.count("SELECT COUNT(*) FROM booking_events").await, 0, "nor its history");
    assert!(!audit_actions(&app).await.contains(&"booking-status-changed".to_owned()));
}

#[tokio::test]
async fn a_post_whose_audit_line_fails_is_not_created() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    refuse_audit(&app, "post-created").await;
    let body = json!({
        "title": "Winter Storage",
        "slug": "winter-storage",
        "excerpt": "Before the snow.",
        "content": "<p>Grease the hitch.</p>",
        "published": true,
    });
    let refused = app.admin(Method::POST, "/posts", &signed).json(&body).send().await.expect("a response");
    assert_eq!(refused.status(), 500);
    assert_eq!(app.count("SELECT COUNT(*) FROM blog_posts").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM post_revisions").await, 0);
    let actions = audit_actions(&app).await;
    assert!(!actions.iter().any(|action| action.starts_with("post")), "{actions:?}");
    app.page("/blog/winter-storage", 404).await;
}

#[tokio::test]
async fn a_note_whose_audit_line_fails_is_not_kept() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let created = app.post_json("/api/bookings", &booking("7e8f9a0b-atomic-note")).await;
    let id = created.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    refuse_audit(&app, "booking-note-added").await;
    let refused = app
        .admin(Method::POST, &format!("/bookings/{id}/notes"), &signed)
        .json(&json!({ "body": "Called, no answer." }))
        .send()
        .await
        .expect("a response");
    assert_eq!(refused.status(), 500);
    assert_eq!(app.count("SELECT COUNT(*) FROM booking_notes").await, 0);
    let answered: Vec<(Option<String>,)> = app.rows("SELECT first_response_at FROM bookings").await;
    assert_eq!(answered, [(None,)], "nor does it answer the request");
}

#[tokio::test]
async fn a_password_change_whose_audit_line_fails_changes_nothing() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let other = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    refuse_audit(&app, "password-changed").await;
    let refused = app
        .admin(Method::PUT, "/account/password", &signed)
        .json(&json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "a brand new long secret" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(refused.status(), 500);
    assert_eq!(app.session_email(&other).await.as_deref(), Some(ADMIN_EMAIL), "no session ended");
    app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(app.login(ADMIN_EMAIL, "a brand new long secret").await.status(), 401);
}

#[tokio::test]
async fn site_details_whose_audit_line_fails_are_not_saved() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    refuse_audit(&app, "site-changed").await;
    let body = app.admin_json("/site", &signed).await;
    let mut site = body["site"].clone();
    site["business"]["phone"] = "(720) 555-2188".into();
    let refused = app
        .admin(Method::PUT, "/site", &signed)
        .json(&json!({ "version": body["version"], "site": site }))
        .send()
        .await
        .expect("a response");
    assert_eq!(refused.status(), 500);
    assert_eq!(app.count("SELECT COUNT(*) FROM site_versions").await, 0, "not even the first version");
    assert!(!app.page("/contact", 200).await.contains("(720) 555-2188"), "the pages show the old phone");
}
